// The work-order detail in one prepared statement: the stored text of the order (migration
// 0017) beside the scope check and the facts the caller's part is computed from. Scope (sites
// and own records) are parameters.
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { checklistItems, workOrderAssignees, workOrderDetails, workOrders } from './work-orders.tables.ts'
import { prepared, rawRows } from '../../db/prepared.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import { ownerIdParam, ownRecordsParam, siteIdsParam, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import type { WorkOrderStatus, WorkOrderType } from './work-orders.states.ts'

export const site = alias(locations, 'site')

// The outer order, named explicitly inside correlated subqueries.
export const outerOrderId = sql`${workOrders}.${sql.identifier('id')}`

/** Own record: created by the user, or assigned to it (docs/work-orders.md). */
export const ownedBy = (userId: SQL) =>
  sql`(${workOrders.createdBy} = ${userId} OR EXISTS (SELECT 1 FROM ${workOrderAssignees} own WHERE own.work_order_id = ${outerOrderId} AND own.user_id = ${userId}))`
type SQL = ReturnType<typeof sql>

// The live statement, for a detail the stored one did not give (stale, or hidden). The
// WorkOrderDetail answer but what depends on the caller (allowed moves, closure blockers,
// abilities), as the JSON text the writers keep in work_order_details (migration 0017, built
// by work_order_detail_body and work_order_detail_costs); beside it the facts the caller's
// part is computed from. A detail marked stale (a rename, a set-based writer) is built live by
// the same functions until the background refill has rebuilt it.
const detailStatement = prepared((db) => db.select({
  body: sql<string>`coalesce(${workOrderDetails.body}, json_stored(work_order_detail_body(${workOrders.id})))`.as('body'),
  costs: sql<string>`coalesce(${workOrderDetails.costs}, json_stored(work_order_detail_costs(${workOrders.id})))`.as('costs'),
  status: sql<WorkOrderStatus>`${workOrders.status}`.as('status'),
  type: sql<WorkOrderType>`${workOrders.type}`.as('type'),
  createdById: sql<string | null>`${workOrders.createdBy}`.as('createdById'),
  assigneeIds: sql<string[]>`to_json(ARRAY(SELECT fa.user_id FROM ${workOrderAssignees} fa WHERE fa.work_order_id = ${outerOrderId}))`.as('assigneeIds'),
  symptomSet: sql<boolean>`${workOrders.reportSymptomId} IS NOT NULL`.as('symptomSet'),
  causeSet: sql<boolean>`${workOrders.reportCauseId} IS NOT NULL`.as('causeSet'),
  actionSet: sql<boolean>`${workOrders.reportActionId} IS NOT NULL`.as('actionSet'),
  // Checklist items still to do, for the closure guard: counted over the whole list (through
  // the partial index checklist_items_todo_idx), not only the part the detail shows.
  todoCount: sql<number>`(SELECT count(*)::int FROM ${checklistItems} t WHERE t.work_order_id = ${outerOrderId} AND t.status = 'TODO')`.as('todoCount'),
}).from(workOrders)
  .innerJoin(assets, eq(assets.id, workOrders.assetId))
  .leftJoin(workOrderDetails, and(eq(workOrderDetails.workOrderId, workOrders.id), isNotNull(workOrderDetails.body)))
  .where(and(eq(workOrders.id, sql.placeholder('id')), withinSitesParam(assets.siteId), ownRecordsParam(ownedBy)))
  .prepare('work_orders_detail'))

// Every field aliased to its key and read as the driver gives it (`rawRows`: no mapping).
interface DetailFacts {
  body: string; costs: string; status: WorkOrderStatus; type: WorkOrderType; createdById: string | null
  assigneeIds: string[]; symptomSet: boolean; causeSet: boolean; actionSet: boolean; todoCount: number
}
export type DetailRow = DetailFacts

// The stored text with its facts kept beside it (migration 0037): one key probe, the scope
// checked on the site and the owners kept with it. No row: missing, hidden or stale.
const storedStatement = prepared((db) => db.select({
  body: sql<string>`${workOrderDetails.body}`.as('body'),
  costs: sql<string>`${workOrderDetails.costs}`.as('costs'),
  status: sql<WorkOrderStatus>`${workOrderDetails.status}`.as('status'),
  type: sql<WorkOrderType>`${workOrderDetails.type}`.as('type'),
  createdById: sql<string | null>`${workOrderDetails.createdBy}`.as('createdById'),
  assigneeIds: sql<string[]>`${workOrderDetails.assigneeIds}`.as('assigneeIds'),
  symptomSet: sql<boolean>`${workOrderDetails.symptomSet}`.as('symptomSet'),
  causeSet: sql<boolean>`${workOrderDetails.causeSet}`.as('causeSet'),
  actionSet: sql<boolean>`${workOrderDetails.actionSet}`.as('actionSet'),
  todoCount: sql<number>`${workOrderDetails.todoCount}`.as('todoCount'),
}).from(workOrderDetails)
  .where(and(eq(workOrderDetails.workOrderId, sql.placeholder('id')), isNotNull(workOrderDetails.body), withinSitesParam(workOrderDetails.siteId),
    ownRecordsParam((u) => sql`(${workOrderDetails.createdBy} = ${u} OR ${u} = ANY(${workOrderDetails.assigneeIds}))`)))
  .prepare('work_orders_detail_stored'))

/** The order within the caller's scope, or undefined (missing and hidden alike). */
export async function workOrderDetailRow(db: Db, id: string, scope: Scope) {
  const params = { id, siteIds: siteIdsParam(scope), ownerId: ownerIdParam(scope) }
  const [stored] = await rawRows<DetailFacts>(storedStatement(db), params)
  if (stored) return stored
  // Stale (a rename, a set-based writer), or not there for this caller: the live statement.
  const [row] = await rawRows<DetailFacts>(detailStatement(db), params)
  return row
}

export interface PersonJson { id: string; displayName: string }

// Renames mark details stale under this advisory lock alone; rebuilds hold it shared (0017).
const DETAILS_LOCK = 727_465_017

/**
 * Builds up to `batch` stale details; returns how many. The lock is taken before the
 * statement that builds, so that the statement sees every rename committed before it; a row
 * a writer rebuilt meanwhile is no longer stale and is skipped.
 */
export async function refillStaleDetails(db: Db, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${DETAILS_LOCK})`)
    const rows = await rowsOf<{ id: string }>(tx.execute(sql`
      UPDATE ${workOrderDetails} d SET body = work_order_detail_body(d.work_order_id), costs = work_order_detail_costs(d.work_order_id),
        (site_id, status, type, created_by, assignee_ids, symptom_set, cause_set, action_set, todo_count) = (SELECT * FROM work_order_detail_facts(d.work_order_id))
      WHERE d.work_order_id IN (SELECT s.work_order_id FROM ${workOrderDetails} s WHERE s.body IS NULL
        -- In the stale index's order: with statistics from before a bulk rebuild (every detail
        -- stale), a bare LIMIT was planned as a scan of the whole table at every pass.
        ORDER BY s.work_order_id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        AND d.body IS NULL
      RETURNING d.work_order_id AS id`))
    return rows.length
  })
}

/** How many details are stale (the refill's progress, for tests and the bench). */
export async function staleDetailCount(db: Db): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(db.execute(sql`SELECT count(*)::int AS n FROM ${workOrderDetails} WHERE body IS NULL`))
  return r.n
}
