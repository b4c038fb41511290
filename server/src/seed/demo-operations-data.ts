// The daily operations of the demo company over the last year, as plain data: the standard
// maintenance tasks, the breakdowns a technician meets and how each is coded, the words of
// comments, cancellations and rejections. demo-operations.ts turns it into a history.
import type { ReportField } from '../modules/reference-values/reference-values.fields.ts'
import type { EQUIPMENT } from './demo-fleet.ts'

/** Task labels (lower case) that do not apply to an appliance of that family: ticked N-A. */
export const NOT_APPLICABLE: Partial<Record<keyof typeof EQUIPMENT, RegExp>> = {
  escalator: /porte|câble|parachute|limiteur|incontrôlés|cabine|téléalarme/,
  pmr: /câble|parachute|limiteur|incontrôlés/,
  hydraulic: /câble/,
}

type Family = keyof typeof EQUIPMENT
export type CodedReport = Record<ReportField, string>

/** A kind of breakdown: what the caller says, how the technician codes it. */
export interface Breakdown {
  says: string
  report: Omit<CodedReport, 'CIRCUMSTANCE'>
  families?: Family[]
  /** Ad-hoc checks ticked before the order can close. */
  checks?: string[]
}

const LIFTS: Family[] = ['traction', 'hydraulic', 'mrl', 'goods', 'pmr']
const DOORS: Family[] = ['traction', 'hydraulic', 'mrl', 'goods']

export const BREAKDOWNS: Breakdown[] = [
  { says: 'La porte palière du {floor} ne se referme plus, l’ascenseur reste bloqué à l’étage.', families: DOORS, report: { SYMPTOM: 'Portes palières ne se ferment pas', COMPONENT: 'Serrure palière', CAUSE: 'Déréglage', ACTION: 'Réglage', RESULT: 'Remis en service' } },
  { says: 'Les portes de la cabine ne s’ouvrent plus au rez-de-chaussée.', families: DOORS, checks: ['Essais d’ouverture et de fermeture (10 cycles)', 'Contrôle de la cellule de porte'], report: { SYMPTOM: 'Portes cabine ne s\'ouvrent pas', COMPONENT: 'Opérateur de porte cabine', CAUSE: 'Usure', ACTION: 'Remplacement', RESULT: 'Remis en service' } },
  { says: 'Appareil à l’arrêt depuis ce matin, plus aucun voyant.', report: { SYMPTOM: 'Appareil à l\'arrêt', COMPONENT: 'Armoire de commande', CAUSE: 'Coupure d\'alimentation', ACTION: 'Réarmement', RESULT: 'Remis en service' } },
  { says: 'La cabine s’arrête une dizaine de centimètres sous le palier, les résidents trébuchent.', families: LIFTS, report: { SYMPTOM: 'Arrêt hors niveau', COMPONENT: 'Frein machine', CAUSE: 'Déréglage', ACTION: 'Réglage', RESULT: 'Remis en service' } },
  { says: 'Le bouton d’appel du {floor} est arraché.', report: { SYMPTOM: 'Bouton d\'appel inopérant', COMPONENT: 'Boutons palières', CAUSE: 'Vandalisme', ACTION: 'Remplacement', RESULT: 'Remis en service' } },
  { says: 'Bruit de frottement métallique dans la gaine à chaque montée.', families: ['traction', 'mrl', 'goods'], report: { SYMPTOM: 'Bruit anormal en gaine', COMPONENT: 'Câbles de traction', CAUSE: 'Défaut de lubrification', ACTION: 'Graissage', RESULT: 'Remis en service' } },
  { says: 'Le voyant de la téléalarme clignote, le test hebdomadaire a échoué.', families: LIFTS, checks: ['Essai d’appel vers le centre 24/7'], report: { SYMPTOM: 'Téléalarme en défaut', COMPONENT: 'Téléalarme', CAUSE: 'Défaut électronique', ACTION: 'Remplacement', RESULT: 'Remis en service' } },
  { says: 'Plus d’éclairage dans la cabine.', families: LIFTS, report: { SYMPTOM: 'Éclairage cabine défaillant', COMPONENT: 'Boîte à boutons cabine', CAUSE: 'Usure', ACTION: 'Remplacement', RESULT: 'Remis en service' } },
  { says: 'Flaque d’huile au pied de la centrale, la cabine descend lentement.', families: ['hydraulic'], report: { SYMPTOM: 'Fuite d\'huile', COMPONENT: 'Centrale hydraulique', CAUSE: 'Usure', ACTION: 'Réparation', RESULT: 'Remis en service provisoire' } },
  { says: 'L’ascenseur ne part plus, les portes se rouvrent sans arrêt.', families: DOORS, report: { SYMPTOM: 'Appareil à l\'arrêt', COMPONENT: 'Cellule de porte', CAUSE: 'Corps étranger dans le seuil', ACTION: 'Nettoyage', RESULT: 'Remis en service' } },
  { says: 'Fortes vibrations en cabine entre deux étages.', families: ['traction', 'mrl', 'goods'], report: { SYMPTOM: 'Vibrations en cabine', COMPONENT: 'Machine de traction', CAUSE: 'Usure', ACTION: 'Essais de fonctionnement', RESULT: 'Devis à établir' } },
  { says: 'Démarrages très brusques, une résidente âgée a failli tomber.', families: ['traction', 'mrl'], report: { SYMPTOM: 'Démarrages brusques', COMPONENT: 'Variateur de fréquence', CAUSE: 'Défaut électronique', ACTION: 'Mise à jour du paramétrage', RESULT: 'Remis en service' } },
  { says: 'L’appareil ne dessert plus le {floor} depuis l’orage.', families: DOORS, report: { SYMPTOM: 'Appareil ne dessert pas un niveau', COMPONENT: 'Porte palière', CAUSE: 'Infiltration d\'eau', ACTION: 'Réparation', RESULT: 'Remis en service' } },
  { says: 'L’escalier s’est arrêté net, le bouton d’arrêt d’urgence n’a pas été touché.', families: ['escalator'], report: { SYMPTOM: 'Appareil à l\'arrêt', COMPONENT: 'Armoire de commande', CAUSE: 'Surcharge', ACTION: 'Réarmement', RESULT: 'Remis en service' } },
]

/** Trapped passengers: freed first, then diagnosed. */
export const TRAPPED: Breakdown[] = [
  { says: 'Personne bloquée en cabine entre le {floor} et l’étage au-dessus, appel reçu par la téléalarme.', checks: ['Dégagement de la personne', 'Essai de la téléalarme', 'Remise en service signalée au gardien'], report: { SYMPTOM: 'Personne bloquée en cabine', COMPONENT: 'Opérateur de porte cabine', CAUSE: 'Déréglage', ACTION: 'Dégagement de personne', RESULT: 'Remis en service' } },
  { says: 'Deux personnes bloquées dans la cabine après une coupure de courant.', checks: ['Dégagement de la personne', 'Essai de la téléalarme', 'Remise en service signalée au gardien'], report: { SYMPTOM: 'Personne bloquée en cabine', COMPONENT: 'Armoire de commande', CAUSE: 'Coupure d\'alimentation', ACTION: 'Dégagement de personne', RESULT: 'Remis en service' } },
]

/** What a preventive visit finds and codes (the closure needs a symptom, a cause and an action). */
export const VISIT_FINDINGS: Omit<CodedReport, 'CIRCUMSTANCE'>[] = [
  { SYMPTOM: 'Arrêt hors niveau', COMPONENT: 'Frein machine', CAUSE: 'Déréglage', ACTION: 'Réglage', RESULT: 'Remis en service' },
  { SYMPTOM: 'Bruit anormal en gaine', COMPONENT: 'Câbles de traction', CAUSE: 'Défaut de lubrification', ACTION: 'Graissage', RESULT: 'Remis en service' },
  { SYMPTOM: 'Portes palières ne se ferment pas', COMPONENT: 'Serrure palière', CAUSE: 'Corps étranger dans le seuil', ACTION: 'Nettoyage', RESULT: 'Remis en service' },
  { SYMPTOM: 'Éclairage cabine défaillant', COMPONENT: 'Boîte à boutons cabine', CAUSE: 'Usure', ACTION: 'Remplacement', RESULT: 'Remis en service' },
  { SYMPTOM: 'Vibrations en cabine', COMPONENT: 'Machine de traction', CAUSE: 'Usure', ACTION: 'Essais de fonctionnement', RESULT: 'Aucun défaut constaté' },
  { SYMPTOM: 'Bouton d\'appel inopérant', COMPONENT: 'Boutons palières', CAUSE: 'Usure', ACTION: 'Serrage', RESULT: 'Remis en service' },
]

export const FLOORS = ['2e étage', '3e étage', '4e étage', '5e étage', '6e étage', '1er étage']

export const ARRIVAL_COMMENTS = [
  'Arrivé sur place, appareil consigné le temps du diagnostic.',
  'Sur site. Le gardien confirme le défaut, je commence le diagnostic.',
  'Arrivée 20 min après l’appel, accès au local machine par la clé du gardien.',
]
export const CLOSING_COMMENTS = [
  'Remis en service, essais sur tous les niveaux concluants. Gardien prévenu.',
  'Pièce remplacée avec le stock du véhicule. Essais OK.',
  'Réglage effectué, à surveiller lors de la prochaine visite.',
  'Défaut récurrent sur ce modèle : prévoir le remplacement à la prochaine modernisation.',
]
export const DISPATCH_COMMENTS = [
  'Le gardien demande un passage avant 18 h si possible.',
  'Client prévenu du délai d’intervention.',
  'Deuxième appel du syndic pour le même défaut.',
]

export const CANCEL_REASONS = [
  'Fonctionnement normal constaté à l’arrivée : appel sans objet.',
  'Doublon : panne déjà prise en charge par l’astreinte.',
  'Intervention réalisée par le fabricant au titre de la garantie.',
  'Devis refusé par le syndic, intervention annulée.',
]

export const REJECTION_REASONS = [
  'Fonctionnement normal constaté par le gardien, demande sans objet.',
  'Déjà signalé : un ordre de travail est en cours sur cet appareil.',
  'Éclairage du palier : relève de l’entretien des parties communes, pas de l’ascenseur.',
  'Appareil hors contrat : un devis a été transmis au syndic.',
]

/** What people report through the QR code or the app, and who (portal contacts). */
export const PORTAL_CONTACTS: { name: string; phone: string | null }[] = [
  { name: 'M. Bernard (3e étage)', phone: '06 44 12 87 30' },
  { name: 'Mme Rousseau', phone: null },
  { name: 'Un résident', phone: null },
  { name: 'Mme Nguyen (appt 52)', phone: '07 61 22 48 09' },
  { name: 'Cabinet médical du 2e', phone: '04 78 00 65 12' },
]

/**
 * The portal report printed in the README for trying the tracking page: its token is public
 * demo data (only its SHA-256 is stored, like every token). Its order is in progress.
 */
export const DEMO_TRACKING_TOKEN = 'IJH7QQ1xtDNrKRnjjeIudcDJp0GYuzF3hKXuXIYIk3o'
