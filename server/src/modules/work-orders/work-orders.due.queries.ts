// The work-order listing in the order of the day's triage (`sort=due`, docs/work-orders.md):
// trapped persons first, then by due date (undated last), then id. Late orders come first
// without a key of their own: late means a due date already passed, so they lead by date.
import { and, sql, type SQL } from 'drizzle-orm'
import { workOrders } from './work-orders.tables.ts'
import { opaque, prepared, rawRows } from '../../db/prepared.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { byStatusOnly, conditions, isLive, isLiveSet, placedPage, type WorkOrderFilter } from './work-orders.list.queries.ts'

/** Where the previous page stopped: blocked, due date (ISO, microseconds; null: undated), id. */
export type DueKeyset = [personBlocked: boolean, dueAt: string | null, id: string]
export interface WorkOrderDueRow { row: string; pb: boolean; dueMicros: string | null; id: string }

// Undated orders sort after every date: the same expression as work_orders_live_due_idx's
// second column, so that the index serves the order and the bounds.
const due = sql`COALESCE(${workOrders.dueAt}, 'infinity'::timestamptz)`
const ORDER = [sql`${workOrders.personBlocked} DESC NULLS LAST`, sql`${due}`, sql`${workOrders.id}`]

const rowFields = {
  row: sql<string>`${workOrders}.list_row`.as('row'),
  pb: sql<boolean>`${workOrders.personBlocked}`.as('pb'),
  // Whole microseconds (a millisecond cursor could repeat rows); null when undated.
  dueMicros: sql<string | null>`(extract(epoch FROM ${workOrders.dueAt}) * 1000000)::bigint`.as('dueMicros'),
  id: sql<string>`${workOrders.id}`.as('id'),
}

type Bound = [pb: SQL | boolean, due: SQL | string | null, id: SQL | string]
/** Rows after the key, written as nested bounds so that the index's leading column bounds the scan. */
const afterKey = ([pb, at, id]: Bound) => sql`${workOrders.personBlocked} <= ${pb}
    AND (${workOrders.personBlocked} < ${pb} OR (${due}, ${workOrders.id}) > (COALESCE(${at}::timestamptz, 'infinity'::timestamptz), ${id}::uuid))`

// Before every row: a blocked person due at the beginning of time.
const BEFORE_ALL: DueKeyset = [true, '-infinity', '00000000-0000-0000-0000-000000000000']

/**
 * The next rows of one « blocked » group of the live work, in (due, id) order: an equality on
 * person_blocked and a range on (due, id) that work_orders_live_due_idx reads in order and stops
 * at the page size (a condition « blocked < x OR (due, id) > y » would only filter the scan).
 */
function liveGroup(db: Db, blocked: boolean, fromKey: boolean) {
  return db.select({ id: workOrders.id, pb: sql<boolean>`${workOrders.personBlocked}`.as('pb'), due: sql`${due}`.as('due') }).from(workOrders)
    .where(and(isLive, sql`${workOrders.personBlocked} = ${sql.raw(blocked ? 'true' : 'false')}`,
      fromKey ? sql`(${due}, ${workOrders.id}) > (COALESCE(${sql.placeholder('due')}::timestamptz, 'infinity'::timestamptz), ${sql.placeholder('afterId')}::uuid)` : undefined))
    .orderBy(due, workOrders.id)
    .limit(opaque('limit', 'int'))
}

/**
 * The list as the web client opens it (work not finished, every order visible), prepared:
 * from a key among the trapped persons, the rest of them then the first of the others; from a
 * key among the others, the rest of those. The page's ids are cut from the index alone, then
 * only their rows are read. The page size is opaque (see `opaque`).
 */
function livePage(db: Db, blocked: boolean) {
  const ids = blocked ? sql`${liveGroup(db, true, true)} UNION ALL ${liveGroup(db, false, false)}` : sql`${liveGroup(db, false, true)}`
  const pageIds = sql`SELECT k.id FROM (${ids}) k ORDER BY k.pb DESC, k.due, k.id LIMIT ${opaque('limit', 'int')}`
  return db.select(rowFields).from(workOrders)
    .where(sql`${workOrders.id} = ANY(ARRAY(${pageIds}))`)
    .orderBy(...ORDER)
    .limit(opaque('limit', 'int'))
    .prepare(blocked ? 'work_orders_live_due_blocked_page' : 'work_orders_live_due_page')
}
const liveBlockedPageStatement = prepared((db) => livePage(db, true))
const liveOthersPageStatement = prepared((db) => livePage(db, false))

/** One page after `page.after` in the due order, plus one row more to tell whether another follows. */
export async function listWorkOrdersByDuePage(db: Db, scope: Scope, f: WorkOrderFilter, page: { limit: number; after?: DueKeyset }): Promise<WorkOrderDueRow[]> {
  const [pb, at, afterId] = page.after ?? BEFORE_ALL
  if (byStatusOnly(scope, f) && isLiveSet(f.status!)) {
    return rawRows<WorkOrderDueRow>((pb ? liveBlockedPageStatement : liveOthersPageStatement)(db), { due: at, afterId, limit: page.limit + 1 })
  }
  // Filtered or restricted listings are built per call (each gets a plan for its conditions).
  const where = conditions(scope, f)
  where.push(afterKey([pb, at, afterId]))
  return placedPage<WorkOrderDueRow>(db, rowFields, where, ORDER, page.limit + 1)
}
