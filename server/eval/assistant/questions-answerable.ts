// Questions the corpus answers: the page (or the order) that answers each, and the fact the
// first citation must hold. Worded unlike the source on purpose.
import type { Answerable } from './questions.ts'

const doc = (id: string, question: string, d: string, page: number, facts: string[], asset?: string): Answerable =>
  ({ id, question, expected: { doc: d, page }, facts, ...(asset ? { asset } : {}) })
const order = (id: string, question: string, key: string, facts: string[], asset?: string): Answerable =>
  ({ id, question, expected: { order: key }, facts, ...(asset ? { asset } : {}) })
const history = (id: string, question: string, asset: string, situations: string[], facts: string[], withAsset = true): Answerable =>
  ({ id, question, expected: { history: { asset, situations } }, facts, ...(withAsset ? { asset } : {}) })

const M = 'motrane-machine', K = 'kinetra-kx3', A = 'ascenda-ad20', H = 'hydrolis-hu60', V = 'vertika-lv8', F = 'filacier-fs', P = 'motrane-plan'

export const ANSWERABLE: Answerable[] = [
  // Motrane machine and brake
  doc('A01', 'c\'est quoi le jeu a regler sur le frein du MG250 ?', M, 3, ['0,3 à 0,5 mm']),
  doc('A02', 'ENTREFER FREIN MG400', M, 3, ['0,4 à 0,6 mm']),
  doc('A03', 'quel entrefer pour le frein de cet appareil ?', M, 3, ['0,4 à 0,6 mm'], 'BLV-2'),
  doc('A04', 'a partir de combien d\'entrefer faut il refaire le reglage du frein sur cette machine', M, 3, ['0,7 mm'], 'PLT-A1'),
  doc('A05', 'tension d\'alim bobine frein motrane mg250', M, 3, ['207 V']),
  doc('A06', 'epaisseur mini des garnitures de frein MG400 avant de les changer', M, 4, ['4 mm']),
  doc('A07', 'essai semestriel du frein motrane : on charge la cabine a combien ?', M, 4, ['125 %']),
  doc('A08', 'comment on fait le défreinage a la main sur un MG250 pour sortir des gens', M, 5, ['MT-LV2']),
  doc('A09', 'evacuation des passagers sur MG400, on peut prendre le levier ?', M, 5, ['BDE-24']),
  doc('A10', 'couple de serage vis de fixation du frein MG250', M, 6, ['45 N.m']),
  doc('A11', 'serrage des vis du frein sur une MG400 en Nm', M, 6, ['80 N.m']),
  doc('A12', 'a quel couple on serre les vis de la poulie de traction motrane', M, 6, ['95 N.m']),
  doc('A13', 'quelle graisse pour le palier de cette machine et tous les combien', M, 7, ['lithium EP2'], 'BLV-1'),
  doc('A14', 'temperature maxi d\'un roulement de machine Motrane en marche', M, 7, ['80 °C']),
  doc('A15', 'MG250 jusqu\'a quelle charge nominale', M, 2, ['450 à 1 000 kg']),
  doc('A16', 'plage de charge de la machine motrane MG400', M, 2, ['1 100 à 2 000 kg']),
  doc('A17', 'reference du kit de garnitures pour un MG400', M, 9, ['MT-KG400']),
  // Kinetra KX-3 fault codes and settings
  doc('A18', 'E301 sur KX-3 ça veut dire quoi', K, 6, ['Surchauffe du moteur']),
  doc('A19', 'e 301 kinetra que faire, combien de temps attendre', K, 6, ['20 minutes']),
  doc('A20', 'erreur 214 sur le kinetra', K, 4, ['porte palière ouvert en marche']),
  doc('A21', 'defaut E-203 affiché sur cet appareil', K, 4, ['Cellule de porte occultée'], 'BLV-1'),
  doc('A22', 'E-105 kinetra quelle batterie mettre', K, 2, ['24 V 7 Ah']),
  doc('A23', 'kx3 code E101', K, 2, ['Absence d\'une phase']),
  doc('A24', 'E-111 sur KX-3, c\'est quel contact', K, 3, ['limiteur de vitesse']),
  doc('A25', 'armoire kinetra affiche E-308', K, 6, ['Glissement des câbles']),
  doc('A26', 'comment acquitter un defaut bloquant sur une KX-3 ?', K, 1, ['RESET']),
  doc('A27', 'ou voir l\'historique des pannes sur la KX-3', K, 1, ['32 derniers défauts']),
  doc('A28', 'tempo de porte ouverte par defaut sur kinetra', K, 8, ['3 secondes']),
  doc('A29', 'vitesse en inspection sur armoire KX-3', K, 8, ['0,3 m/s']),
  doc('A30', 'code E-322 sur l\'armoire kinetra', K, 7, ['téléalarme']),
  doc('A31', 'E-330 memoire corrompue que faire', K, 7, ['clé USB']),
  doc('A32', 'e-222 hors niveau kinetra tolerance', K, 5, ['20 mm']),
  // Ascenda AD20 door operator
  doc('A33', 'jeu entre le bas de la porte et le seuil sur ascenda AD20', A, 2, ['4 à 6 mm']),
  doc('A34', 'distance entre la came et les galets de serrure AD20', A, 2, ['8 ± 1 mm']),
  doc('A35', 'comment tendre la courroie de l\'operateur de porte de cet ascenseur', A, 3, ['10 mm'], 'PLT-B1'),
  doc('A36', 'on peut graisser le rail de l\'operateur ascenda ?', A, 3, ['Ne pas graisser le rail']),
  doc('A37', 'effort de fermeture maxi porte ascenda', A, 4, ['150 N']),
  doc('A38', 'comment faire l\'apprentissage de la course sur la carte DCU-20', A, 4, ['LRN']),
  doc('A39', 'rideau lumineux AD20 en combien de temps la porte doit se rouvrir', A, 5, ['0,5 seconde']),
  doc('A40', 'voyant rouge qui clignote sur le rideau de porte ascenda', A, 5, ['désalignés']),
  doc('A41', 'diametre mini des galets de suspension AD20', A, 6, ['38 mm']),
  // Hydrolis HU60 hydraulic unit
  doc('A42', 'quelle huile mettre dans la centrale Hydrolis HU60', H, 2, ['ISO VG 46']),
  doc('A43', 'huile pour cet appareil si le local est froid', H, 2, ['ISO VG 32'], 'CSM-1'),
  doc('A44', 'temperature de fonctionnement de l\'huile hydrolis', H, 2, ['15 à 60 °C']),
  doc('A45', 'code dechet huile usagee centrale hydraulique hydrolis', H, 3, ['13 01 10*']),
  doc('A46', 'tous les combien on vidange l\'huile sur ce type d\'ascenseur', H, 3, ['5 ans'], 'CSM-2'),
  doc('A47', 'tarage soupape de limitation de pression HU60', H, 5, ['1,4 fois']),
  doc('A48', 'fuite au verin hydrolis, a partir de quand on change le joint', H, 6, ['goutte par course']),
  doc('A49', 'couple de serrage des raccords de flexibles Hydrolis', H, 6, ['60 N.m']),
  doc('A50', 'clapet parachute hydrolis : il doit fermer a quelle vitesse', H, 5, ['0,3 m/s']),
  // Vertika LV8 governor and PV2 safety gear
  doc('A51', 'vitesse de déclenchement limiteur Vertika pour un asc à 1,6 m/s', V, 2, ['1,90 m/s']),
  doc('A52', 'limiteur LV8 declenchement en % de la vitesse nominale', V, 2, ['115 %']),
  doc('A53', 'diametre mini du cable de limiteur vertika', V, 3, ['5,6 mm']),
  doc('A54', 'jeu entre les coins du parachute PV2 et le guide', V, 4, ['2 à 3 mm']),
  doc('A55', 'comment rearmer le parachute vertika apres une prise', V, 4, ['bouton bleu']),
  doc('A56', 'essai annuel parachute PV2 inclinaison maxi du plancher', V, 5, ['5 %']),
  doc('A57', 'couple serrage vis du boitier parachute PV2', V, 6, ['210 N.m']),
  // Filacier ropes
  doc('A58', 'combien de fils cassés pour deposer les cables filacier', F, 2, ['6 fils cassés']),
  doc('A59', 'diametre minimum des cables de traction de cet appareil (FS10)', F, 2, ['9,4 mm'], 'BLV-2'),
  doc('A60', 'ecart de tension admissible entre les cables de suspension filacier', F, 4, ['± 10 %']),
  doc('A61', 'quel lubrifiant pour les cables filacier', F, 5, ['FL-20']),
  doc('A62', 'comment mesurer le diametre d\'un cable FS8', F, 3, ['pied à coulisse']),
  // Motrane maintenance plan and the five-yearly inspection
  doc('A63', 'precision d\'arret toleree sur un ascenseur motrane', P, 2, ['± 10 mm']),
  doc('A64', 'preparation controle quinquennal motrane : quels documents presenter', P, 4, ['carnet d\'entretien']),
  doc('A65', 'combien de masses d\'essai pour un appareil de 630 kg', P, 4, ['790 kg']),
  doc('A66', 'valeur mini de l\'isolement au controle technique motrane', P, 4, ['0,5 mégohm']),
  doc('A67', 'quelle huile pour les graisseurs des guides motrane', P, 3, ['ISO VG 68']),
  doc('A68', 'delai pour lever les observations de securite apres le controle quinquennal motrane', P, 5, ['3 mois']),
  // Past interventions: closed reports
  order('R01', 'on a deja eu de la flotte dans la fosse de cet asc ?', 'L01', ['pompe de relevage'], 'PLT-A1'),
  order('R02', 'le cable du limiteur a deja ete change sur cet appareil ?', 'L02', ['toron'], 'BLV-2'),
  order('R03', 'deja changé le joint du verin ici ?', 'L03', ['HY-JT-60'], 'CSM-1'),
  order('R04', 'est-ce que des rats ou souris ont deja abime des cables en gaine ?', 'L04', ['rongeurs']),
  order('R05', 'courroie de l\'operateur deja cassee sur cet appareil ?', 'L05', ['AD-CR-20'], 'PLT-B1'),
  order('R06', 'teleallarme 2G qui ne marche plus, deja vu ?', 'L06', ['4G']),
  order('R07', 'asc hydraulique tres lent le matin quand il fait froid, deja eu le cas ?', 'L07', ['réchauffeur']),
  order('R08', 'historique glissement des cables sur cet appareil', 'L08', ['gorges'], 'BLV-1'),
  order('R09', 'la boite a boutons de la cabine a deja ete vandalisee ici ?', 'L09', ['arrachée'], 'PLT-A1'),
  order('R10', 'porte paliere percutee par un chariot, ca s\'est deja produit ?', 'L10', ['chariot']),
  order('R11', 'quel entrefer on avait mesure quand le frein claquait sur cet appareil ?', 'L11', ['0,9 mm'], 'BLV-2'),
  order('R12', 'comment on avait sorti la personne bloquee pendant la coupure de courant sur l\'hydraulique ?', 'L12', ['vanne manuelle']),
  order('R13', 'deja eu un nid de guepes en machinerie ?', 'L13', ['guêpes']),
  order('R14', 'perte codeur E-220 deja rencontree sur cet appareil ?', 'L14', ['codeur'], 'PST-3'),
  order('R15', 'en quelle version on a mis a jour le logiciel de la KX-3 ?', 'L15', ['4.2']),
  history('R16', 'a-t-on deja eu un pb de cellule de porte sur cet appareil ?', 'PLT-B1', ['curtain-dirty', 'curtain-dead'], ['cellule']),
  history('R17', 'des fuites d\'huile ont deja ete signalees sur cet ascenseur ?', 'CSM-2', ['oil-leak'], ['huile']),
  history('R18', 'bouton d\'appel palier vandalisé, déjà arrivé ici ?', 'PST-2', ['landing-button-vandal'], ['bouton']),
]
