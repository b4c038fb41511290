// The legal record's figures of the analytics summary (docs/analytics.md, "The legal record";
// docs/compliance.md): callbacks and first-time fixes, call → arrival and call → release
// times, in two statements (run in parallel) through `visible` like the other order figures.
// The definitions are shared, not repeated: a breakdown and its call are the carnet's
// (assets.logbook.queries.ts), the six-week state is the dispatcher's list
// (preventive.visits.queries.ts). Read live: percentiles do not sum from monthly counters.
import { sql } from 'drizzle-orm'
import { withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { CALLBACK_DAYS } from '../assets/assets.logbook.schemas.ts'
import { callAtOf, isBreakdown } from '../assets/assets.logbook.queries.ts'
import { onAsset, own, type Period, visible } from './analytics.queries.ts'

export interface Callbacks { repairs: number; calledBack: number }
export interface Times {
  arrivals: number; arrivalMedian: number | null; arrivalP90: number | null
  releases: number; releaseMedian: number | null; releaseP90: number | null; releasedWithinHour: number
}

const days = sql.raw(String(CALLBACK_DAYS))

/** Repairs of the period (DONE breakdowns, by completion) and those called back. */
export async function callbacks(db: Db, scope: Scope, p: Period): Promise<Callbacks> {
  // A repair is called back when another breakdown of the elevator (not cancelled) was called
  // at most 30 × 24 h after its completion, the bound included. The callback is an event of the
  // elevator: it counts whoever may see it. Its call is never after its creation, hence the
  // created_at bound that lets work_orders_callback_idx (migration 0023) serve the probe.
  const calledBack = sql`EXISTS (SELECT 1 FROM work_orders c
    WHERE c.asset_id = w.asset_id AND c.id <> w.id AND c.type = 'CORRECTIVE' AND c.status <> 'CANCELLED' AND c.created_at >= w.completed_at
      AND ${isBreakdown('c')} AND ${callAtOf('c')} BETWEEN w.completed_at AND w.completed_at + make_interval(days => ${days}))`
  const [r] = await rowsOf<Callbacks>(db.execute(sql`
    WITH ${own(scope)}repairs AS (
      SELECT ${calledBack} AS called_back
      FROM work_orders w ${onAsset(scope)}
      WHERE w.completed_at >= ${p.from.toISOString()}::timestamptz AND w.completed_at <= ${p.to.toISOString()}::timestamptz
        AND w.status = 'DONE' AND ${isBreakdown('w')} AND ${visible(scope)}
    )
    SELECT count(*)::int AS repairs, count(*) FILTER (WHERE called_back)::int AS "calledBack" FROM repairs`))
  return r
}

/** Call → arrival and call → release over the breakdowns created in the period (whole minutes rounded down, as WorkOrderDetail). */
export async function times(db: Db, scope: Scope, p: Period): Promise<Times> {
  const [r] = await rowsOf<Times>(db.execute(sql`
    WITH ${own(scope)}times AS (
      SELECT floor(extract(epoch FROM w.arrived_at - k.call_at) / 60) AS arrival,
             CASE WHEN w.person_blocked THEN floor(extract(epoch FROM w.released_at - k.call_at) / 60) END AS release
      FROM work_orders w ${onAsset(scope)} CROSS JOIN LATERAL (SELECT ${callAtOf('w')} AS call_at) k
      WHERE w.created_at >= ${p.from.toISOString()}::timestamptz AND w.created_at <= ${p.to.toISOString()}::timestamptz
        AND w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED' AND (w.arrived_at IS NOT NULL OR w.released_at IS NOT NULL) AND ${visible(scope)}
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
