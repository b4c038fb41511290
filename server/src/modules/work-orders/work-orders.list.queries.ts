// The work-order listing: triage order, filters, scope and keyset pagination (SQL only).
// Each row comes as the JSON text the writers keep in work_orders.list_row (migration 0013),
// with its sort key beside it for the next page's cursor.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { workOrderAssignees, workOrders } from './work-orders.tables.ts'
import { opaque, prepared, rawRows } from '../../db/prepared.ts'
import { ownRecords, siteIdsParam, siteOf, withinSites, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { containsPattern } from '../assets/assets.list.queries.ts'
import { site } from './work-orders.detail.queries.ts'
import { LIVE_STATUSES, type Priority, type WorkOrderStatus, type WorkOrderType } from './work-orders.states.ts'

export interface WorkOrderFilter {
  /** Orders in any of these states. */
  status?: WorkOrderStatus[]
  /** Only orders not finished whose due date has passed at this instant (the service's clock). */
  lateAt?: Date
  priority?: Priority
  type?: WorkOrderType
  assetId?: string
  siteId?: string
  assigneeId?: string
  /** The caller's id when only its own orders are asked for (`mine`). */
  mineOf?: string
  /** Only orders nobody is assigned to. */
  unassigned?: boolean
  q?: string
}

/**
 * Where the previous page stopped: its last row's sort key. created_at travels as text with
 * microseconds (writers in SQL stamp microseconds; a millisecond cursor would repeat rows).
 */
export type Keyset = [personBlocked: boolean, priorityRank: number, createdAt: string, id: string]

// The triage order (docs/work-orders.md), written exactly as work_orders_triage_idx is built
// (DESC NULLS LAST): a plain DESC means NULLS FIRST, which the index cannot serve, and
// PostgreSQL would sort the whole table for every page.
const ORDER = [
  sql`${workOrders.personBlocked} DESC NULLS LAST`, sql`${workOrders.priorityRank} DESC NULLS LAST`, asc(workOrders.createdAt), asc(workOrders.id),
]
/** A listed order: its row as JSON text (the contract's WorkOrder) and its sort key. */
export interface WorkOrderListRow { row: string; pb: boolean; rank: number; atMicros: string; id: string }

// Each field aliased to its key: the prepared pages read the driver's rows as they are (`rawRows`).
const rowFields = {
  row: sql<string>`${workOrders}.list_row`.as('row'),
  pb: sql<boolean>`${workOrders.personBlocked}`.as('pb'),
  rank: sql<number>`${workOrders.priorityRank}`.as('rank'),
  // The creation time to the microsecond (writers in SQL stamp microseconds; a millisecond
  // cursor would repeat rows), as an integer: cheaper than formatting it for every row.
  atMicros: sql<string>`(extract(epoch FROM ${workOrders.createdAt}) * 1000000)::bigint`.as('atMicros'),
  id: sql<string>`${workOrders.id}`.as('id'),
}

// The sort key's columns: an order's own, or those an assignment carries (migration 0011).
interface KeyColumns { pb: SQL; rank: SQL; at: SQL; id: SQL }
const orderKey: KeyColumns = { pb: sql`${workOrders.personBlocked}`, rank: sql`${workOrders.priorityRank}`, at: sql`${workOrders.createdAt}`, id: sql`${workOrders.id}` }
type Bound = [pb: SQL | boolean, rank: SQL | number, at: SQL | string, id: SQL | string]

/**
 * Rows after (pb, rank, at, id) in the triage order, whose first two keys sort descending
 * and the last two ascending: written as nested bounds so that the index's leading column
 * bounds the scan.
 */
const afterKey = (k: KeyColumns, [pb, rank, at, id]: Bound) => sql`${k.pb} <= ${pb}
    AND (${k.pb} < ${pb} OR ${k.rank} <= ${rank})
    AND (${k.pb} < ${pb} OR ${k.rank} < ${rank} OR (${k.at}, ${k.id}) > (${at}::timestamptz, ${id}::uuid))`

// The keyset as the parameters of a prepared page.
const boundParams: Bound = [sql`${sql.placeholder('pb')}::boolean`, sql`${sql.placeholder('rank')}::int`, sql.placeholder('at') as unknown as SQL, sql.placeholder('afterId') as unknown as SQL]

// Before every row: a blocked person at a rank above URGENT.
const BEFORE_ALL: Keyset = [true, 5, '1900-01-01T00:00:00.000000Z', '00000000-0000-0000-0000-000000000000']

/**
 * Own orders as a set the planner can start from (the user's assignments and creations,
 * each through its index), rather than a test per row of the triage scan: a technician's few
 * hundred orders among hundreds of thousands are then fetched, not searched for.
 */
export const ownedByIds = (userId: SQL) => sql`${workOrders.id} IN (
  SELECT x.work_order_id FROM ${workOrderAssignees} x WHERE x.user_id = ${userId}
  UNION ALL SELECT c.id FROM ${workOrders} c WHERE c.created_by = ${userId})`

const placedWithinSite = (siteId: string) => eq(assets.siteId, siteId)

// Work not finished, written as work_orders_live_triage_idx's predicate (constants, not
// parameters) so that PostgreSQL can prove the partial index serves it.
const LIVE = sql.raw(`'${LIVE_STATUSES.join("', '")}'`)
export const isLive = sql`${workOrders.status} IN (${LIVE})`
export const isLiveSet = (statuses: readonly string[]) => statuses.length === LIVE_STATUSES.length && LIVE_STATUSES.every((s) => statuses.includes(s))
const inStatuses = (statuses: WorkOrderStatus[]) => (isLiveSet(statuses) ? isLive
  : statuses.length === 1 ? eq(workOrders.status, statuses[0]!) : inArray(workOrders.status, statuses))
// Late: the same as the web client's « en retard » (a due date passed, the order not finished).
const isLate = (now: Date) => sql`(${isLive} AND ${workOrders.dueAt} < ${now.toISOString()}::timestamptz)`

export function conditions(scope: Scope, f: WorkOrderFilter, ownership = true): SQL[] {
  const where: (SQL | undefined)[] = [withinSites(site.id, scope), ownership ? ownRecords(scope, (u) => ownedByIds(sql`${u}::uuid`)) : undefined]
  if (f.status) where.push(inStatuses(f.status))
  if (f.lateAt) where.push(isLate(f.lateAt))
  if (f.priority) where.push(eq(workOrders.priority, f.priority))
  if (f.type) where.push(eq(workOrders.type, f.type))
  if (f.assetId) where.push(eq(workOrders.assetId, f.assetId))
  if (f.siteId) where.push(placedWithinSite(f.siteId))
  if (f.assigneeId) where.push(sql`${workOrders.id} IN (SELECT fa.work_order_id FROM ${workOrderAssignees} fa WHERE fa.user_id = ${f.assigneeId})`)
  if (f.unassigned) where.push(sql`NOT EXISTS (SELECT 1 FROM ${workOrderAssignees} ua WHERE ua.work_order_id = ${workOrders.id})`)
  if (f.mineOf && ownership) where.push(ownedByIds(sql`${f.mineOf}::uuid`))
  if (f.q) {
    const p = containsPattern(f.q)
    where.push(or(sql`${workOrders.reference} ILIKE ${p}`, sql`${workOrders.description} ILIKE ${p}`, sql`${assets.reference} ILIKE ${p}`))
  }
  return where.filter((w): w is SQL => w !== undefined)
}

const unrestricted = (scope: Scope, f: WorkOrderFilter) => scope.viewOther && !scope.siteIds && Object.values(f).every((v) => v === undefined)
// The same listing filtered by one status only (work_orders_status_triage_idx).
export const byStatusOnly = (scope: Scope, f: WorkOrderFilter) => scope.viewOther && !scope.siteIds && f.status !== undefined
  && Object.entries(f).every(([k, v]) => k === 'status' || v === undefined)
const byOneStatusOnly = (scope: Scope, f: WorkOrderFilter) => byStatusOnly(scope, f) && f.status!.length === 1
// The list as the web client opens it: the work not finished (work_orders_live_triage_idx).
const liveOnly = (scope: Scope, f: WorkOrderFilter) => byStatusOnly(scope, f) && isLiveSet(f.status!)

// The listing as a dispatcher opens it (everything, no filter) is prepared, the keyset as
// parameters. Restricted or filtered listings are built per call, so that each gets a plan
// for its own conditions (a generic plan with optional ones would lose the indexes they need).
// The page size (and the status) are `opaque`: seen, they made PostgreSQL plan at every call.
const pageStatement = prepared((db) => db.select(rowFields).from(workOrders)
  .where(and(
    afterKey(orderKey, boundParams),
  ))
  .orderBy(...ORDER)
  .limit(opaque('limit', 'int'))
  .prepare('work_orders_page'))

// An assignment's copy of its order's sort key (kept by migration 0011's triggers).
const assignmentKey: KeyColumns = {
  pb: sql`${workOrderAssignees}.person_blocked`, rank: sql`${workOrderAssignees}.priority_rank`,
  at: sql`${workOrderAssignees}.order_created_at`, id: sql`${workOrderAssignees.workOrderId}`,
}
const orderBy = (k: KeyColumns) => sql`${k.pb} DESC NULLS LAST, ${k.rank} DESC NULLS LAST, ${k.at}, ${k.id}`

/**
 * A page of someone's own orders: the page's worth read in the triage order from each of the
 * two streams (assigned, created), each through an index in that order and stopping there,
 * merged and cut to the page by their sort keys (an assignment carries its order's), and only
 * then joined to the orders for their rows. Fetching all of a technician's thousands of
 * orders to sort them cost 30 ms. Cut before the join, the statement's generic plan costs
 * less than a custom one, so PostgreSQL keeps it instead of planning every call (0.5 ms).
 */
function ownPageQuery(db: Db, p: { userId: SQL; where: SQL | undefined; after: Bound; limit: SQL | number }) {
  // The order, the elevator and its place are joined only for a condition on them.
  const placed = p.where ? sql`JOIN ${assets} ON ${assets.id} = ${workOrders.assetId}
    JOIN ${locations} ON ${locations.id} = ${assets.locationId}
    JOIN ${locations} AS ${sql.identifier('site')} ON ${site.id} = ${siteOf(locations)}` : sql``
  const stream = (key: KeyColumns, from: SQL, owner: SQL) => sql`(SELECT ${key.id} AS id, ${key.pb} AS pb, ${key.rank} AS rank, ${key.at} AS at
    FROM ${from} ${placed}
    WHERE ${owner} ${p.where ? sql`AND ${p.where}` : sql``} AND ${afterKey(key, p.after)}
    ORDER BY ${orderBy(key)} LIMIT ${p.limit})`
  const assignments = p.where ? sql`${workOrderAssignees} JOIN ${workOrders} ON ${workOrders.id} = ${workOrderAssignees.workOrderId}` : sql`${workOrderAssignees}`
  const assigned = stream(assignmentKey, assignments, sql`${workOrderAssignees.userId} = ${p.userId}`)
  const created = stream(orderKey, sql`${workOrders}`, sql`${workOrders.createdBy} = ${p.userId}`)
  const own = sql.identifier('own')
  return db.select(rowFields).from(workOrders)
    .innerJoin(sql`(${assigned} UNION ${created} ORDER BY pb DESC NULLS LAST, rank DESC NULLS LAST, at, id LIMIT ${p.limit}) AS ${own}`,
      sql`${own}.id = ${workOrders.id}`)
    // In the merged stream's order (the same keys: an assignment carries its order's), which the
    // join to the orders keeps: no second sort of the 50 rows' texts (a quarter of the
    // statement's PostgreSQL time, EXPLAIN ANALYZE on the scale dataset).
    .orderBy(sql`${own}.pb DESC NULLS LAST, ${own}.rank DESC NULLS LAST, ${own}.at, ${own}.id`)
    .limit(p.limit as number)
}

const ownPageParams = (where: SQL | undefined) => ({
  userId: sql`${sql.placeholder('userId')}::uuid`, where, after: boundParams, limit: sql.placeholder('limit') as unknown as SQL,
})
// A technician opening his list (no filter) is prepared: one statement for those assigned to
// no site, another with his sites as a parameter.
const ownPageStatement = prepared((db) => ownPageQuery(db, ownPageParams(undefined)).prepare('work_orders_own_page'))
const ownSitesPageStatement = prepared((db) => ownPageQuery(db, ownPageParams(withinSitesParam(site.id))).prepare('work_orders_own_sites_page'))

const statusPageStatement = prepared((db) => db.select(rowFields).from(workOrders)
  .where(and(
    sql`${workOrders.status} = ${opaque('status', 'text')}`,
    afterKey(orderKey, boundParams),
  ))
  .orderBy(...ORDER)
  .limit(opaque('limit', 'int'))
  .prepare('work_orders_status_page'))

const livePageStatement = prepared((db) => db.select(rowFields).from(workOrders)
  .where(and(
    isLive,
    afterKey(orderKey, boundParams),
  ))
  .orderBy(...ORDER)
  .limit(opaque('limit', 'int'))
  .prepare('work_orders_live_page'))

/** One page after `page.after`, plus one row more to tell whether another page follows. */
export async function listWorkOrdersPage(db: Db, scope: Scope, f: WorkOrderFilter, page: { limit: number; after?: Keyset }): Promise<WorkOrderListRow[]> {
  const [pb, rank, at, afterId] = page.after ?? BEFORE_ALL
  if (unrestricted(scope, f)) {
    return rawRows<WorkOrderListRow>(pageStatement(db), { pb, rank, at, afterId, limit: page.limit + 1 })
  }
  if (byOneStatusOnly(scope, f)) {
    return rawRows<WorkOrderListRow>(statusPageStatement(db), { status: f.status![0], pb, rank, at, afterId, limit: page.limit + 1 })
  }
  if (liveOnly(scope, f)) {
    return rawRows<WorkOrderListRow>(livePageStatement(db), { pb, rank, at, afterId, limit: page.limit + 1 })
  }
  // Own orders only (the caller's scope, or « mine »): read from the owner's streams.
  const owner = !scope.viewOther ? scope.userId : f.mineOf
  if (owner && (scope.viewOther || !f.mineOf || f.mineOf === scope.userId)) {
    const filtered = Object.entries(f).some(([k, v]) => k !== 'mineOf' && v !== undefined)
    return filtered
      ? ownPageQuery(db, { userId: sql`${owner}::uuid`, where: and(...conditions(scope, f, false)), after: [pb, rank, at, afterId], limit: page.limit + 1 })
      : scope.siteIds
        ? rawRows<WorkOrderListRow>(ownSitesPageStatement(db), { userId: owner, siteIds: siteIdsParam(scope), pb, rank, at, afterId, limit: page.limit + 1 })
        : rawRows<WorkOrderListRow>(ownPageStatement(db), { userId: owner, pb, rank, at, afterId, limit: page.limit + 1 })
  }
  const where = conditions(scope, f)
  if (page.after) where.push(afterKey(orderKey, [pb, rank, at, afterId]))
  return placedPage<WorkOrderListRow>(db, rowFields, where, ORDER, page.limit + 1)
}

/**
 * A filtered or restricted page, built per call so that each gets a plan for its own
 * conditions: the orders with their elevator, its place and site (what `conditions` reads).
 */
export function placedPage<R>(db: Db, fields: Record<string, SQL.Aliased>, where: SQL[], order: SQL[], limit: number): Promise<R[]> {
  return db.select(fields).from(workOrders)
    .innerJoin(assets, eq(assets.id, workOrders.assetId))
    .innerJoin(locations, eq(locations.id, assets.locationId))
    .innerJoin(site, eq(site.id, siteOf(locations)))
    .where(and(...where))
    .orderBy(...order)
    .limit(limit) as unknown as Promise<R[]>
}
