// The fleet's six-week visits for PreventiveStatus (docs/compliance.md): one statement over the
// due dates the writers keep (`asset_visits`, migration 0022), read by their index from the
// first date that counts, so its cost follows the elevators due, not the fleet.
import { sql } from 'drizzle-orm'
import type { Scope } from '../../http/principal.ts'
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

export interface FleetVisits {
  overdueVisitCount: number
  dueSoonVisitCount: number
  overdueVisits: VisitDue[]
  dueSoonVisits: VisitDue[]
}

const item = sql`json_build_object('id', e.id, 'reference', e.reference, 'siteName', e.site_name,
  'lastVisitAt', ${isoUtc(sql`e.last_visit_at`)}, 'nextVisitDueAt', ${isoUtc(sql`e.due_at`)},
  'visitDaysLeft', e.days_left)`

/**
 * Elevators under contract within the caller's sites (elevators are seen by site, like
 * getAsset) past their due date or due within 7 days: both counts, and the first `cap` of each
 * list, the most urgent first (fewest days left, then reference).
 */
export async function fleetVisits(db: Db, scope: Pick<Scope, 'siteIds'>, now: Date, cap: number): Promise<FleetVisits> {
  const sites = withinSites(sql`a.site_id`, scope) ?? sql`true`
  // Days are UTC calendar days: "at most 7 days left" is a due date before the start of the
  // eighth day from today.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const before = new Date(today + (VISIT_DUE_SOON_DAYS + 1) * 86_400_000).toISOString()
  const [r] = await rowsOf<{ overdue_count: number; due_soon_count: number; overdue: VisitDue[] | null; due_soon: VisitDue[] | null }>(db.execute(sql`
    WITH e AS MATERIALIZED (
      SELECT a.id, a.reference, s.name AS site_name, v.last_visit_at, v.visit_due_at AS due_at,
        (v.visit_due_at AT TIME ZONE 'UTC')::date - (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date AS days_left
      FROM asset_visits v JOIN assets a ON a.id = v.asset_id JOIN locations s ON s.id = a.site_id
      WHERE v.visit_due_at < ${before}::timestamptz AND a.under_contract AND ${sites}
    )
    SELECT
      (SELECT count(*)::int FROM e WHERE e.days_left < 0) AS overdue_count,
      (SELECT count(*)::int FROM e WHERE e.days_left >= 0) AS due_soon_count,
      (SELECT json_agg(${item} ORDER BY e.days_left, upper(e.reference), e.id) FROM
        (SELECT * FROM e WHERE e.days_left < 0 ORDER BY e.days_left, upper(e.reference), e.id LIMIT ${cap}) e) AS overdue,
      (SELECT json_agg(${item} ORDER BY e.days_left, upper(e.reference), e.id) FROM
        (SELECT * FROM e WHERE e.days_left >= 0 ORDER BY e.days_left, upper(e.reference), e.id LIMIT ${cap}) e) AS due_soon`))
  return {
    overdueVisitCount: r.overdue_count,
    dueSoonVisitCount: r.due_soon_count,
    overdueVisits: r.overdue ?? [],
    dueSoonVisits: r.due_soon ?? [],
  }
}
