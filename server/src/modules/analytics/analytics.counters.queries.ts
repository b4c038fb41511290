// The analytics summary for callers who see every order of their sites (view-other): the
// monthly counters of work_order_month_stats (migration 0008, kept by triggers) summed per
// month, instead of aggregating every order of the period. What the counters cannot hold is
// read live through small partial indexes: grids late now, the backlog, the worst elevators.
// The results are exactly those of the live queries (analytics.queries.ts), which still
// serve callers restricted to their own orders; analytics.counters.test.ts compares both.
import { sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { workOrderMonthStats as st } from './analytics.tables.ts'
import { locatedWithinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { type MonthRow, type Period, topCounts, type Totals, WORST_ELEVATORS } from './analytics.queries.ts'

type SiteScope = Pick<Scope, 'siteIds'>

const monthsOf = (p: Period) => sql`${st.month} >= ${`${p.firstMonth}-01`}::date AND ${st.month} <= ${`${p.lastMonth}-01`}::date`
const at = (column: unknown, scope: SiteScope) => locatedWithinSites(sql`${column}`, scope) ?? sql`true`
const OPEN = sql`('OPEN', 'IN_PROGRESS', 'ON_HOLD')`

export async function monthlyFromCounters(db: Db, scope: SiteScope, p: Period): Promise<MonthRow[]> {
  return rowsOf<MonthRow>(db.execute(sql`
    WITH m AS (
      SELECT d::date AS month FROM generate_series(${`${p.firstMonth}-01`}::timestamp, ${`${p.lastMonth}-01`}::timestamp, interval '1 month') d
    ), c AS (
      SELECT ${st.month} AS month, sum(${st.openedCorrective})::int AS oc, sum(${st.openedPreventive})::int AS op,
             sum(${st.closedCorrective})::int AS cc, sum(${st.closedPreventive})::int AS cp,
             sum(${st.partsCostCents})::float8 AS parts, round(sum(${st.laborRateMinutes}) / 60.0)::float8 AS labor,
             sum(${st.gridsGenerated})::int AS generated, sum(${st.gridsCompleted})::int AS completed
      FROM ${st} WHERE ${monthsOf(p)} AND ${at(st.locationId, scope)}
      GROUP BY ${st.month}
    ), late AS (
      SELECT (w.period_key || '-01')::date AS month, count(*)::int AS n
      FROM ${workOrders} w
      WHERE w.period_key IS NOT NULL AND w.status IN ${OPEN} AND w.period_key >= ${p.firstMonth} AND w.period_key <= ${p.lastMonth}
        AND w.due_at < ${p.to.toISOString()}::timestamptz AND ${at(sql`(SELECT a.location_id FROM ${assets} a WHERE a.id = w.asset_id)`, scope)}
      GROUP BY w.period_key
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
           coalesce(c.oc, 0) AS "openedCorrective", coalesce(c.op, 0) AS "openedPreventive",
           coalesce(c.cc, 0) AS "closedCorrective", coalesce(c.cp, 0) AS "closedPreventive",
           coalesce(c.parts, 0) AS "partsCostCents", coalesce(c.labor, 0) AS "laborCostCents",
           coalesce(c.generated, 0) AS "gridsGenerated", coalesce(c.completed, 0) AS "gridsCompleted", coalesce(late.n, 0) AS "gridsLate"
    FROM m LEFT JOIN c USING (month) LEFT JOIN late USING (month)
    ORDER BY m.month`))
}

export async function totalsFromCounters(db: Db, scope: SiteScope, p: Period): Promise<Totals> {
  const from = p.from.toISOString()
  const to = p.to.toISOString()
  const [r] = await rowsOf<Totals>(db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object('status', b.status, 'count', b.n) ORDER BY b.status), '[]'::json) FROM (
         SELECT w.status, count(*)::int AS n FROM ${workOrders} w JOIN ${assets} a ON a.id = w.asset_id
         WHERE w.status IN ${OPEN} AND ${at(sql`a.location_id`, scope)} GROUP BY w.status) b) AS backlog,
      (SELECT count(*)::int FROM ${assets} a WHERE ${at(sql`a.location_id`, scope)}) AS elevators,
      c.breakdowns, c.repairs, (c.repair_ms / 3600000 / nullif(c.repairs, 0))::float8 AS "repairHours",
      c.trapped AS "trappedCalls", c.released, (c.release_ms / 60000 / nullif(c.released, 0))::float8 AS "releaseMinutes",
      c.within_hour AS "releasedWithinHour",
      (SELECT coalesce(json_agg(json_build_object('assetId', x.id, 'reference', x.reference, 'siteName', x.site_name, 'breakdowns', x.n)
                                ORDER BY x.n DESC, x.reference, x.id), '[]'::json) FROM (
         SELECT a.id, a.reference, s.name AS site_name, b.n
         FROM ${topCounts(sql`SELECT w.asset_id, count(*)::int AS n FROM ${workOrders} w
               WHERE w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED' AND w.created_at >= ${from}::timestamptz AND w.created_at <= ${to}::timestamptz
                 AND ${scope.siteIds ? sql`w.asset_id IN (SELECT a.id FROM ${assets} a WHERE ${at(sql`a.location_id`, scope)})` : sql`true`}
               GROUP BY w.asset_id`)} b
         JOIN ${assets} a ON a.id = b.asset_id JOIN ${locations} l ON l.id = a.location_id JOIN ${locations} s ON s.id = l.site_id
         WHERE ${at(sql`a.location_id`, scope)}
         ORDER BY b.n DESC, a.reference, a.id LIMIT ${WORST_ELEVATORS}) x) AS worst
    FROM (
      SELECT coalesce(sum(${st.breakdowns}), 0)::int AS breakdowns, coalesce(sum(${st.repairs}), 0)::int AS repairs,
             sum(${st.repairMs})::float8 AS repair_ms, coalesce(sum(${st.trappedCalls}), 0)::int AS trapped,
             coalesce(sum(${st.released}), 0)::int AS released, sum(${st.releaseMs})::float8 AS release_ms,
             coalesce(sum(${st.releasedWithinHour}), 0)::int AS within_hour
      FROM ${st} WHERE ${monthsOf(p)} AND ${at(st.locationId, scope)}
    ) c`))
  return r
}
