import { answerTopics, OTHER_ANSWERS } from '../../http/answer-cache.ts'
import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { WorkOrdersService } from './work-orders.service.ts'
import {
  AssigneesUpdate, ChecklistItem, ChecklistParams, ChecklistPatch, CommentCreate, ConsumePart, DEFAULT_PAGE, LaborTimeCreate, MAX_PAGE, ReportUpsert, TransitionRequest,
  WorkOrderCreate, WorkOrderDetail, WorkOrdersQuery, WorkOrdersResponse,
} from './work-orders.schemas.ts'

const TAG = 'Work orders'
const SCOPE = 'Without the view-other right on WORK_ORDERS a caller reaches only its own orders (created by it or assigned to it); a caller assigned to sites only the orders on those sites’ assets. Any other order answers 404 like a missing one, for writes too.'

/**
 * The kept answers a move of an order can change: its detail, the own lists of its creator and
 * assignees, its elevator, the lists of requests when it came from one, and every kept read that
 * names no topic (lists of all orders, counts, analytics…).
 */
async function moveTopics(s: WorkOrdersService, id: string): Promise<string[] | null> {
  const c = await s.concerns(id)
  if (!c) return null
  return [
    answerTopics.workOrder(id), answerTopics.asset(c.assetId), ...c.people.map(answerTopics.ownOrders),
    ...(c.fromRequest ? [answerTopics.requests] : []), OTHER_ANSWERS,
  ]
}

const CLOSED = 'A closed order (DONE or CANCELLED) answers 409 WORK_ORDER_CLOSED.'

export const workOrdersRoutes = (s: WorkOrdersService) => [
  route({
    operationId: 'listWorkOrders', method: 'GET', url: '/work-orders', tag: TAG, access: needs('WORK_ORDERS', 'view'),
    // A list of the caller's own orders changes only with them (or with everything).
    cacheAnswer: { topics: ({ query, caller }) => query.mine === 'true' || !caller.scope('WORK_ORDERS').viewOther ? [answerTopics.ownOrders(caller.principal.id)] : null },
    summary: 'Work orders in triage order, filtered and paginated',
    description: `Persons blocked first, then priority (URGENT first), then the oldest first; with \`sort=due\`, persons blocked first, then by due date (the late ones therefore first), undated orders last. Filters combine (AND); \`mine=true\` keeps the orders the caller created or is assigned to, \`unassigned=true\` those nobody is assigned to. Keyset pagination: at most \`limit\` orders (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page's URL (\`rel="next"\`); a malformed cursor answers 400. ${SCOPE}`,
    querystring: WorkOrdersQuery,
    success: { status: 200, schema: WorkOrdersResponse },
    paginated: true,
    handler: async ({ caller, scope, query, nextPage }) => {
      const { page, next, limit } = await s.list(caller, scope, query)
      nextPage(next, limit)
      return page
    },
  }),
  route({
    operationId: 'createWorkOrder', method: 'POST', url: '/work-orders', tag: TAG, access: needs('WORK_ORDERS', 'create'),
    summary: 'Open a work order',
    description: 'Status OPEN, reference OT- and the next number of a database sequence (concurrent creations get distinct, increasing numbers). personBlocked forces priority URGENT. The asset must exist within the caller’s sites (400 UNKNOWN_ASSET); each assignee must be an active user whose role may edit work orders and who has access to the asset’s site (400 INVALID_ASSIGNEE). The activity log starts with CREATED (and ASSIGNEES_CHANGED when assignees are given).',
    body: WorkOrderCreate,
    success: { status: 201, schema: WorkOrderDetail },
    handler: ({ caller, scope, body }) => s.create(caller, scope, body),
  }),
  route({
    operationId: 'getWorkOrder', method: 'GET', url: '/work-orders/:id', tag: TAG, access: needs('WORK_ORDERS', 'view'),
    // The detail shows this order's own rows only (no other order's).
    cacheAnswer: { topics: ({ params }) => [answerTopics.workOrder(params.id)] },
    summary: 'A work order with its checklist, report, comments, activity, allowed moves and costs',
    description: `allowedTransitions lists the moves this caller may make (none without WORK_ORDERS edit, or on an order that is not its own without view-other); closureBlockers the French reasons closing would be refused now; abilities what else the caller may do with the order (comment, checklist, report, assignees, costs, documents), false where the operation would refuse this caller on this order (403, 404 or 409) whatever it sent. Every answer carrying a WorkOrderDetail computes them for its caller. ${SCOPE}`,
    params: IdParams,
    success: { status: 200, schema: WorkOrderDetail },
    handler: ({ caller, scope, params }) => s.get(caller, scope, params.id),
  }),
  route({
    operationId: 'transitionWorkOrder', idempotent: true, method: 'POST', url: '/work-orders/:id/transition', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Move a work order to another state',
    description: `Moves (one table in code): OPEN → IN_PROGRESS, ON_HOLD, DONE, CANCELLED; IN_PROGRESS → ON_HOLD, DONE, CANCELLED; ON_HOLD → IN_PROGRESS, DONE, CANCELLED; DONE and CANCELLED are final. Any other move answers 409 TRANSITION_NOT_ALLOWED. CANCELLED needs a reason (400 REASON_REQUIRED), shown on the order as cancelReason. DONE needs the closure guards: the report's Constat, Cause and Action set and no checklist item still to do; otherwise 409 CLOSURE_BLOCKED with the blockers in error.details, nothing changed. startedAt is set on the first move to IN_PROGRESS, completedAt on DONE, cancelledAt on CANCELLED. releasedAt (personBlocked orders only, 400 INVALID_RELEASE_TIME otherwise or when in the future or before the call: the linked request’s creation, else the order’s) records when the trapped person was freed (over a different release already recorded: 409 BREAKDOWN_TIME_SET unless the caller may correct breakdown times, WORK_ORDERS delete); DONE records the completion time when none was. A STATUS_CHANGED event {from, to, reason?, releasedAt?} is logged. ${SCOPE}`,
    params: IdParams,
    body: TransitionRequest,
    success: { status: 200, schema: WorkOrderDetail },
    errors: [409],
    handler: async ({ caller, scope, params, body, touched }) => {
      const out = await s.transition(caller, scope, params.id, body)
      const topics = await moveTopics(s, params.id)
      if (topics) touched(...topics)
      return out
    },
  }),
  route({
    operationId: 'commentWorkOrder', idempotent: true, method: 'POST', url: '/work-orders/:id/comments', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Comment on a work order',
    description: `Needs WORK_ORDERS edit (commenting is working on the order; read-only roles only read). Allowed on closed orders too. Logs a COMMENTED event. ${SCOPE}`,
    params: IdParams,
    body: CommentCreate,
    success: { status: 201, schema: WorkOrderDetail },
    handler: async ({ caller, scope, params, body, touched }) => {
      const out = await s.comment(caller, scope, params.id, body)
      // Comments show in the order's detail only (no listed row, count or search shows them).
      touched(answerTopics.workOrder(params.id))
      return out
    },
  }),
  route({
    operationId: 'setWorkOrderAssignees', method: 'PUT', url: '/work-orders/:id/assignees', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Replace the assignees of a work order',
    description: `Each assignee must be an active user whose role may edit work orders and who has access to the asset's site (400 INVALID_ASSIGNEE). Logs ASSIGNEES_CHANGED {added, removed} when the list changes. The answer shows the order even when the caller has just unassigned itself. ${CLOSED} ${SCOPE}`,
    params: IdParams,
    body: AssigneesUpdate,
    success: { status: 200, schema: WorkOrderDetail },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.setAssignees(caller, scope, params.id, body),
  }),
  route({
    operationId: 'upsertWorkOrderReport', idempotent: true, method: 'PUT', url: '/work-orders/:id/report', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Write the coded intervention report',
    description: `Each given field is set to an active reference value of that same field, null clears it, an absent one is left as it is. An unknown value, a value of another field or an inactive one answers 400 INVALID_REPORT_VALUE naming each bad field (a value the report already holds may stay after being deactivated). Logs REPORT_UPDATED {fields} when something changes. ${CLOSED} Breakdown times (times, CORRECTIVE orders): the technician's one-tap records (arrivedAt, releasedAt, leftAt; a first record, 409 BREAKDOWN_TIME_SET over a different one) and the dispatcher's corrections (correction: true, the delete right on WORK_ORDERS, 403 TIME_CORRECTION_FORBIDDEN otherwise; closed orders too); times out of order answer 400 INVALID_BREAKDOWN_TIME naming each field; each change is logged as TIMES_RECORDED {times: [{field, from, to}]}. ${SCOPE}`,
    params: IdParams,
    body: ReportUpsert,
    success: { status: 200, schema: WorkOrderDetail },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.upsertReport(caller, scope, params.id, body),
  }),
  route({
    operationId: 'patchChecklistItem', idempotent: true, method: 'PATCH', url: '/work-orders/:id/checklist/:itemId', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Set a checklist item to done, not applicable or to do',
    description: `Records who and when, and logs CHECKLIST_UPDATED {itemId, label, from, to} when the status changes. 404 for an item that is not on this order. ${CLOSED} ${SCOPE}`,
    params: ChecklistParams,
    body: ChecklistPatch,
    success: { status: 200, schema: ChecklistItem },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.patchChecklistItem(caller, scope, params.id, params.itemId, body),
  }),
  route({
    operationId: 'consumePart', idempotent: true, method: 'POST', url: '/work-orders/:id/consume-part', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Consume a spare part on a work order',
    description: `Writes a CONSUMPTION movement in the part's ledger (stock goes down) tied to the order, at the part's current unit price, frozen on the order's parts line (a later price change never alters it). 400 UNKNOWN_PART for a part that does not exist; 409 PRICE_UNKNOWN while the part has no known price; 409 INSUFFICIENT_STOCK when fewer units are in stock (nothing written; concurrent consumptions of the last units: exactly as many succeed as there are units). ${CLOSED} ${SCOPE}`,
    params: IdParams,
    body: ConsumePart,
    success: { status: 201, schema: WorkOrderDetail },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.consumePart(caller, scope, params.id, body),
  }),
  route({
    operationId: 'addLaborTime', idempotent: true, method: 'POST', url: '/work-orders/:id/labor', tag: TAG, access: needs('WORK_ORDERS', 'edit'),
    summary: 'Log time worked on a work order',
    description: `A labour line: the person, the day worked and the minutes, at the person's current hourly rate, frozen (a later rate change never alters it). Anyone who may edit the order logs its own time; logging someone else's needs the view-other right on WORK_ORDERS (403 LABOR_FOR_OTHERS), and that person must be an active user who could be assigned to the order (400 INVALID_LABOR_PERSON). 409 HOURLY_RATE_UNDEFINED when the person has no hourly rate. workedOn may not be after today (400 INVALID_WORK_DATE). ${CLOSED} ${SCOPE}`,
    params: IdParams,
    body: LaborTimeCreate,
    success: { status: 201, schema: WorkOrderDetail },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.addLaborTime(caller, scope, params.id, body),
  }),
]
