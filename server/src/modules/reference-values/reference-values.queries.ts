import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { assets } from '../assets/assets.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { referenceValues } from './reference-values.tables.ts'
import { withinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { ReportField } from './reference-values.fields.ts'

type SiteScope = Pick<Scope, 'siteIds'>

export const REFERENCE_LABEL_KEY = 'reference_values_field_label_key'

/**
 * Work orders whose coded report uses each value, among the orders on the caller's sites'
 * assets. Fleet-wide (no site restriction) it is the stored `usage_count`, kept by a trigger
 * on work_orders. A site-restricted caller's orders are counted in one pass (each order's six
 * report columns unfolded, then grouped), reaching the orders through their assets' index.
 * A value belongs to one field, so an order counts at most once per value.
 */
function siteUsage(scope: SiteScope) {
  return sql`(SELECT used.value_id, count(*)::int AS n
    FROM ${assets} a JOIN ${workOrders} wo ON wo.asset_id = a.id
    CROSS JOIN LATERAL (VALUES (wo.report_symptom_id), (wo.report_component_id), (wo.report_cause_id),
                               (wo.report_action_id), (wo.report_result_id), (wo.report_circumstance_id)) used(value_id)
    WHERE used.value_id IS NOT NULL AND ${withinSites(sql`a.site_id`, scope)}
    GROUP BY used.value_id)`
}

function valueSelect(db: Db, scope: SiteScope) {
  const fields = {
    id: referenceValues.id,
    field: sql<ReportField>`${referenceValues.field}`,
    label: referenceValues.label,
    isActive: referenceValues.isActive,
  }
  if (!scope.siteIds) return db.select({ ...fields, usageCount: referenceValues.usageCount }).from(referenceValues)
  return db.select({ ...fields, usageCount: sql<number>`coalesce(${sql.raw('usage.n')}, 0)` })
    .from(referenceValues).leftJoin(sql`${siteUsage(scope)} usage`, sql`usage.value_id = ${referenceValues.id}`)
}

export type ReferenceValueRow = Awaited<ReturnType<typeof listReferenceValues>>[number]

export function listReferenceValues(db: Db, scope: SiteScope, filter: { active?: boolean }) {
  const where: SQL[] = []
  if (filter.active !== undefined) where.push(eq(referenceValues.isActive, filter.active))
  return valueSelect(db, scope).where(and(...where)).orderBy(
    asc(referenceValues.field), asc(referenceValues.position), asc(sql`lower(${referenceValues.label})`), asc(referenceValues.id),
  )
}

export async function referenceValueById(db: Db, id: string, scope: SiteScope) {
  const [row] = await valueSelect(db, scope).where(eq(referenceValues.id, id))
  return row
}

/**
 * Inserts the value last in its field: the position is computed by the insert itself. Two
 * concurrent inserts in one field may share a position; the label then orders them.
 */
export async function insertReferenceValue(db: Db, row: { id: string; field: ReportField; label: string; createdAt: Date }) {
  const [created] = await db.insert(referenceValues).values({
    ...row,
    position: sql`(SELECT coalesce(max(rv.position), 0) + 1 FROM ${referenceValues} rv WHERE rv.field = ${row.field})`,
  }).returning({ id: referenceValues.id, field: sql<ReportField>`${referenceValues.field}`, label: referenceValues.label, isActive: referenceValues.isActive })
  // A new value is used by no report yet.
  return { ...created, usageCount: 0 }
}

/** One statement; false when no value has this id. */
export async function updateReferenceValueRow(db: Db, id: string, set: { label?: string; isActive?: boolean }): Promise<boolean> {
  const rows = await db.update(referenceValues).set(set).where(eq(referenceValues.id, id)).returning({ id: referenceValues.id })
  return rows.length > 0
}
