// Visits at most six weeks apart (docs/compliance.md): the definition of an elevator's last
// visit (the SQL function asset_last_visit_at of migration 0022 keeps the same, for the rows the
// writers keep in asset_visits), and the elevator's detail's fields read from those rows. Days
// left are derived from the clock at read time, never stored: they would be wrong the next
// morning.
import { sql, type SQL } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'

/** Arrêté du 18 novembre 2004: a maintenance visit at most every six weeks. */
export const VISIT_INTERVAL_DAYS = 42
/** The next visit is "due soon" from this many days before its due date. */
export const VISIT_DUE_SOON_DAYS = 7

/**
 * Labels (compared case-insensitively, like the vocabulary's unique index) of the coded
 * report's CIRCUMSTANCE values that say an order was made during a maintenance visit.
 */
export const VISIT_CIRCUMSTANCES = ['visite d’entretien', 'visite d\'entretien', 'visite préventive']

const visitLabels = sql.join(VISIT_CIRCUMSTANCES.map((l) => sql`${l}`), sql`, `)
// Uncorrelated: the database computes it once per statement (an InitPlan), not per elevator.
const visitCircumstanceIds = sql`ARRAY(SELECT rv.id FROM reference_values rv WHERE rv.field = 'CIRCUMSTANCE' AND lower(rv.label) IN (${visitLabels}))`

/**
 * The completion time of the elevator's last visit (timestamptz, null when never visited): a
 * finished (DONE) grid (PREVENTIVE), or any other finished order whose report's circumstance is
 * a maintenance visit. Each branch is one probe of a partial index (migration 0020): the grids'
 * by elevator, the coded orders' by elevator and circumstance value (two values at most).
 */
export function lastVisitAt(assetId: SQL): SQL<Date | null> {
  return sql<Date | null>`GREATEST(
    (SELECT w.completed_at FROM work_orders w
      WHERE w.asset_id = ${assetId} AND w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL
      ORDER BY w.completed_at DESC NULLS LAST LIMIT 1),
    (SELECT max(cv.completed_at) FROM unnest(${visitCircumstanceIds}) AS rv(id)
      CROSS JOIN LATERAL (SELECT w.completed_at FROM work_orders w
        WHERE w.asset_id = ${assetId} AND w.report_circumstance_id = rv.id AND w.status = 'DONE' AND w.completed_at IS NOT NULL
        ORDER BY w.completed_at DESC NULLS LAST LIMIT 1) cv))`
}

/**
 * A LATERAL subquery (alias `v`) of the asset row `a` at `now` (timestamptz) with three
 * columns, read from what the writers keep (`asset_visits`, migration 0022: one key probe, the
 * same rows as the fleet's list; `assets.visits-stored.test.ts` checks they are what
 * lastVisitAt and the rule below give):
 * - last_visit_at: see lastVisitAt;
 * - due_at: 42 days after the last visit; never visited, 42 days after the elevator entered
 *   the register or was commissioned, whichever is later (a first visit is owed within six
 *   weeks of taking it on); null when not under contract: no visit is owed;
 * - days_left: whole days (UTC calendar days, like the grids' months) from `now` to due_at,
 *   negative when overdue.
 * A left join: an elevator is never hidden for want of its row.
 */
export function visitLateral(a: { id: SQL }, now: SQL): SQL {
  return sql`(
    SELECT k.last_visit_at, k.visit_due_at AS due_at,
      (k.visit_due_at AT TIME ZONE 'UTC')::date - ((${now})::timestamptz AT TIME ZONE 'UTC')::date AS days_left
    FROM (SELECT 1) one LEFT JOIN asset_visits k ON k.asset_id = ${a.id}
  ) v`
}

/** UP_TO_DATE, DUE_SOON (0 to 7 days left) or OVERDUE (the due day has passed); null without a due date. */
export type VisitStateValue = 'UP_TO_DATE' | 'DUE_SOON' | 'OVERDUE'
export const visitStateOf = (daysLeft: SQL) => sql<VisitStateValue | null>`CASE WHEN ${daysLeft} IS NULL THEN NULL WHEN ${daysLeft} < 0 THEN 'OVERDUE'
    WHEN ${daysLeft} <= ${sql.raw(String(VISIT_DUE_SOON_DAYS))} THEN 'DUE_SOON' ELSE 'UP_TO_DATE' END`

/** The four fields of AssetDetail, read from the `v` of visitLateral. */
export const visitFields = {
  lastVisitAt: isoUtc(sql`v.last_visit_at`),
  nextVisitDueAt: isoUtc(sql`v.due_at`),
  visitDaysLeft: sql<number | null>`v.days_left`,
  visitState: visitStateOf(sql`v.days_left`),
}
