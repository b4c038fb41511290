// The coded report as the work order stores it: each of the six fields, its key in
// ReportUpsert, its column and its key in the locked row.
import type { workOrders } from './work-orders.tables.ts'
import type { ReportField } from '../reference-values/reference-values.fields.ts'

type Column = keyof typeof workOrders.$inferInsert
type BodyKey = 'symptomId' | 'componentId' | 'causeId' | 'actionId' | 'resultId' | 'circumstanceId'

export const REPORT_COLUMNS: readonly { field: ReportField; key: BodyKey; column: Column }[] = [
  { field: 'SYMPTOM', key: 'symptomId', column: 'reportSymptomId' },
  { field: 'COMPONENT', key: 'componentId', column: 'reportComponentId' },
  { field: 'CAUSE', key: 'causeId', column: 'reportCauseId' },
  { field: 'ACTION', key: 'actionId', column: 'reportActionId' },
  { field: 'RESULT', key: 'resultId', column: 'reportResultId' },
  { field: 'CIRCUMSTANCE', key: 'circumstanceId', column: 'reportCircumstanceId' },
]

export type ReportIds = Record<BodyKey, string | null>
export type ReportInput = Partial<ReportIds>

/**
 * The fields whose value changes, and the 400 details for the new values that are not an
 * active reference value of their own field. A value the report already holds may stay
 * even when deactivated since (deactivation only stops new uses).
 */
export function checkReport(
  current: ReportIds, input: ReportInput, values: Map<string, { field: string; isActive: boolean }>,
): { changed: typeof REPORT_COLUMNS[number][]; errors: { field: string; message: string }[] } {
  const changed: typeof REPORT_COLUMNS[number][] = []
  const errors: { field: string; message: string }[] = []
  for (const c of REPORT_COLUMNS) {
    const next = input[c.key]
    if (next === undefined || next === current[c.key]) continue
    if (next !== null) {
      const v = values.get(next)
      if (!v) errors.push({ field: c.key, message: 'valeur inconnue' })
      else if (v.field !== c.field) errors.push({ field: c.key, message: 'valeur d’un autre champ du rapport' })
      else if (!v.isActive) errors.push({ field: c.key, message: 'valeur désactivée' })
    }
    changed.push(c)
  }
  return { changed, errors }
}

/**
 * The notes to store when `input` changes them: trimmed, a blank text clears them (null);
 * undefined when they stay as they are.
 */
export function notesChange(current: string | null, input: string | null | undefined): string | null | undefined {
  if (input === undefined) return undefined
  const next = input === null || input.trim() === '' ? null : input.trim()
  return next === current ? undefined : next
}
