// Hand-written closed orders, each about something that happened once (a storm flooding a pit,
// wasps, a delivery trolley…): the history questions point at exactly one of them. Their
// telling words appear in no generated order (orders-situations.ts).
import type { OrderSpec } from './orders.ts'

const codes = (symptom: string, component: string, cause: string, action: string, result: string, circumstance: string) =>
  ({ symptom, component, cause, action, result, circumstance })

export const LANDMARKS: OrderSpec[] = [
  {
    key: 'L01', asset: 'PLT-A1', source: 'phone', requesterName: 'Mme Nicole Perrin',
    description: 'Asc à l\'arrêt ce matin, gardienne signale de l\'eau au fond',
    notes: 'Infiltration d\'eau en cuvette après l\'orage de la nuit, env. 20 cm d\'eau. Pompe de relevage HS. Contact de serrure palière niveau -1 oxydé. Cuvette vidée, serrure séchée et nettoyée, asc remis en service provisoire. Syndic à prévenir pour la pompe. Appelé Sophie Moreau au +33 6 71 22 33 44.',
    labels: codes('Appareil à l\'arrêt', 'Serrure palière', 'Infiltration d\'eau', 'Nettoyage', 'Remis en service provisoire', 'Astreinte nuit et week-end'),
  },
  {
    key: 'L02', asset: 'BLV-2', source: 'direct',
    description: 'Limiteur de vitesse : câble à contrôler (observation visite)',
    notes: 'Câble du limiteur Vertika effiloché, un toron cassé au niveau de la poulie tendeuse. Remplacement du câble 6 mm complet, essai de déclenchement du limiteur OK, parachute essayé à vide OK.',
    labels: codes('Bruit anormal en gaine', 'Limiteur de vitesse', 'Usure', 'Remplacement', 'Remis en service', 'Visite d\'entretien'),
  },
  {
    key: 'L03', asset: 'CSM-1', source: 'direct',
    description: 'Grosse fuite d\'huile au vérin, bac de récupération plein',
    notes: 'Joint de tête de vérin HS. Remplacement du joint de tête (kit HY-JT-60). 15 L d\'huile récupérés, évacués avec BSD. Niveau refait en ISO VG 46.',
    labels: codes('Fuite d\'huile', 'Centrale hydraulique', 'Usure', 'Remplacement', 'Remis en service', 'Visite d\'entretien'),
  },
  {
    key: 'L04', asset: 'BLV-1', source: 'portal',
    description: 'Le bouton d\'appel du 4e étage ne fonctionne plus',
    notes: 'Câbles de la boîte à boutons palière du 4e rongés par des rongeurs en gaine. Reprise du câblage et pose de grilles. Dératisation demandée à la régie (Patrick Chevalier informé).',
    labels: codes('Bouton d\'appel inopérant', 'Boutons palières', 'Pièce cassée', 'Réparation', 'Remis en service', 'Appel client'),
  },
  {
    key: 'L05', asset: 'PLT-B1', source: 'direct',
    description: 'pte cab ne s ouvre plus du tout',
    notes: 'Courroie de l\'opérateur Ascenda AD20 cassée. Remplacée par la réf. AD-CR-20, nouvel apprentissage LRN, tension de la courroie vérifiée.',
    labels: codes('Portes cabine ne s\'ouvrent pas', 'Opérateur de porte cabine', 'Usure', 'Remplacement', 'Remis en service', 'Appel client'),
  },
  {
    key: 'L06', asset: 'PST-1', source: 'direct',
    description: 'Téléalarme muette au test du centre d\'appel',
    notes: 'Transmetteur GSM 2G obsolète depuis l\'arrêt du réseau 2G. Remplacement par un module 4G, test d\'appel OK avec le centre.',
    labels: codes('Téléalarme en défaut', 'Téléalarme', 'Pièce cassée', 'Remplacement', 'Remis en service', 'Appel téléalarme'),
  },
  {
    key: 'L07', asset: 'CSM-2', source: 'phone', requesterName: 'Fatima Haddad',
    description: 'Ascenseur très lent le matin, arrêts hors niveau',
    notes: 'Local machinerie à 8 °C, huile trop froide. Le réchauffeur d\'huile était débranché (prise arrachée). Rebranché, fonctionnement normal après 30 min.',
    labels: codes('Arrêt hors niveau', 'Centrale hydraulique', 'Mauvaise utilisation', 'Réparation', 'Remis en service', 'Signalement gardien'),
  },
  {
    key: 'L08', asset: 'BLV-1', source: 'direct',
    description: 'Appareil bloqué en E-308',
    notes: 'Défaut E-308 glissement des câbles. Gorges de la poulie de traction MG400 usées, câbles qui patinent. Appareil laissé à l\'arrêt, remplacement poulie à chiffrer.',
    labels: codes('Appareil à l\'arrêt', 'Machine de traction', 'Usure', 'Consignation', 'Devis à établir', 'Appel client'),
  },
  {
    key: 'L09', asset: 'PLT-A1', source: 'phone', requesterName: 'Sophie Moreau',
    description: 'Cabine vandalisée cette nuit',
    notes: 'Miroir cabine brisé et boîte à boutons cabine arrachée. Plainte déposée par le syndic. Boîte à boutons remplacée, miroir à commander.',
    labels: codes('Bouton d\'appel inopérant', 'Boîte à boutons cabine', 'Vandalisme', 'Remplacement', 'Remis en service', 'Signalement gardien'),
  },
  {
    key: 'L10', asset: 'PST-2', source: 'direct',
    description: 'Porte palière RDC sortie de son rail',
    notes: 'Porte palière du RDC percutée par un chariot de livraison de la pharmacie. Vantail sorti du rail, sabot cassé. Sabot remplacé, porte réglée.',
    labels: codes('Portes palières ne se ferment pas', 'Porte palière', 'Mauvaise utilisation', 'Remplacement', 'Remis en service', 'Appel client'),
  },
  {
    key: 'L11', asset: 'BLV-2', source: 'direct',
    description: 'Claquement du frein au démarrage',
    notes: 'Claquement frein MG400 au desserrage. Entrefer mesuré à 0,9 mm sur le circuit 2, réglé à 0,5 mm sur les deux circuits, contre-écrous resserrés.',
    labels: codes('Bruit anormal en gaine', 'Frein machine', 'Déréglage', 'Réglage', 'Remis en service', 'Visite d\'entretien'),
  },
  {
    key: 'L12', asset: 'CSM-1', source: 'phone', requesterName: 'Fatima Haddad', personBlocked: true,
    description: 'Personne bloquée, panne de courant dans tout le quartier',
    notes: 'Coupure de courant générale du quartier. Personne bloquée entre RDC et 1er. Descente de secours par la vanne manuelle de la centrale, portes ouvertes au RDC, personne sortie en 25 min.',
    labels: codes('Personne bloquée en cabine', 'Centrale hydraulique', 'Coupure d\'alimentation', 'Dégagement de personne', 'Remis en service', 'Après coupure de courant'),
  },
  {
    key: 'L13', asset: 'PLT-B1', source: 'direct',
    description: 'Insectes en machinerie, technicien piqué',
    notes: 'Nid de guêpes dans la machinerie, au-dessus de l\'armoire. Désinsectisation faite par l\'entreprise mandatée, intervention reprise le lendemain.',
    labels: codes('Appareil à l\'arrêt', 'Armoire de commande', 'Cause non identifiée', 'Nettoyage', 'Intervention à programmer', 'Visite d\'entretien'),
  },
  {
    key: 'L14', asset: 'PST-3', source: 'direct',
    description: 'Asc en défaut E-220 plusieurs fois par semaine',
    notes: 'Perte du signal codeur, codeur moteur desserré sur son axe. Codeur resserré et recalage effectué.',
    labels: codes('Appareil à l\'arrêt', 'Machine de traction', 'Déréglage', 'Serrage', 'Remis en service', 'Appel client'),
  },
  {
    key: 'L15', asset: 'BLV-1', source: 'direct',
    description: 'Défaut E-330 mémoire armoire',
    notes: 'E-330 mémoire des paramètres corrompue. Sauvegarde rechargée puis mise à jour du logiciel KX-3 en version 4.2 par le support Kinetra. Paramètres contrôlés.',
    labels: codes('Appareil à l\'arrêt', 'Armoire de commande', 'Défaut électronique', 'Mise à jour du paramétrage', 'Remis en service', 'Astreinte nuit et week-end'),
  },
  {
    key: 'L16', asset: 'PLT-A1', source: 'direct',
    description: 'Préparation du contrôle technique quinquennal',
    notes: 'Préparation du contrôle quinquennal : masses d\'essai commandées, carnet et rapport précédent rassemblés, occupants prévenus par affichage. Mesure d\'isolement faite. RAS.',
    labels: codes('Appareil à l\'arrêt', 'Armoire de commande', 'Cause non identifiée', 'Essais de fonctionnement', 'Aucun défaut constaté', 'Contrôle technique quinquennal'),
  },
]
