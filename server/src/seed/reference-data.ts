// The standard vocabulary every company starts with: equipment categories, component types
// and the values of the six coded-report fields. Seeded at every start on any store (not only
// in demo mode), but each set only while its kind or field has no row at all: once a company
// has edited a set (even deactivated all of it), the seeder never touches it again.
import { sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import type { Db } from '../platform/db.ts'
import { categories } from '../modules/categories/categories.tables.ts'
import { referenceValues } from '../modules/reference-values/reference-values.tables.ts'
import type { CategoryKindValue } from '../modules/categories/categories.schemas.ts'
import { REPORT_FIELDS, type ReportField } from '../modules/reference-values/reference-values.fields.ts'

// Any constant works, as long as it differs from the other seeders' and the migration lock.
const REFERENCE_SEED_LOCK = 727_465_003

export const STANDARD_CATEGORIES: Record<CategoryKindValue, string[]> = {
  EQUIPMENT: [
    'Ascenseur électrique à traction', 'Ascenseur hydraulique', 'Ascenseur sans local machine (MRL)', 'Monte-charge',
    'Monte-plats', 'Plateforme élévatrice PMR', 'Escalier mécanique', 'Trottoir roulant',
  ],
  COMPONENT_TYPE: [
    'Opérateur de porte', 'Armoire de commande', 'Machine de traction', 'Frein', 'Câbles de traction',
    'Limiteur de vitesse', 'Parachute', 'Centrale hydraulique', 'Vérin hydraulique', 'Boîte à boutons cabine',
    'Boutons palières', 'Téléalarme', 'Variateur de fréquence', 'Cellule de porte', 'Éclairage cabine',
  ],
}

// In the order shown to a technician: most frequent first (positions 1, 2, 3…).
export const STANDARD_REFERENCE_VALUES: Record<ReportField, string[]> = {
  SYMPTOM: [
    'Appareil à l\'arrêt', 'Personne bloquée en cabine', 'Portes palières ne se ferment pas',
    'Portes cabine ne s\'ouvrent pas', 'Arrêt hors niveau', 'Bruit anormal en gaine', 'Vibrations en cabine',
    'Bouton d\'appel inopérant', 'Éclairage cabine défaillant', 'Téléalarme en défaut', 'Démarrages brusques',
    'Fuite d\'huile', 'Appareil ne dessert pas un niveau',
  ],
  COMPONENT: [
    'Opérateur de porte cabine', 'Serrure palière', 'Porte palière', 'Cellule de porte', 'Armoire de commande',
    'Variateur de fréquence', 'Frein machine', 'Machine de traction', 'Câbles de traction', 'Limiteur de vitesse',
    'Parachute', 'Boutons palières', 'Boîte à boutons cabine', 'Téléalarme', 'Centrale hydraulique',
  ],
  CAUSE: [
    'Usure', 'Vandalisme', 'Déréglage', 'Coupure d\'alimentation', 'Corps étranger dans le seuil',
    'Mauvaise utilisation', 'Défaut électronique', 'Infiltration d\'eau', 'Surcharge', 'Défaut de lubrification',
    'Pièce cassée', 'Cause non identifiée',
  ],
  ACTION: [
    'Réglage', 'Remplacement', 'Nettoyage', 'Graissage', 'Réarmement', 'Dégagement de personne',
    'Réparation', 'Serrage', 'Mise à jour du paramétrage', 'Essais de fonctionnement', 'Consignation',
  ],
  RESULT: [
    'Remis en service', 'Mis à l\'arrêt en sécurité', 'En attente de pièce', 'Intervention à programmer',
    'Remis en service provisoire', 'Devis à établir', 'Aucun défaut constaté', 'Transmis au fabricant',
  ],
  CIRCUMSTANCE: [
    'Appel client', 'Visite d\'entretien', 'Contrôle technique quinquennal', 'Astreinte nuit et week-end',
    'Appel téléalarme', 'Signalement gardien', 'Visite préventive', 'Travaux de modernisation',
    'Après coupure de courant',
  ],
}

export interface ReferenceSeedResult {
  /** Kinds and fields that received their standard set during this call. */
  categoryKinds: CategoryKindValue[]
  referenceFields: ReportField[]
}

/**
 * Inserts the standard sets that are still missing. One transaction under an advisory lock:
 * replicas starting together run it one after the other, and the later ones find the rows.
 */
export async function seedReferenceData(db: Db, now: Date = new Date()): Promise<ReferenceSeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REFERENCE_SEED_LOCK})`)
    const presentKinds = new Set((await tx.selectDistinct({ kind: categories.kind }).from(categories)).map((r) => r.kind))
    const presentFields = new Set((await tx.selectDistinct({ field: referenceValues.field }).from(referenceValues)).map((r) => r.field))

    const categoryKinds = (Object.keys(STANDARD_CATEGORIES) as CategoryKindValue[]).filter((k) => !presentKinds.has(k))
    const categoryRows = categoryKinds.flatMap((kind) =>
      STANDARD_CATEGORIES[kind].map((name) => ({ id: uuidv7(), kind, name, createdAt: now })))
    if (categoryRows.length) await tx.insert(categories).values(categoryRows)

    const referenceFields = REPORT_FIELDS.filter((f) => !presentFields.has(f))
    const valueRows = referenceFields.flatMap((field) =>
      STANDARD_REFERENCE_VALUES[field].map((label, i) => ({ id: uuidv7(), field, label, position: i + 1, createdAt: now })))
    if (valueRows.length) await tx.insert(referenceValues).values(valueRows)

    return { categoryKinds, referenceFields }
  })
}
