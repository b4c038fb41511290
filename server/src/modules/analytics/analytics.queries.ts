// The analytics summary in three set-based statements (docs/analytics.md): the monthly series,
// the period's totals (backlog, breakdowns, MTBF/MTTR, trapped persons), and the parts under
// their threshold. Orders are read through the created_at / completed_at / status indexes;
// every order figure goes through `visible` (the caller's sites, and its own orders only
// without view-other on ANALYTICS).
import { sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { workOrderAssignees, workOrderLabor, workOrders } from '../work-orders/work-orders.tables.ts'
import { ownRecords, withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'

export const WORST_ELEVATORS = 10

/**
 * The rows of `counts` (asset_id, n) that can be among the WORST_ELEVATORS first: those whose
 * count reaches the last place's (ties on it included; the reference orders them after the
 * join). Joining and sorting every elevator with a breakdown cost 50 of the summary's 170 ms
 * at SCALE_FACTOR=4 for ten rows.
 */
export const topCounts = (counts: SQL) => sql`(SELECT asset_id, n FROM (
    SELECT asset_id, n, rank() OVER (ORDER BY n DESC) AS place FROM (${counts}) c) ranked
  WHERE place <= ${sql.raw(String(WORST_ELEVATORS))})`
export const PARTS_LISTED = 20

/** Orders `w` (on asset `a`, joined by `onAsset` only when the scope needs it) the caller may count. */
export function visible(scope: Scope, orderId: SQL = sql`w.id`): SQL {
  const parts = [
    withinSites(sql`a.site_id`, scope),
    ownRecords(scope, () => sql`${orderId} IN (SELECT id FROM own)`),
  ].filter((p): p is SQL => p !== undefined)
  return parts.length ? sql.join(parts.map((p) => sql`(${p})`), sql` AND `) : sql`true`
}

/**
 * The caller's own orders, when it lacks view-other: a CTE opening each statement, read by
 * `visible` (a semi-join on ids keeps the scans index-only; testing created_by on each order
 * of the period would fetch every row).
 */
export function own(scope: Scope): SQL {
  if (scope.viewOther) return sql``
  return sql`own AS MATERIALIZED (
    SELECT x.work_order_id AS id FROM ${workOrderAssignees} x WHERE x.user_id = ${scope.userId}::uuid
    UNION SELECT c.id FROM ${workOrders} c WHERE c.created_by = ${scope.userId}::uuid), `
}

/** The join to the order's asset, for a scope restricted to sites (else the index alone serves). */
export const onAsset = (scope: Scope, alias = 'w') => (scope.siteIds ? sql`JOIN ${assets} a ON a.id = ${sql.raw(alias)}.asset_id` : sql``)

/** The period: from the first day of its first month (UTC) to now. */
export interface Period { from: Date; to: Date; firstMonth: string; lastMonth: string }

const monthOf = (col: SQL) => sql`date_trunc('month', ${col} AT TIME ZONE 'UTC')`

export interface MonthRow {
  month: string
  openedCorrective: number; openedPreventive: number; closedCorrective: number; closedPreventive: number
  partsCostCents: number; laborCostCents: number
  gridsGenerated: number; gridsCompleted: number; gridsLate: number
}

export async function monthly(db: Db, scope: Scope, p: Period): Promise<MonthRow[]> {
  const v = visible(scope)
  const from = p.from.toISOString()
  const to = p.to.toISOString()
  return rowsOf<MonthRow>(db.execute(sql`
    WITH ${own(scope)}m AS (
      SELECT d AS month FROM generate_series(${`${p.firstMonth}-01`}::timestamp, ${`${p.lastMonth}-01`}::timestamp, interval '1 month') d
    ), opened AS (
      SELECT ${monthOf(sql`w.created_at`)} AS month,
             count(*) FILTER (WHERE w.type = 'CORRECTIVE')::int AS c, count(*) FILTER (WHERE w.type = 'PREVENTIVE')::int AS p
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE w.created_at >= ${from}::timestamptz AND w.created_at <= ${to}::timestamptz AND ${v}
      GROUP BY 1
    ), closed AS (
      SELECT ${monthOf(sql`w.completed_at`)} AS month,
             count(*) FILTER (WHERE w.type = 'CORRECTIVE')::int AS c, count(*) FILTER (WHERE w.type = 'PREVENTIVE')::int AS p
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE w.completed_at >= ${from}::timestamptz AND w.completed_at <= ${to}::timestamptz AND w.status = 'DONE' AND ${v}
      GROUP BY 1
    ), parts_cost AS (
      SELECT ${monthOf(sql`s.created_at`)} AS month, sum(-s.quantity::bigint * s.unit_price_cents)::bigint AS cents
      FROM ${stockMovements} s JOIN ${workOrders} w ON w.id = s.work_order_id ${onAsset(scope)}
      WHERE s.kind = 'CONSUMPTION' AND s.created_at >= ${from}::timestamptz AND s.created_at <= ${to}::timestamptz AND ${v}
      GROUP BY 1
    ), labor_cost AS (
      SELECT date_trunc('month', l.worked_on::timestamp) AS month, round(sum(l.minutes::bigint * l.hourly_rate_cents) / 60.0)::bigint AS cents
      FROM ${workOrderLabor} l JOIN ${workOrders} w ON w.id = l.work_order_id ${onAsset(scope)}
      WHERE l.worked_on >= ${`${p.firstMonth}-01`}::date AND l.worked_on <= (${to}::timestamptz AT TIME ZONE 'UTC')::date AND ${v}
      GROUP BY 1
    ), grids AS (
      SELECT (w.period_key || '-01')::timestamp AS month, count(*)::int AS generated,
             count(*) FILTER (WHERE w.status = 'DONE')::int AS completed,
             count(*) FILTER (WHERE w.status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD') AND w.due_at < ${to}::timestamptz)::int AS late
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE w.period_key >= ${p.firstMonth} AND w.period_key <= ${p.lastMonth} AND ${v}
      GROUP BY w.period_key
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
           coalesce(opened.c, 0) AS "openedCorrective", coalesce(opened.p, 0) AS "openedPreventive",
           coalesce(closed.c, 0) AS "closedCorrective", coalesce(closed.p, 0) AS "closedPreventive",
           coalesce(parts_cost.cents, 0)::float8 AS "partsCostCents", coalesce(labor_cost.cents, 0)::float8 AS "laborCostCents",
           coalesce(grids.generated, 0) AS "gridsGenerated", coalesce(grids.completed, 0) AS "gridsCompleted", coalesce(grids.late, 0) AS "gridsLate"
    FROM m LEFT JOIN opened USING (month) LEFT JOIN closed USING (month) LEFT JOIN parts_cost USING (month)
      LEFT JOIN labor_cost USING (month) LEFT JOIN grids USING (month)
    ORDER BY m.month`))
}

export interface Totals {
  backlog: { status: string; count: number }[]
  elevators: number; breakdowns: number; repairs: number; repairHours: number | null
  trappedCalls: number; released: number; releaseMinutes: number | null; releasedWithinHour: number
  worst: { assetId: string; reference: string; siteName: string; breakdowns: number }[]
}

export async function totals(db: Db, scope: Scope, p: Period): Promise<Totals> {
  const v = visible(scope)
  const from = p.from.toISOString()
  const to = p.to.toISOString()
  const inPeriod = sql`w.created_at >= ${from}::timestamptz AND w.created_at <= ${to}::timestamptz`
  const [r] = await rowsOf<Totals>(db.execute(sql`
    WITH ${own(scope)}breakdowns AS (
      SELECT w.asset_id, w.person_blocked
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE ${inPeriod} AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED' AND ${v}
    )
    SELECT
      (SELECT coalesce(json_agg(json_build_object('status', b.status, 'count', b.n) ORDER BY b.status), '[]'::json) FROM (
         SELECT w.status, count(*)::int AS n FROM ${workOrders} w ${onAsset(scope)}
         WHERE w.status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD') AND ${v} GROUP BY w.status) b) AS backlog,
      (SELECT count(*)::int FROM ${assets} a WHERE ${withinSites(sql`a.site_id`, scope) ?? sql`true`}) AS elevators,
      (SELECT count(*)::int FROM breakdowns) AS breakdowns,
      r.repairs, r.hours AS "repairHours",
      (SELECT count(*)::int FROM breakdowns WHERE person_blocked) AS "trappedCalls",
      t.released, t.minutes AS "releaseMinutes", t.within_hour AS "releasedWithinHour",
      (SELECT coalesce(json_agg(json_build_object('assetId', x.id, 'reference', x.reference, 'siteName', x.site_name, 'breakdowns', x.n)
                                ORDER BY x.n DESC, x.reference, x.id), '[]'::json) FROM (
         SELECT a.id, a.reference, s.name AS site_name, b.n
         FROM ${topCounts(sql`SELECT asset_id, count(*)::int AS n FROM breakdowns GROUP BY asset_id`)} b
         JOIN ${assets} a ON a.id = b.asset_id JOIN ${locations} l ON l.id = a.location_id JOIN ${locations} s ON s.id = l.site_id
         ORDER BY b.n DESC, a.reference, a.id LIMIT ${WORST_ELEVATORS}) x) AS worst
    FROM (
      SELECT count(*)::int AS repairs, (avg(extract(epoch FROM w.completed_at - w.created_at)) / 3600)::float8 AS hours
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE w.completed_at >= ${from}::timestamptz AND w.completed_at <= ${to}::timestamptz AND w.status = 'DONE' AND w.type = 'CORRECTIVE' AND ${v}
    ) r, (
      SELECT count(*)::int AS released, (avg(extract(epoch FROM w.released_at - w.created_at)) / 60)::float8 AS minutes,
             count(*) FILTER (WHERE w.released_at - w.created_at <= interval '1 hour')::int AS within_hour
      FROM ${workOrders} w ${onAsset(scope)}
      WHERE w.person_blocked AND ${inPeriod} AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED' AND w.released_at IS NOT NULL AND ${v}
    ) t`))
  return r
}

export interface LowPart { id: string; reference: string; designation: string; quantity: number; reorderThreshold: number }

/** Parts whose stock is under their threshold (quantity < threshold): stock is not per site. */
export async function partsUnderThreshold(db: Db): Promise<{ count: number; items: LowPart[] }> {
  const [r] = await rowsOf<{ count: number; items: LowPart[] }>(db.execute(sql`
    SELECT count(*)::int AS count,
           coalesce((json_agg(json_build_object('id', p.id, 'reference', p.reference, 'designation', p.designation,
                      'quantity', p.quantity, 'reorderThreshold', p.reorder_threshold)
                     ORDER BY p.quantity - p.reorder_threshold, p.reference) FILTER (WHERE p.rank <= ${PARTS_LISTED})), '[]'::json) AS items
    FROM (SELECT q.*, row_number() OVER (ORDER BY q.quantity - q.reorder_threshold, q.reference) AS rank
          FROM ${parts} q WHERE q.quantity < q.reorder_threshold) p`))
  return r
}
