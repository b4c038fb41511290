// The fleet's technical inspections for PreventiveStatus (docs/compliance.md): one set-based
// statement, the last inspection of each elevator under contract looked up by a LATERAL index
// probe (assets.inspections.queries.ts), never a query per elevator.
import { sql } from 'drizzle-orm'
import type { Scope } from '../../http/principal.ts'
import { INSPECTION_DUE_SOON_DAYS, inspectionLateral } from '../assets/assets.inspections.queries.ts'
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
  const lateral = inspectionLateral({ id: sql`a.id`, underContract: sql`a.under_contract`, createdAt: sql`a.created_at`, commissionedAt: sql`a.commissioned_at` },
    sql`${now.toISOString()}`)
  const [r] = await rowsOf<{ overdue_count: number; due_soon_count: number; overdue: InspectionDue[] | null; due_soon: InspectionDue[] | null }>(db.execute(sql`
    WITH e AS MATERIALIZED (
      SELECT a.id, a.reference, s.name AS site_name, i.last_at, i.body, i.due_at, i.days_left
      FROM assets a JOIN locations s ON s.id = a.site_id
      CROSS JOIN LATERAL ${lateral}
      WHERE a.under_contract AND ${sites} AND i.days_left <= ${INSPECTION_DUE_SOON_DAYS}
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
