// The inspections' figure of the analytics summary that the fleet's list does not give: the
// findings still open (docs/compliance.md, "The technical inspection"). The overdue and
// due-soon counts are the dispatcher's list's (preventive.due.queries.ts), not a second
// definition.
import { sql } from 'drizzle-orm'
import { withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'

/** Orders from an inspection's findings, neither done nor cancelled, on elevators of the caller's sites. */
export async function openFindings(db: Db, scope: Pick<Scope, 'siteIds'>): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db.execute(sql`
    SELECT count(*)::int AS n FROM work_orders w JOIN assets a ON a.id = w.asset_id
    WHERE w.inspection_id IS NOT NULL AND w.status NOT IN ('DONE', 'CANCELLED') AND ${withinSites(sql`a.site_id`, scope) ?? sql`true`}`))
  return r.n
}
