// The fleet's technical inspections for PreventiveStatus (docs/compliance.md): one statement
// over the due dates the writers keep (`asset_visits`, migration 0027), read by their index
// from the first date that counts: its cost follows the elevators due, not the fleet.
import { sql } from 'drizzle-orm'
import type { Scope } from '../../http/principal.ts'
import { INSPECTION_DUE_SOON_DAYS } from '../assets/assets.inspections.queries.ts'
import { isoUtc } from '../../db/json.queries.ts'
import { withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'

export interface InspectionDue {
  id: string
  reference: string
  siteName: string
  lastInspectionAt: string | null
  inspectionBody: string | null
  nextInspectionDueAt: string
  inspectionDaysLeft: number
}

export interface FleetInspections {
  inspectionsOverdueCount: number
  inspectionsDueSoonCount: number
  inspectionsOverdue: InspectionDue[]
  inspectionsDueSoon: InspectionDue[]
}

const item = sql`json_build_object('id', e.id, 'reference', e.reference, 'siteName', e.site_name,
  'lastInspectionAt', ${isoUtc(sql`e.last_at`)}, 'inspectionBody', e.body, 'nextInspectionDueAt', ${isoUtc(sql`e.due_at`)},
  'inspectionDaysLeft', e.days_left)`

/**
 * Elevators under contract within the caller's sites (by site, like getAsset) whose inspection
 * is overdue or due within 90 days: both counts, and the first `cap` of each list, the most
 * urgent first (fewest days left, then reference).
 */
export async function fleetInspections(db: Db, scope: Pick<Scope, 'siteIds'>, now: Date, cap: number): Promise<FleetInspections> {
  const sites = withinSites(sql`a.site_id`, scope) ?? sql`true`
  // Days are UTC calendar days: "at most 90 days left" is a due date before the start of the
  // 91st day from today.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const before = new Date(today + (INSPECTION_DUE_SOON_DAYS + 1) * 86_400_000).toISOString()
  const [r] = await rowsOf<{ overdue_count: number; due_soon_count: number; overdue: InspectionDue[] | null; due_soon: InspectionDue[] | null }>(db.execute(sql`
    WITH e AS MATERIALIZED (
      SELECT a.id, a.reference, s.name AS site_name, v.last_inspection_at AS last_at,
        (SELECT ai.body FROM asset_inspections ai WHERE ai.asset_id = a.id ORDER BY ai.inspected_at DESC, ai.id DESC LIMIT 1) AS body,
        v.inspection_due_at AS due_at,
        (v.inspection_due_at AT TIME ZONE 'UTC')::date - (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date AS days_left
      FROM asset_visits v JOIN assets a ON a.id = v.asset_id JOIN locations s ON s.id = a.site_id
      WHERE v.inspection_due_at < ${before}::timestamptz AND a.under_contract AND ${sites}
    )
    SELECT
      (SELECT count(*)::int FROM e WHERE e.days_left < 0) AS overdue_count,
      (SELECT count(*)::int FROM e WHERE e.days_left >= 0) AS due_soon_count,
      (SELECT json_agg(${item} ORDER BY e.days_left, upper(e.reference), e.id) FROM
        (SELECT * FROM e WHERE e.days_left < 0 ORDER BY e.days_left, upper(e.reference), e.id LIMIT ${cap}) e) AS overdue,
      (SELECT json_agg(${item} ORDER BY e.days_left, upper(e.reference), e.id) FROM
        (SELECT * FROM e WHERE e.days_left >= 0 ORDER BY e.days_left, upper(e.reference), e.id LIMIT ${cap}) e) AS due_soon`))
  return {
    inspectionsOverdueCount: r.overdue_count,
    inspectionsDueSoonCount: r.due_soon_count,
    inspectionsOverdue: r.overdue ?? [],
    inspectionsDueSoon: r.due_soon ?? [],
  }
}
