// The elevator's legal record beyond the six-week visits (docs/compliance.md): the periodic
// operations of the task templates and the five-yearly technical inspection. The SQL is shared
// by the elevator's detail (one prepared statement, assets.queries.ts) and the fleet-wide lists
// of PreventiveStatus (one set-based statement, preventive.due.queries.ts). Due dates,
// days left and states are derived from the clock at read time, never stored.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import type { Db } from '../../platform/db.ts'
import { assetInspections } from './assets.tables.ts'
import { documents } from '../documents/documents.tables.ts'

/** Décret 2004-964: a technical inspection by an approved body every five years. */
export const INSPECTION_INTERVAL_YEARS = 5
/** The next inspection is "due soon" from this many days before its due date. */
export const INSPECTION_DUE_SOON_DAYS = 90
/** A periodic operation is "due soon" from this many days before its due date. */
export const OPERATION_DUE_SOON_DAYS = 30
/**
 * Operations of this periodicity (months) or less are not listed: a monthly task is done at
 * every visit, whose six-week rhythm AssetDetail already shows (lastVisitAt, visitState).
 */
export const MAX_UNLISTED_PERIODICITY = 1
/** The inspection history shown on the detail: the latest ones (five years apart, 50 is a life). */
export const MAX_INSPECTIONS = 50

export type DueStateValue = 'UP_TO_DATE' | 'DUE_SOON' | 'OVERDUE'
/** OVERDUE once the due day has passed, DUE_SOON from `soonDays` days before (the due day included). */
export const dueStateOf = (daysLeft: SQL, soonDays: number) => sql<DueStateValue | null>`CASE WHEN ${daysLeft} IS NULL THEN NULL
  WHEN ${daysLeft} < 0 THEN 'OVERDUE' WHEN ${daysLeft} <= ${sql.raw(String(soonDays))} THEN 'DUE_SOON' ELSE 'UP_TO_DATE' END`

// Whole UTC calendar days from `now` to `due` (like the visits).
const daysFrom = (due: SQL, now: SQL) => sql`(${due} AT TIME ZONE 'UTC')::date - ((${now})::timestamptz AT TIME ZONE 'UTC')::date`

export interface AssetCols { id: SQL; underContract: SQL; createdAt: SQL; commissionedAt: SQL }

// Never done or inspected: the clock starts when the elevator entered the register or was
// commissioned, whichever is later (as for the first visit).
const entry = (a: AssetCols) => sql`GREATEST(${a.createdAt}, ${a.commissionedAt})`

/**
 * A LATERAL subquery (alias `i`) of the asset at `now`: last_at and body of its latest
 * inspection (one probe of asset_inspections_asset_idx), due_at five years later (never
 * inspected: five years after entry), null out of contract like the visits, and days_left.
 * `asOf` (the carnet's period end) leaves out the inspections after it: the state as it was then.
 */
export function inspectionLateral(a: AssetCols, now: SQL, asOf?: SQL): SQL {
  return sql`(
    SELECT li.inspected_at AS last_at, li.body, d.due_at, ${daysFrom(sql`d.due_at`, now)} AS days_left
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (SELECT ai.inspected_at, ai.body FROM asset_inspections ai WHERE ai.asset_id = ${a.id}${asOf ? sql` AND ai.inspected_at <= ${asOf}` : sql``}
      ORDER BY ai.inspected_at DESC, ai.id DESC LIMIT 1) li ON true
    CROSS JOIN LATERAL (SELECT CASE WHEN ${a.underContract} THEN coalesce(li.inspected_at, ${entry(a)})
      + make_interval(years => ${sql.raw(String(INSPECTION_INTERVAL_YEARS))}) END AS due_at) d
  ) i`
}

// Findings of an inspection: the orders linked to it (work_orders_inspection_idx); open while
// neither done nor cancelled.
const findings = (inspectionId: SQL, open: boolean) => sql`(SELECT count(*)::int FROM work_orders f
  WHERE f.inspection_id = ${inspectionId}${open ? sql` AND f.status NOT IN ('DONE', 'CANCELLED')` : sql``})`

/** The inspection history (newest first, the last 50) as JSON, with each one's findings counts. */
export function inspectionsJson(assetId: SQL) {
  return sql<{ id: string; inspectedAt: string; body: string; reportDocumentId: string | null; notes: string | null; findingsCount: number; openFindingsCount: number }[]>`coalesce((
    SELECT json_agg(json_build_object('id', ai.id, 'inspectedAt', ${isoUtc(sql`ai.inspected_at`)}, 'body', ai.body,
        'reportDocumentId', ai.report_document_id, 'notes', ai.notes,
        'findingsCount', ${findings(sql`ai.id`, false)}, 'openFindingsCount', ${findings(sql`ai.id`, true)})
      ORDER BY ai.inspected_at DESC, ai.id DESC)
    FROM (SELECT * FROM asset_inspections x WHERE x.asset_id = ${assetId}
      ORDER BY x.inspected_at DESC, x.id DESC LIMIT ${sql.raw(String(MAX_INSPECTIONS))}) ai), '[]'::json)`
}

/** The inspection fields of AssetDetail, read from the `i` of inspectionLateral. */
export function inspectionFields(assetId: SQL) {
  return {
    lastInspectionAt: isoUtc(sql`i.last_at`),
    inspectionBody: sql<string | null>`i.body`,
    nextInspectionDueAt: isoUtc(sql`i.due_at`),
    inspectionDaysLeft: sql<number | null>`i.days_left`,
    inspectionState: dueStateOf(sql`i.days_left`, INSPECTION_DUE_SOON_DAYS),
    inspections: inspectionsJson(assetId),
  }
}

export interface PeriodicOperationJson {
  taskTemplateId: string; label: string; periodicityMonths: number
  lastDoneAt: string | null; nextDueAt: string | null; daysLeft: number | null; state: DueStateValue | null
}

/**
 * Each active task template of periodicity above one month, with when it was last done on the
 * elevator: the completion of its latest finished grid (DONE, PREVENTIVE, the only orders
 * whose checklist items carry a task template) where that template's item is ticked. Now: as
 * the writers keep it (`asset_operations`, migration 0025: refreshed with the last visit when a
 * grid is closed or its items written), one key probe per template. `asOf` (the carnet's
 * period end): the state as it was then, the elevator's finished grids walked newest first
 * (work_orders_visit_idx) and each probed for the ticked item (checklist_items_done_task_idx),
 * leaving out the grids finished after it (OFFSET 0 keeps the look-up in its LATERAL: pulled
 * up, the planner would run it once per use of done_at). Next due: last done + the periodicity
 * (never done: after entry); null out of contract.
 */
export function periodicOperationsJson(a: AssetCols, now: SQL, asOf?: SQL) {
  return sql<PeriodicOperationJson[]>`coalesce((
    SELECT json_agg(json_build_object('taskTemplateId', t.id, 'label', t.label, 'periodicityMonths', t.periodicity_months,
        'lastDoneAt', ${isoUtc(sql`l.done_at`)}, 'nextDueAt', ${isoUtc(sql`d.due_at`)}, 'daysLeft', p.days_left,
        'state', ${dueStateOf(sql`p.days_left`, OPERATION_DUE_SOON_DAYS)})
      ORDER BY t.periodicity_months, lower(t.label), t.id)
    FROM task_templates t
    ${asOf ? sql`CROSS JOIN LATERAL (SELECT (SELECT w.completed_at FROM work_orders w
      WHERE w.asset_id = ${a.id} AND w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL AND w.completed_at <= ${asOf}
        AND EXISTS (SELECT 1 FROM checklist_items c WHERE c.work_order_id = w.id AND c.task_template_id = t.id AND c.status = 'DONE')
      ORDER BY w.completed_at DESC NULLS LAST LIMIT 1) AS done_at OFFSET 0) l` : sql`CROSS JOIN LATERAL (SELECT (SELECT o.last_done_at FROM asset_operations o WHERE o.asset_id = ${a.id} AND o.task_template_id = t.id) AS done_at OFFSET 0) l`}
    CROSS JOIN LATERAL (SELECT CASE WHEN ${a.underContract} THEN coalesce(l.done_at, ${entry(a)})
      + make_interval(months => t.periodicity_months) END AS due_at) d
    CROSS JOIN LATERAL (SELECT ${daysFrom(sql`d.due_at`, now)} AS days_left) p
    WHERE t.is_active AND t.periodicity_months > ${sql.raw(String(MAX_UNLISTED_PERIODICITY))}), '[]'::json)`
}

/** True when the document is one of this elevator's (not a work order's, not another's). */
export async function documentOfAsset(db: Db, documentId: string, assetId: string): Promise<boolean> {
  const [row] = await db.select({ id: documents.id }).from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.assetId, assetId)))
  return row !== undefined
}

export async function insertInspection(db: Db, row: typeof assetInspections.$inferInsert) {
  await db.insert(assetInspections).values(row)
}
