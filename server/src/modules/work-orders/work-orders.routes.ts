import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { WorkOrdersService } from './work-orders.service.ts'
import { WorkOrderCreate, WorkOrderDetail } from './work-orders.schemas.ts'

const TAG = 'Work orders'
const SCOPE = 'Without the view-other right on WORK_ORDERS a caller reaches only its own orders (created by it or assigned to it); a caller assigned to sites only the orders on those sites’ assets. Any other order answers 404 like a missing one, for writes too.'

export const workOrdersRoutes = (s: WorkOrdersService) => [
  route({
    operationId: 'createWorkOrder', method: 'POST', url: '/work-orders', tag: TAG, access: needs('WORK_ORDERS', 'create'),
    summary: 'Open a work order',
    description: 'Status OPEN, reference OT- and the next number of a database sequence (concurrent creations get distinct, increasing numbers). personBlocked forces priority URGENT. The asset must exist within the caller’s sites (400 UNKNOWN_ASSET); each assignee must be an active user whose role may edit work orders and who has access to the asset’s site (400 INVALID_ASSIGNEE). The activity log starts with CREATED (and ASSIGNEES_CHANGED when assignees are given).',
    body: WorkOrderCreate,
    success: { status: 201, schema: WorkOrderDetail },
    handler: ({ principal, scope, body }) => s.create(principal, scope, body),
  }),
  route({
    operationId: 'getWorkOrder', method: 'GET', url: '/work-orders/:id', tag: TAG, access: needs('WORK_ORDERS', 'view'),
    summary: 'A work order with its checklist, report, comments, activity, allowed moves and costs',
    description: `allowedTransitions lists the moves this caller may make (none without WORK_ORDERS edit); closureBlockers the French reasons closing would be refused now. ${SCOPE}`,
    params: IdParams,
    success: { status: 200, schema: WorkOrderDetail },
    handler: ({ principal, scope, params }) => s.get(principal, scope, params.id),
  }),
]
