// The carnet's legal record beyond the interventions (docs/compliance.md, "Carnet
// d'entretien"): the periodic operations done in the period, the technical inspections of the
// period with their findings, and the state at the period's end that the annual report gives
// (operations, inspection, findings). One statement per elevator and period, each part a
// set-based subquery (no query per grid, inspection or finding). Scope is checked before.
import { eq, sql, type SQL } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import { prepared } from '../../db/prepared.ts'
import type { Db } from '../../platform/db.ts'
import type { WorkOrderStatus } from '../work-orders/work-orders.states.ts'
import {
  INSPECTION_DUE_SOON_DAYS, MAX_UNLISTED_PERIODICITY, dueStateOf, inspectionLateral, periodicOperationsJson,
  type AssetCols, type DueStateValue, type PeriodicOperationJson,
} from './assets.inspections.queries.ts'
import { assets } from './assets.tables.ts'

export interface OperationDoneJson {
  taskTemplateId: string; label: string; periodicityMonths: number; doneAt: string; workOrderId: string; reference: string
}
export interface FindingJson {
  workOrderId: string; reference: string; description: string | null; status: WorkOrderStatus; completedAt: string | null; action: string | null
}
export interface PeriodInspectionJson {
  id: string; inspectedAt: string; body: string; reportDocumentName: string | null; notes: string | null; findings: FindingJson[]
}
export interface LogbookComplianceJson {
  operationsDone: OperationDoneJson[]
  inspections: PeriodInspectionJson[]
  operationsAtEnd: PeriodicOperationJson[]
  inspectionAtEnd: { lastInspectionAt: string | null; body: string | null; nextDueAt: string | null; state: DueStateValue | null }
  findingsOpen: number
  findingsRemedied: number
}

// The outer elevator of the statement; the period's bounds are parameters of the one prepared
// statement (planning this text costs more than running it: ~2.4 ms against ~1 ms).
const asset: AssetCols = { id: sql`${assets.id}`, underContract: sql`${assets.underContract}`, createdAt: sql`${assets.createdAt}`, commissionedAt: sql`${assets.commissionedAt}` }
const a = sql`${assets.id}`
const from = sql`${sql.placeholder('from')}::timestamptz`
const to = sql`${sql.placeholder('to')}::timestamptz`
const at = sql`${sql.placeholder('at')}::timestamptz`

/**
 * The record of [start, end) for one elevator; `asOf` is the period's last instant that has
 * happened (its end, or now for a period still running): the state "at the period's end".
 * Operations done: each ticked (DONE) checklist item of a task above one month on a finished
 * grid completed in the period (the elevator's grids through work_orders_visit_idx, each
 * probed through checklist_items_done_task_idx). Inspections: those of the period and the
 * earlier ones with a finding open at its end or remedied in it. Findings: the orders linked
 * to the inspection (work_orders_inspection_idx), whatever their date.
 */
export async function logbookCompliance(db: Db, assetId: string, start: Date, end: Date, asOf: Date): Promise<LogbookComplianceJson> {
  const [row] = await statement(db).execute({ id: assetId, from: start.toISOString(), to: end.toISOString(), at: asOf.toISOString() })
  return JSON.parse(row!.record) as LogbookComplianceJson
}

const operationsDone = sql`coalesce((
  SELECT json_agg(json_build_object('taskTemplateId', t.id, 'label', t.label, 'periodicityMonths', t.periodicity_months,
      'doneAt', ${isoUtc(sql`w.completed_at`)}, 'workOrderId', w.id, 'reference', w.reference)
    ORDER BY w.completed_at, w.reference, t.periodicity_months, lower(t.label), t.id)
  FROM work_orders w
  JOIN checklist_items c ON c.work_order_id = w.id AND c.status = 'DONE' AND c.task_template_id IS NOT NULL
  JOIN task_templates t ON t.id = c.task_template_id AND t.periodicity_months > ${sql.raw(String(MAX_UNLISTED_PERIODICITY))}
  WHERE w.asset_id = ${a} AND w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at >= ${from} AND w.completed_at < ${to}), '[]'::json)`
const findings = sql`coalesce((
  SELECT json_agg(json_build_object('workOrderId', f.id, 'reference', f.reference, 'description', f.description, 'status', f.status,
      'completedAt', CASE WHEN f.status = 'DONE' THEN ${isoUtc(sql`f.completed_at`)} END,
      'action', (SELECT rv.label FROM reference_values rv WHERE rv.id = f.report_action_id)) ORDER BY f.number)
  FROM work_orders f WHERE f.inspection_id = ai.id), '[]'::json)`
// A finding raised by the period's end is open at its end when neither finished nor
// cancelled by then; remedied in the period when finished in it.
const openAtEnd = sql`f.created_at <= ${at} AND NOT (f.status = 'DONE' AND f.completed_at <= ${at})
  AND NOT (f.status = 'CANCELLED' AND coalesce(f.cancelled_at, f.created_at) <= ${at})`
const remediedIn = sql`f.created_at <= ${at} AND f.status = 'DONE' AND f.completed_at >= ${from} AND f.completed_at <= ${at}`
// The period's inspections, and the earlier ones whose findings were still being dealt with
// in it (open at its end or remedied in it): the carnet shows what is outstanding.
const inspections = sql`coalesce((
  SELECT json_agg(json_build_object('id', ai.id, 'inspectedAt', ${isoUtc(sql`ai.inspected_at`)}, 'body', ai.body,
      'reportDocumentName', d.file_name, 'notes', ai.notes, 'findings', ${findings}) ORDER BY ai.inspected_at, ai.id)
  FROM asset_inspections ai LEFT JOIN documents d ON d.id = ai.report_document_id
  WHERE ai.asset_id = ${a} AND ai.inspected_at < ${to} AND (ai.inspected_at >= ${from}
    OR EXISTS (SELECT 1 FROM work_orders f WHERE f.inspection_id = ai.id AND ((${openAtEnd}) OR (${remediedIn}))))), '[]'::json)`
// Every finding of the elevator's inspections.
const findingCount = (condition: SQL) => sql`(SELECT count(*)::int FROM asset_inspections ai
  JOIN work_orders f ON f.inspection_id = ai.id WHERE ai.asset_id = ${a} AND ${condition})`

const record = sql<string>`json_build_object(
  'operationsDone', ${operationsDone},
  'inspections', ${inspections},
  'operationsAtEnd', ${periodicOperationsJson(asset, at, at)},
  'inspectionAtEnd', json_build_object('lastInspectionAt', ${isoUtc(sql`i.last_at`)}, 'body', i.body,
    'nextDueAt', ${isoUtc(sql`i.due_at`)}, 'state', ${dueStateOf(sql`i.days_left`, INSPECTION_DUE_SOON_DAYS)}),
  'findingsOpen', ${findingCount(openAtEnd)},
  'findingsRemedied', ${findingCount(remediedIn)}
)::text`
const statement = prepared((db) => db.select({ record }).from(assets)
  .crossJoinLateral(inspectionLateral(asset, at, at))
  .where(eq(assets.id, sql.placeholder('id')))
  .prepare('assets_logbook_compliance'))
