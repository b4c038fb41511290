// The legal record's figures of the analytics summary (docs/analytics.md, "The legal record";
// docs/compliance.md): callbacks and first-time fixes, call → arrival and call → release
// times, in two statements (run in parallel) through `visible` like the other order figures.
// Both read `breakdown_facts` (migration 0027), one row per corrective order kept by triggers
// with the carnet's definitions (a breakdown `isBreakdown`, its call `callAtOf`, the callback
// window; analytics.facts.test.ts checks the stored rows against them), through two covering
// indexes: probing each repair's callback and each order's request cost 230–390 ms p95 at
// scale. The six-week state is the dispatcher's list (preventive.due.queries.ts). Read
// live from the facts: percentiles do not sum from monthly counters.
import { sql } from 'drizzle-orm'
import { withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { onAsset, own, type Period, visible } from './analytics.queries.ts'

export interface Callbacks { repairs: number; calledBack: number }
export interface Times {
  arrivals: number; arrivalMedian: number | null; arrivalP90: number | null
  releases: number; releaseMedian: number | null; releaseP90: number | null; releasedWithinHour: number
}

const orderId = sql`f.work_order_id`

/** Repairs of the period (DONE breakdowns, by completion) and those called back. */
export async function callbacks(db: Db, scope: Scope, p: Period): Promise<Callbacks> {
  // The callback is an event of the elevator: the stored flag counts whoever may see it.
  const [r] = await rowsOf<Callbacks>(db.execute(sql`
    WITH ${own(scope)}repairs AS (
      SELECT f.called_back FROM breakdown_facts f ${onAsset(scope, 'f')}
      WHERE f.repair AND f.completed_at >= ${p.from.toISOString()}::timestamptz AND f.completed_at <= ${p.to.toISOString()}::timestamptz
        AND ${visible(scope, orderId)}
    )
    SELECT count(*)::int AS repairs, count(*) FILTER (WHERE called_back)::int AS "calledBack" FROM repairs`))
  return r
}

/** Call → arrival and call → release over the corrective orders created in the period (whole minutes rounded down, as WorkOrderDetail). */
export async function times(db: Db, scope: Scope, p: Period): Promise<Times> {
  const [r] = await rowsOf<Times>(db.execute(sql`
    WITH ${own(scope)}times AS (
      SELECT f.arrival_minutes AS arrival, f.release_minutes AS release FROM breakdown_facts f ${onAsset(scope, 'f')}
      WHERE f.created_at >= ${p.from.toISOString()}::timestamptz AND f.created_at <= ${p.to.toISOString()}::timestamptz
        AND (f.arrival_minutes IS NOT NULL OR f.release_minutes IS NOT NULL) AND ${visible(scope, orderId)}
    )
    SELECT a.n AS arrivals, a.q[1] AS "arrivalMedian", a.q[2] AS "arrivalP90",
      l.n AS releases, l.q[1] AS "releaseMedian", l.q[2] AS "releaseP90", l.within_hour AS "releasedWithinHour"
    FROM (SELECT count(arrival)::int AS n, percentile_cont(ARRAY[0.5, 0.9]::float8[]) WITHIN GROUP (ORDER BY arrival) AS q FROM times WHERE arrival IS NOT NULL) a,
      (SELECT count(release)::int AS n, percentile_cont(ARRAY[0.5, 0.9]::float8[]) WITHIN GROUP (ORDER BY release) AS q,
              count(*) FILTER (WHERE release < 60)::int AS within_hour FROM times WHERE release IS NOT NULL) l`))
  return r
}

/** Elevators under maintenance contract in the caller's sites (elevators are seen by site, as in getAsset). */
export async function underContract(db: Db, scope: Pick<Scope, 'siteIds'>): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db.execute(sql`
    SELECT count(*)::int AS n FROM assets a WHERE a.under_contract AND ${withinSites(sql`a.site_id`, scope) ?? sql`true`}`))
  return r.n
}
