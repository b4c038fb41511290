// The fleet's legal deadlines for PreventiveStatus (docs/compliance.md): six-week visits and
// five-yearly inspections, each one statement over the due dates the writers keep
// (`asset_visits`, migrations 0022 and 0027), read by their index from the first date that
// counts, so its cost follows the elevators due, not the fleet.
import { sql, type SQL } from 'drizzle-orm'
import type { Scope } from '../../http/principal.ts'
import { INSPECTION_DUE_SOON_DAYS } from '../assets/assets.inspections.queries.ts'
import { VISIT_DUE_SOON_DAYS } from '../assets/assets.visits.queries.ts'
import { isoUtc } from '../../db/json.queries.ts'
import { withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'

export interface VisitDue {
  id: string
  reference: string
  siteName: string
  lastVisitAt: string | null
  nextVisitDueAt: string
  visitDaysLeft: number
}

export interface InspectionDue {
  id: string
  reference: string
  siteName: string
  lastInspectionAt: string | null
  inspectionBody: string | null
  nextInspectionDueAt: string
  inspectionDaysLeft: number
}

interface DueLists<T> { overdueCount: number; dueSoonCount: number; overdue: T[]; dueSoon: T[] }

/** One kind of deadline: its columns in asset_visits, the item's JSON (over `e`), its window. */
interface Deadline { due: SQL; last: SQL; extra: SQL; item: SQL; soonDays: number }

const VISIT: Deadline = {
  due: sql`v.visit_due_at`,
  last: sql`v.last_visit_at`,
  extra: sql`NULL::text`,
  item: sql`json_build_object('id', e.id, 'reference', e.reference, 'siteName', e.site_name,
    'lastVisitAt', ${isoUtc(sql`e.last_at`)}, 'nextVisitDueAt', ${isoUtc(sql`e.due_at`)}, 'visitDaysLeft', e.days_left)`,
  soonDays: VISIT_DUE_SOON_DAYS,
}

const INSPECTION: Deadline = {
  due: sql`v.inspection_due_at`,
  last: sql`v.last_inspection_at`,
  extra: sql`(SELECT ai.body FROM asset_inspections ai WHERE ai.asset_id = a.id ORDER BY ai.inspected_at DESC, ai.id DESC LIMIT 1)`,
  item: sql`json_build_object('id', e.id, 'reference', e.reference, 'siteName', e.site_name,
    'lastInspectionAt', ${isoUtc(sql`e.last_at`)}, 'inspectionBody', e.extra, 'nextInspectionDueAt', ${isoUtc(sql`e.due_at`)},
    'inspectionDaysLeft', e.days_left)`,
  soonDays: INSPECTION_DUE_SOON_DAYS,
}

/**
 * Elevators under contract within the caller's sites (by site, like getAsset) past the
 * deadline or due within its window: both counts, and the first `cap` of each list, the most
 * urgent first (fewest days left, then reference).
 */
async function dueLists<T>(db: Db, scope: Pick<Scope, 'siteIds'>, now: Date, cap: number, d: Deadline): Promise<DueLists<T>> {
  const sites = withinSites(sql`a.site_id`, scope) ?? sql`true`
  // Days are UTC calendar days: "at most N days left" is a due date before the start of the
  // (N+1)th day from today.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const before = new Date(today + (d.soonDays + 1) * 86_400_000).toISOString()
  const order = sql`e.days_left, upper(e.reference), e.id`
  const [r] = await rowsOf<{ overdue_count: number; due_soon_count: number; overdue: T[] | null; due_soon: T[] | null }>(db.execute(sql`
    WITH e AS MATERIALIZED (
      SELECT a.id, a.reference, s.name AS site_name, ${d.last} AS last_at, ${d.extra} AS extra, ${d.due} AS due_at,
        (${d.due} AT TIME ZONE 'UTC')::date - (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date AS days_left
      FROM asset_visits v JOIN assets a ON a.id = v.asset_id JOIN locations s ON s.id = a.site_id
      WHERE ${d.due} < ${before}::timestamptz AND a.under_contract AND ${sites}
    )
    SELECT
      (SELECT count(*)::int FROM e WHERE e.days_left < 0) AS overdue_count,
      (SELECT count(*)::int FROM e WHERE e.days_left >= 0) AS due_soon_count,
      (SELECT json_agg(${d.item} ORDER BY ${order}) FROM
        (SELECT * FROM e WHERE e.days_left < 0 ORDER BY ${order} LIMIT ${cap}) e) AS overdue,
      (SELECT json_agg(${d.item} ORDER BY ${order}) FROM
        (SELECT * FROM e WHERE e.days_left >= 0 ORDER BY ${order} LIMIT ${cap}) e) AS due_soon`))
  return { overdueCount: r.overdue_count, dueSoonCount: r.due_soon_count, overdue: r.overdue ?? [], dueSoon: r.due_soon ?? [] }
}

/** The six-week visits late or due within 7 days. */
export async function fleetVisits(db: Db, scope: Pick<Scope, 'siteIds'>, now: Date, cap: number) {
  const r = await dueLists<VisitDue>(db, scope, now, cap, VISIT)
  return { overdueVisitCount: r.overdueCount, dueSoonVisitCount: r.dueSoonCount, overdueVisits: r.overdue, dueSoonVisits: r.dueSoon }
}

/** The technical inspections overdue or due within 90 days. */
export async function fleetInspections(db: Db, scope: Pick<Scope, 'siteIds'>, now: Date, cap: number) {
  const r = await dueLists<InspectionDue>(db, scope, now, cap, INSPECTION)
  return { inspectionsOverdueCount: r.overdueCount, inspectionsDueSoonCount: r.dueSoonCount, inspectionsOverdue: r.overdue, inspectionsDueSoon: r.dueSoon }
}
