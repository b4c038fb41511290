// The demo company's maintenance programme: the standard French tasks (décret 2004-964 and
// arrêté of 18 November 2004; see ../shared/domain.md). Visits are monthly (the law asks at
// most six weeks apart), brakes and ropes half-yearly, safety gear and governor yearly, and the
// five-yearly technical inspection prepared by the maintainer.
import { uuidv7 } from 'uuidv7'
import { taskTemplates } from '../modules/preventive/preventive.tables.ts'
import type { Db } from '../platform/db.ts'

export const DEMO_TASK_TEMPLATES: { label: string; periodicityMonths: number }[] = [
  { label: 'Portes palières et de cabine : verrouillage et contacts', periodicityMonths: 1 },
  { label: 'Dispositif de réouverture des portes', periodicityMonths: 1 },
  { label: 'Précision d’arrêt et nivelage aux paliers', periodicityMonths: 1 },
  { label: 'Téléalarme : liaison avec le centre d’appel 24 h/24', periodicityMonths: 1 },
  { label: 'Organes de commande, signalisation et éclairage de la cabine', periodicityMonths: 1 },
  { label: 'Frein de la machine', periodicityMonths: 6 },
  { label: 'Câbles de suspension et leurs attaches', periodicityMonths: 6 },
  { label: 'Dispositif contre les mouvements incontrôlés de la cabine', periodicityMonths: 6 },
  { label: 'Parachute', periodicityMonths: 12 },
  { label: 'Limiteur de vitesse', periodicityMonths: 12 },
  { label: 'Nettoyage de la cuvette, du toit de cabine et de la machinerie', periodicityMonths: 12 },
  { label: 'Préparation du contrôle technique quinquennal', periodicityMonths: 60 },
]

/** Adds the tasks whose label is not taken yet (compared case-insensitively); answers how many. */
export async function seedDemoTaskTemplates(tx: Db, now: Date): Promise<number> {
  const rows = await tx.insert(taskTemplates)
    .values(DEMO_TASK_TEMPLATES.map((t) => ({ id: uuidv7(), ...t, createdAt: now })))
    .onConflictDoNothing()
    .returning({ id: taskTemplates.id })
  return rows.length
}
