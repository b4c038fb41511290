// The carnet d'entretien's SQL (docs/compliance.md, "Carnet d'entretien"): an elevator's
// finished orders of a period, each with its times, technicians, coded report, parts and
// callback, in one statement (correlated subqueries per order, no query per order); and the
// last visit before the period, for the longest gap. Scope is checked before (getAsset).
import { sql } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'
import { CALLBACK_DAYS, type LogbookKind } from './assets.logbook.schemas.ts'
import { VISIT_CIRCUMSTANCES } from './assets.visits.queries.ts'

/** Circumstance labels (lower case) that make a corrective order a control or works, not a breakdown. */
export const CONTROL_CIRCUMSTANCES = ['contrôle technique quinquennal']
export const WORKS_CIRCUMSTANCES = ['travaux de modernisation']

const labels = (values: string[]) => sql.join(values.map((l) => sql`${l}`), sql`, `)
// Uncorrelated: computed once per statement (InitPlans), like the six-week visit's.
const circumstanceIds = (values: string[]) =>
  sql`ARRAY(SELECT rv.id FROM reference_values rv WHERE rv.field = 'CIRCUMSTANCE' AND lower(rv.label) IN (${labels(values)}))`
const VISIT_IDS = circumstanceIds(VISIT_CIRCUMSTANCES)
const CONTROL_IDS = circumstanceIds(CONTROL_CIRCUMSTANCES)
const WORKS_IDS = circumstanceIds(WORKS_CIRCUMSTANCES)

const isVisit = (w: string) => sql`(${sql.raw(w)}.type = 'PREVENTIVE' OR ${sql.raw(w)}.report_circumstance_id = ANY(${VISIT_IDS}))`
/** A breakdown: a corrective order whose circumstance is none of visit, control, works (shared with the analytics' callbacks). */
export const isBreakdown = (w: string) => sql`(${sql.raw(w)}.type = 'CORRECTIVE' AND (${sql.raw(w)}.report_circumstance_id IS NULL
  OR NOT (${sql.raw(w)}.report_circumstance_id = ANY(${VISIT_IDS}) OR ${sql.raw(w)}.report_circumstance_id = ANY(${CONTROL_IDS}) OR ${sql.raw(w)}.report_circumstance_id = ANY(${WORKS_IDS}))))`

const kindOf = sql<LogbookKind>`CASE WHEN ${isVisit('w')} THEN 'VISIT' WHEN w.report_circumstance_id = ANY(${CONTROL_IDS}) THEN 'CONTROL'
  WHEN w.report_circumstance_id = ANY(${WORKS_IDS}) THEN 'WORKS' ELSE 'BREAKDOWN' END`

// As work_order_detail_body (migration 0020): the linked request's creation, else the order's.
export const callAtOf = (w: string) => sql`coalesce((SELECT r.created_at FROM requests r WHERE r.work_order_id = ${sql.raw(w)}.id), ${sql.raw(w)}.created_at)`
const callAt = callAtOf('w')
const label = (column: string) => sql`(SELECT rv.label FROM reference_values rv WHERE rv.id = w.${sql.raw(column)})`

// The repair this breakdown calls back: another finished breakdown of the elevator completed
// at most 30 days (included) before this one's call; the latest such.
const callbackOf = sql`CASE WHEN ${isBreakdown('w')} THEN (SELECT p.reference FROM work_orders p
  WHERE p.asset_id = w.asset_id AND p.id <> w.id AND p.status = 'DONE' AND ${isBreakdown('p')}
    AND p.completed_at <= c.call_at AND p.completed_at >= c.call_at - make_interval(days => ${sql.raw(String(CALLBACK_DAYS))})
  ORDER BY p.completed_at DESC, p.reference DESC LIMIT 1) END`

export interface LogbookRow {
  kind: LogbookKind
  causeLabel: string | null
  partsCount: number
  entry: string
}

/** The elevator's finished orders completed in [start, end), by completion; at most `limit`. */
export async function logbookEntries(db: Db, assetId: string, start: Date, end: Date, limit: number): Promise<LogbookRow[]> {
  const entry = sql`json_build_object('workOrderId', w.id, 'reference', w.reference, 'kind', ${kindOf}, 'description', w.description,
    'personBlocked', w.person_blocked, 'callReceivedAt', CASE WHEN w.type = 'CORRECTIVE' THEN ${isoUtc(sql`c.call_at`)} END,
    'startedAt', ${isoUtc(sql`w.started_at`)}, 'arrivedAt', ${isoUtc(sql`w.arrived_at`)}, 'releasedAt', ${isoUtc(sql`w.released_at`)},
    'leftAt', ${isoUtc(sql`w.left_at`)}, 'completedAt', ${isoUtc(sql`w.completed_at`)},
    'releaseDelayMinutes', CASE WHEN w.released_at IS NOT NULL AND w.type = 'CORRECTIVE' THEN floor(extract(epoch FROM w.released_at - c.call_at) / 60)::int END,
    'callbackOf', ${callbackOf},
    'technicians', coalesce((SELECT json_agg(u.display_name ORDER BY lower(u.display_name), u.id) FROM work_order_assignees a
      JOIN users u ON u.id = a.user_id WHERE a.work_order_id = w.id), '[]'::json),
    'report', json_build_object('symptom', ${label('report_symptom_id')}, 'component', ${label('report_component_id')},
      'cause', ${label('report_cause_id')}, 'action', ${label('report_action_id')}, 'result', ${label('report_result_id')},
      'circumstance', ${label('report_circumstance_id')}, 'notes', w.report_notes),
    'parts', coalesce(pp.parts, '[]'::json))`
  return rowsOf<LogbookRow>(db.execute(sql`
    SELECT ${kindOf} AS "kind", ${label('report_cause_id')} AS "causeLabel", coalesce(pp.units, 0)::int AS "partsCount", ${entry}::text AS "entry"
    FROM work_orders w
    CROSS JOIN LATERAL (SELECT ${callAt} AS call_at) c
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('reference', x.reference, 'designation', x.designation, 'quantity', x.quantity) ORDER BY x.reference) AS parts,
        sum(x.quantity) AS units
      FROM (SELECT p.reference, p.designation, (-sum(m.quantity))::int AS quantity FROM stock_movements m JOIN parts p ON p.id = m.part_id
        WHERE m.work_order_id = w.id AND m.kind = 'CONSUMPTION' GROUP BY p.id, p.reference, p.designation) x
    ) pp ON true
    WHERE w.asset_id = ${assetId} AND w.status = 'DONE' AND w.completed_at >= ${start.toISOString()}::timestamptz
      AND w.completed_at < ${end.toISOString()}::timestamptz
    ORDER BY w.completed_at, w.reference
    LIMIT ${limit}`))
}

/** The completion time of the elevator's last visit before `start` (ISO text), or null. */
export async function visitBefore(db: Db, assetId: string, start: Date): Promise<string | null> {
  const [row] = await rowsOf<{ at: string | null }>(db.execute(sql`
    SELECT ${isoUtc(sql`max(w.completed_at)`)} AS at FROM work_orders w
    WHERE w.asset_id = ${assetId} AND w.status = 'DONE' AND w.completed_at < ${start.toISOString()}::timestamptz AND ${isVisit('w')}`))
  return row?.at ?? null
}
