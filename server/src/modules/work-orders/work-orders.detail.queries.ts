// The work-order detail in one prepared statement: the order, its asset and site, people,
// linked request, checklist, comments, report, activity and costs, all assembled as JSON by the
// database (one round trip, no N+1). Scope (sites and own records) are parameters.
import { and, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { personJson } from '../users/users.queries.ts'
import { users } from '../users/users.tables.ts'
import { checklistItems, workOrderAssignees, workOrderComments, workOrderEvents, workOrders } from './work-orders.tables.ts'
import { isoUtc, jsonObject } from '../../db/json.queries.ts'
import { prepared } from '../../db/prepared.ts'
import { ownerIdParam, ownRecordsParam, siteIdsParam, siteOf, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { costsJson } from './work-orders.costs.queries.ts'
import { MAX_ACTIVITY, MAX_COMMENTS, MAX_CHECKLIST } from './work-orders.schemas.ts'
import type { ChecklistStatus, EventKind, Priority, WorkOrderStatus, WorkOrderType } from './work-orders.states.ts'

export const site = alias(locations, 'site')
const siteIdOf = siteOf(locations)

// The outer order, named explicitly inside correlated subqueries.
export const outerOrderId = sql`${workOrders}.${sql.identifier('id')}`

/** Own record: created by the user, or assigned to it (docs/work-orders.md). */
export const ownedBy = (userId: SQL) =>
  sql`(${workOrders.createdBy} = ${userId} OR EXISTS (SELECT 1 FROM ${workOrderAssignees} own WHERE own.work_order_id = ${outerOrderId} AND own.user_id = ${userId}))`
type SQL = ReturnType<typeof sql>

const person = (column: string) => personJson(sql.raw(column))

/** The asset as the WorkOrderAsset JSON (the statement joins assets, locations and site). */
export const assetJson = sql<AssetJson>`json_build_object('id', ${assets.id}, 'reference', ${assets.reference}, 'brand', ${assets.brand},
  'locationId', ${locations.id}, 'locationName', ${locations.name}, 'siteId', ${site.id}, 'siteName', ${site.name})`

/** Assignees sorted by name, as JSON (one aggregate per order, through the primary key). */
export const assigneesJson = sql<PersonJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', u.id, 'displayName', u.display_name) ORDER BY lower(u.display_name), u.id)
  FROM ${workOrderAssignees} wa JOIN ${users} u ON u.id = wa.user_id
  WHERE wa.work_order_id = ${outerOrderId}), '[]'::json)`

const checklistJson = sql<ChecklistJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', c.id, 'label', c.label, 'position', c.position, 'status', c.status,
      'updatedBy', ${person('c.updated_by')}, 'updatedAt', ${isoUtc(sql`c.updated_at`)}) ORDER BY c.position, c.id)
  FROM (SELECT * FROM ${checklistItems} ci WHERE ci.work_order_id = ${outerOrderId} ORDER BY ci.position, ci.id LIMIT ${sql.raw(String(MAX_CHECKLIST))}) c), '[]'::json)`

const commentsJson = sql<CommentJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', c.id, 'author', ${person('c.author_id')}, 'body', c.body, 'createdAt', ${isoUtc(sql`c.created_at`)})
      ORDER BY c.created_at, c.id)
  FROM (SELECT * FROM ${workOrderComments} wc WHERE wc.work_order_id = ${outerOrderId}
        ORDER BY wc.created_at DESC, wc.id DESC LIMIT ${sql.raw(String(MAX_COMMENTS))}) c), '[]'::json)`

const activityJson = sql<EventJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', e.id, 'kind', e.kind, 'actor', ${person('e.actor_id')}, 'at', ${isoUtc(sql`e.at`)}, 'payload', e.payload)
      ORDER BY e.at, e.id)
  FROM (SELECT * FROM ${workOrderEvents} we WHERE we.work_order_id = ${outerOrderId}
        ORDER BY we.at DESC, we.id DESC LIMIT ${sql.raw(String(MAX_ACTIVITY))}) e), '[]'::json)`

const reportValue = (column: SQL) =>
  sql`(SELECT json_build_object('id', rv.id, 'label', rv.label) FROM ${referenceValues} rv WHERE rv.id = ${column})`

const reportJson = sql<ReportJson>`json_build_object(
  'symptom', ${reportValue(sql`${workOrders.reportSymptomId}`)},
  'component', ${reportValue(sql`${workOrders.reportComponentId}`)},
  'cause', ${reportValue(sql`${workOrders.reportCauseId}`)},
  'action', ${reportValue(sql`${workOrders.reportActionId}`)},
  'result', ${reportValue(sql`${workOrders.reportResultId}`)},
  'circumstance', ${reportValue(sql`${workOrders.reportCircumstanceId}`)},
  'notes', ${workOrders.reportNotes},
  'updatedAt', ${isoUtc(sql`${workOrders.reportUpdatedAt}`)},
  'updatedBy', ${personJson(sql`${workOrders.reportUpdatedBy}`)})`

const requestJson = sql<{ id: string; reference: string } | null>`(
  SELECT json_build_object('id', r.id, 'reference', r.reference) FROM ${requests} r WHERE r.work_order_id = ${outerOrderId})`

// The requesting user's name, else the name left by someone without an account.
const requesterJson = sql<{ id: string | null; displayName: string } | null>`(
  SELECT CASE WHEN coalesce(ru.display_name, ${workOrders.requesterName}) IS NULL THEN NULL
    ELSE json_build_object('id', ru.id, 'displayName', coalesce(ru.display_name, ${workOrders.requesterName})) END
  FROM (SELECT 1) one LEFT JOIN ${users} ru ON ru.id = ${workOrders.requesterId})`

const createdByJson = personJson(sql`${workOrders.createdBy}`)

// Checklist items still to do, for the closure guard: counted over the whole list (through
// the partial index checklist_items_todo_idx), not only the part the detail shows.
const todoCount = sql<number>`(SELECT count(*)::int FROM ${checklistItems} t WHERE t.work_order_id = ${outerOrderId} AND t.status = 'TODO')`

/** What a list item and the detail both carry (the list builds it as JSON, the detail selects it). */
export const summaryColumns = {
  id: workOrders.id,
  reference: workOrders.reference,
  type: sql<WorkOrderType>`${workOrders.type}`,
  status: sql<WorkOrderStatus>`${workOrders.status}`,
  priority: sql<Priority>`${workOrders.priority}`,
  personBlocked: workOrders.personBlocked,
  asset: assetJson,
  description: workOrders.description,
  dueAt: workOrders.dueAt,
  periodKey: workOrders.periodKey,
  assignees: assigneesJson,
  createdAt: workOrders.createdAt,
  startedAt: workOrders.startedAt,
  completedAt: workOrders.completedAt,
  cancelledAt: workOrders.cancelledAt,
  releasedAt: workOrders.releasedAt,
}

// The WorkOrderDetail answer but what depends on the caller (allowed moves, closure
// blockers, abilities), as JSON text sent as it is, and beside it the facts those are
// computed from. Built as one JSON object, the order is not decoded field by field nor its
// ten JSON parts parsed and serialised again per request.
const detailText = jsonObject({
  ...summaryColumns,
  cancelReason: workOrders.cancelReason,
  requester: requesterJson,
  createdBy: createdByJson,
  request: requestJson,
  firstControl: workOrders.firstControl,
  updatedAt: workOrders.updatedAt,
  checklist: checklistJson,
  comments: commentsJson,
  report: reportJson,
  activity: activityJson,
  costs: costsJson,
})

const detailStatement = prepared((db) => db.select({
  text: sql<string>`${detailText}::text`,
  status: sql<WorkOrderStatus>`${workOrders.status}`,
  createdById: workOrders.createdBy,
  assigneeIds: sql<string[]>`to_json(ARRAY(SELECT fa.user_id FROM ${workOrderAssignees} fa WHERE fa.work_order_id = ${outerOrderId}))`,
  symptomSet: sql<boolean>`${workOrders.reportSymptomId} IS NOT NULL`,
  causeSet: sql<boolean>`${workOrders.reportCauseId} IS NOT NULL`,
  actionSet: sql<boolean>`${workOrders.reportActionId} IS NOT NULL`,
  todoCount,
}).from(workOrders)
  .innerJoin(assets, eq(assets.id, workOrders.assetId))
  .innerJoin(locations, eq(locations.id, assets.locationId))
  .innerJoin(site, eq(site.id, siteIdOf))
  .where(and(eq(workOrders.id, sql.placeholder('id')), withinSitesParam(site.id), ownRecordsParam(ownedBy)))
  .prepare('work_orders_detail'))

export type DetailRow = NonNullable<Awaited<ReturnType<typeof workOrderDetailRow>>>

/** The order within the caller's scope, or undefined (missing and hidden alike). */
export async function workOrderDetailRow(db: Db, id: string, scope: Scope) {
  const [row] = await detailStatement(db).execute({ id, siteIds: siteIdsParam(scope), ownerId: ownerIdParam(scope) })
  return row
}

export interface PersonJson { id: string; displayName: string }
export interface AssetJson { id: string; reference: string; brand: string; locationId: string; locationName: string; siteId: string; siteName: string }
interface ChecklistJson { id: string; label: string; position: number; status: ChecklistStatus; updatedBy: PersonJson | null; updatedAt: string | null }
interface CommentJson { id: string; author: PersonJson | null; body: string; createdAt: string }
interface EventJson { id: string; kind: EventKind; actor: PersonJson | null; at: string; payload: Record<string, unknown> }
type ReportValueJson = { id: string; label: string } | null
export interface ReportJson {
  symptom: ReportValueJson; component: ReportValueJson; cause: ReportValueJson; action: ReportValueJson
  result: ReportValueJson; circumstance: ReportValueJson; notes: string | null; updatedAt: string | null; updatedBy: PersonJson | null
}
