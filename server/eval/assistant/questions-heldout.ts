// Held-out descriptions for suggestBilan: written by hand, not among the seeded orders, in the
// style of a report typed on a phone. Result and circumstance are expected only where the text
// says them.
import type { FieldLabels, HeldOut } from './questions.ts'

const PB = 'Personne bloquée en cabine', STOP = 'Appareil à l\'arrêt', LANDING = 'Portes palières ne se ferment pas', CAR_DOORS = 'Portes cabine ne s\'ouvrent pas'
const LEVEL = 'Arrêt hors niveau', NOISE = 'Bruit anormal en gaine', VIB = 'Vibrations en cabine', BUTTON = 'Bouton d\'appel inopérant', ALARM = 'Téléalarme en défaut'
const JERK = 'Démarrages brusques', OIL = 'Fuite d\'huile', SKIP = 'Appareil ne dessert pas un niveau'
const OPERATOR = 'Opérateur de porte cabine', LOCK = 'Serrure palière', LDOOR = 'Porte palière', CURTAIN = 'Cellule de porte', CABINET = 'Armoire de commande'
const VFD = 'Variateur de fréquence', BRAKE = 'Frein machine', MACHINE = 'Machine de traction', ROPES = 'Câbles de traction', GOV = 'Limiteur de vitesse'
const GEAR = 'Parachute', LBUTTONS = 'Boutons palières', CBUTTONS = 'Boîte à boutons cabine', TA = 'Téléalarme', HYD = 'Centrale hydraulique'

let n = 0
const h = (description: string, symptom: string, component: string, cause: string, action: string, extra: Partial<FieldLabels> = {}): HeldOut =>
  ({ id: `H${String(++n).padStart(2, '0')}`, description, expected: { symptom, component, cause, action, ...extra } })

export const HELD_OUT: HeldOut[] = [
  h('Personne coincée dans la cab depuis 30 min, porte cabine qui ne s\'ouvre pas, opérateur déréglé. Sortie de la personne puis réglage, asc remis en service', PB, OPERATOR, 'Déréglage', 'Dégagement de personne', { result: 'Remis en service' }),
  h('2 usagers bloqués pendant la coupure EDF, evacuation au niveau puis remise sous tension', PB, CABINET, 'Coupure d\'alimentation', 'Dégagement de personne', { circumstance: 'Après coupure de courant' }),
  h('alarme cabine recue au centre : monsieur enfermé dans l\'ascenseur, pte cab bloquée, reglage operateur apres liberation', PB, OPERATOR, 'Déréglage', 'Dégagement de personne', { circumstance: 'Appel téléalarme' }),
  h('porte paliere 3eme ne verrouille pas, crochet de serrure decale, reglé', LANDING, LOCK, 'Déréglage', 'Réglage'),
  h('pte palière du 1er reste entrebâillée, contact serrure mal aligné. réglage serrure. signalé par le gardien', LANDING, LOCK, 'Déréglage', 'Réglage', { circumstance: 'Signalement gardien' }),
  h('Cailloux dans le seuil du rdc, la porte palière ne fermait plus, nettoyage de la rainure', LANDING, LDOOR, 'Corps étranger dans le seuil', 'Nettoyage'),
  h('porte palière du bas bloquée par des gravillons dans le seuil, aspiré, RAS remis en service', LANDING, LDOOR, 'Corps étranger dans le seuil', 'Nettoyage', { result: 'Remis en service' }),
  h('porte cab qui se rouvre en boucle, cellule sale, nettoyée et réalignée', STOP, CURTAIN, 'Déréglage', 'Nettoyage'),
  h('asc immobilisé, rideau infrarouge poussiereux et decalé, nettoyage des lentilles', STOP, CURTAIN, 'Déréglage', 'Nettoyage'),
  h('cellule de porte morte, voyant rouge fixe, remplacée', STOP, CURTAIN, 'Usure', 'Remplacement'),
  h('barriere infrarouge HS, asc bloqué portes ouvertes, cellule neuve commandée, en attente piece', STOP, CURTAIN, 'Usure', 'Remplacement', { result: 'En attente de pièce' }),
  h('les portes de la cabine ne s\'ouvrent plus, moteur operateur grillé, changé', CAR_DOORS, OPERATOR, 'Usure', 'Remplacement'),
  h('porte cabine n\'ouvre pas aux étages, galets de l\'operateur usés, remplacement des galets', CAR_DOORS, OPERATOR, 'Usure', 'Remplacement'),
  h('cabine s\'arrete 4 cm trop bas, frein machine qui serre tard, reglage du frein', LEVEL, BRAKE, 'Déréglage', 'Réglage'),
  h('marche en sortie de cab au 5e, frein mal réglé, repris + essais, constaté lors de la visite', LEVEL, BRAKE, 'Déréglage', 'Réglage', { circumstance: 'Visite d\'entretien' }),
  h('ascenseur hydraulique s\'arrete au dessus du palier, nivelage mal réglé sur la centrale, réglé', LEVEL, HYD, 'Déréglage', 'Réglage'),
  h('cabine hydraulique qui redescend lentement a l\'arret, ralentissement de la centrale a reprendre, réglage fait', LEVEL, HYD, 'Déréglage', 'Réglage'),
  h('flaque d\'huile sous le groupe, flexible HP poreux, changé', OIL, HYD, 'Usure', 'Remplacement'),
  h('fuite huile centrale hydraulique, flexible a changer, piece commandée en attente', OIL, HYD, 'Usure', 'Remplacement', { result: 'En attente de pièce' }),
  h('grincement en gaine a la montee, palier machine sec, graissé', NOISE, MACHINE, 'Défaut de lubrification', 'Graissage'),
  h('bruit de frottement machine, manque de graisse roulement, graissage fait lors du préventif', NOISE, MACHINE, 'Défaut de lubrification', 'Graissage', { circumstance: 'Visite préventive' }),
  h('cabine qui vibre en montée, cables pas tendus pareil, égalisation des tensions', VIB, ROPES, 'Déréglage', 'Réglage'),
  h('tremblements en cab, un cable detendu, retendu aux tirants', VIB, ROPES, 'Déréglage', 'Réglage'),
  h('bruit en gaine, plusieurs fils cassés sur les cables de traction, remplacement à prévoir, observation du controle technique', NOISE, ROPES, 'Usure', 'Remplacement', { result: 'Intervention à programmer', circumstance: 'Contrôle technique quinquennal' }),
  h('bouton d\'appel palier du 2e brûlé (vandalisme), remplacé', BUTTON, LBUTTONS, 'Vandalisme', 'Remplacement'),
  h('bouton palier arraché au rdc, pose d\'un bouton neuf, signalé par la gardienne', BUTTON, LBUTTONS, 'Vandalisme', 'Remplacement', { circumstance: 'Signalement gardien' }),
  h('bouton 3 de la cabine ne répond plus, poussoir usé, changé', BUTTON, CBUTTONS, 'Usure', 'Remplacement'),
  h('touche cabine sans contact, remplacement du bouton cabine', BUTTON, CBUTTONS, 'Usure', 'Remplacement'),
  h('teleallarme en defaut au test cyclique, batterie morte, remplacée', ALARM, TA, 'Usure', 'Remplacement'),
  h('alarme cabine muette, accu HS, changé, test avec le centre ok', ALARM, TA, 'Usure', 'Remplacement'),
  h('asc HS depuis la coupure de courant de cette nuit, armoire en defaut, reset et essais', STOP, CABINET, 'Coupure d\'alimentation', 'Réarmement', { circumstance: 'Après coupure de courant' }),
  h('appareil arreté apres coupure secteur, relais de phases ouvert, rearmement de l\'armoire', STOP, CABINET, 'Coupure d\'alimentation', 'Réarmement', { circumstance: 'Après coupure de courant' }),
  h('variateur en défaut surintensité, réarmé, asc remis en service', STOP, VFD, 'Défaut électronique', 'Réarmement', { result: 'Remis en service' }),
  h('astreinte WE : ascenseur bloqué, code défaut variateur, reset du variateur', STOP, VFD, 'Défaut électronique', 'Réarmement', { circumstance: 'Astreinte nuit et week-end' }),
  h('démarrage brutal de la cabine, rampe d\'accel du variateur a corriger, modif des parametres', JERK, VFD, 'Déréglage', 'Mise à jour du paramétrage'),
  h('a-coups au demarrage, reparametrage de l\'acceleration du variateur', JERK, VFD, 'Déréglage', 'Mise à jour du paramétrage'),
  h('chaine de securite ouverte, contact limiteur deregle, rearme', STOP, GOV, 'Déréglage', 'Réarmement'),
  h('limiteur de vitesse déclenché sans raison, contact réglé et limiteur réarmé', STOP, GOV, 'Déréglage', 'Réarmement'),
  h('cabine sur parachute entre 2 niveaux apres demenagement, surchargée, rearmement du parachute', STOP, GEAR, 'Surcharge', 'Réarmement'),
  h('prise parachute, trop de monde dans la cabine, parachute réarmé et guides contrôlés', STOP, GEAR, 'Surcharge', 'Réarmement'),
  h('le 4e n\'est plus desservi, verrou de serrure palière cassé, serrure remplacée', SKIP, LOCK, 'Pièce cassée', 'Remplacement'),
  h('asc ne s\'arrete plus au 2, contact serrure casse, piece commandee en attente', SKIP, LOCK, 'Pièce cassée', 'Remplacement', { result: 'En attente de pièce' }),
  h('claquement frein au démarrage, garnitures usées, remplacement des garnitures', NOISE, BRAKE, 'Usure', 'Remplacement'),
  h('bruit metallique au freinage, ferodos en limite, kit posé, visite preventive', NOISE, BRAKE, 'Usure', 'Remplacement', { circumstance: 'Visite préventive' }),
  h('porte palière forcée par un résident, vantail sorti, remis en place et réglé', STOP, LDOOR, 'Mauvaise utilisation', 'Réglage'),
  h('porte du palier bloquée ouverte avec une cale pendant un démenagement, réglage de la porte', STOP, LDOOR, 'Mauvaise utilisation', 'Réglage'),
  h('signalé en panne mais fonctionne à l\'arrivée, essais OK, aucun défaut constaté', STOP, CABINET, 'Cause non identifiée', 'Essais de fonctionnement', { result: 'Aucun défaut constaté' }),
  h('rien trouvé, plusieurs cycles d\'essai, asc en service a l\'arrivee', STOP, CABINET, 'Cause non identifiée', 'Essais de fonctionnement', { result: 'Aucun défaut constaté' }),
  h('ferraille qui bouge sur le toit de cab, vis de l\'opérateur desserrées, resserrées', VIB, OPERATOR, 'Déréglage', 'Serrage'),
  h('vibrations porte cabine en marche, fixations opérateur à resserrer, serrage fait', VIB, OPERATOR, 'Déréglage', 'Serrage'),
  h('bruit de casse en machinerie, roulement machine éclaté, asc consigné à l\'arrêt par sécurité', NOISE, MACHINE, 'Pièce cassée', 'Consignation', { result: 'Mis à l\'arrêt en sécurité' }),
  h('gros bruit, palier machine détruit, consignation, appareil arrêté en sécurité, astreinte de nuit', NOISE, MACHINE, 'Pièce cassée', 'Consignation', { result: 'Mis à l\'arrêt en sécurité', circumstance: 'Astreinte nuit et week-end' }),
  h('eau dans le bouton palier apres nettoyage du hall, séché, remis en service provisoirement', STOP, LBUTTONS, 'Infiltration d\'eau', 'Nettoyage', { result: 'Remis en service provisoire' }),
  h('boitier palier rdc mouillé, court-circuit 24V, sechage et nettoyage', STOP, LBUTTONS, 'Infiltration d\'eau', 'Nettoyage'),
  h('défauts depuis la modernisation, paramétrage de l\'armoire incomplet, repris', STOP, CABINET, 'Défaut électronique', 'Mise à jour du paramétrage', { circumstance: 'Travaux de modernisation' }),
  h('le gardien signale une personne enfermée, porte cabine bloquée, opérateur à reprendre, personne libérée', PB, OPERATOR, 'Déréglage', 'Dégagement de personne', { circumstance: 'Signalement gardien' }),
]
