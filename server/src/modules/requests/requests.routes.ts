import { answerTopics } from '../../http/answer-cache.ts'
import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import { WorkOrderDetail } from '../work-orders/work-orders.schemas.ts'
import { DEFAULT_PAGE, MAX_PAGE, RequestApprove, RequestCreate, RequestReject, RequestsQuery, RequestsResponse, RequestSummary } from './requests.schemas.ts'
import type { RequestsService } from './requests.service.ts'

const SCOPE = 'Without the view-other right on REQUESTS a caller sees and handles only the requests it made; a caller assigned to sites (any role but Administrateur) only requests on the assets of those sites and their zones. Any other request answers 404 like a missing one.'

export const requestsRoutes = (requests: RequestsService) => [
  route({
    operationId: 'listRequests', method: 'GET', url: '/requests', tag: 'Requests', access: needs('REQUESTS', 'view'),
    // Changed by the requests' own writes (everything) and by moves of their orders.
    cacheAnswer: { topics: () => [answerTopics.requests] },
    summary: 'Maintenance requests, trapped persons first',
    description: `Each request carries \`abilities\`: whether this caller may approve or reject it now. Sorted by personBlocked (true first), then creation (the oldest, longest waiting, first; the newest first with \`sort=newest\`), then id. Keyset pagination: at most \`limit\` requests (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page's URL (\`rel="next"\`, absent on the last page); a malformed cursor answers 400. Filters combine (AND). ${SCOPE}`,
    querystring: RequestsQuery,
    success: { status: 200, schema: RequestsResponse },
    paginated: true,
    handler: async ({ caller, scope, query, nextPage }) => {
      const { page, next, limit } = await requests.list(caller, scope, query)
      nextPage(next, limit)
      return page
    },
  }),
  route({
    operationId: 'createRequest', method: 'POST', url: '/requests', tag: 'Requests', access: needs('REQUESTS', 'create'),
    summary: 'Ask for an intervention on an elevator',
    description: 'Creates a PENDING request (source APP) made by the caller, referenced `DEM-` and a sequential number. The asset must exist and, for a caller assigned to sites, stand in one of them or their zones: otherwise 400 UNKNOWN_ASSET (the same answer for both, so that nothing outside the caller’s sites is revealed).',
    body: RequestCreate,
    success: { status: 201, schema: RequestSummary },
    handler: ({ caller, scope, body }) => requests.create(caller, scope, body),
  }),
  route({
    operationId: 'approveRequest', method: 'POST', url: '/requests/:id/approve', tag: 'Requests', access: needs('REQUESTS', 'edit'),
    summary: 'Approve a pending request: its work order is created and linked',
    description: `PENDING → APPROVED, linked one-to-one to a new CORRECTIVE work order (OPEN) on the request's asset, with its description, personBlocked (then priority URGENT whatever is sent), the request's author as requester (for a portal report, the contact name), and the priority and assignees of the body (400 INVALID_ASSIGNEE for an assignee who may not work on it). The order's activity starts with CREATED then REQUEST_LINKED. Answers the order's detail. Creating the order also needs WORK_ORDERS create (403 otherwise). A request already approved or rejected answers 409 ALREADY_HANDLED, also under concurrent approvals (exactly one succeeds; the others create nothing). ${SCOPE}`,
    params: IdParams,
    body: RequestApprove,
    success: { status: 201, schema: WorkOrderDetail },
    errors: [409],
    handler: ({ caller, scope, params, body }) => requests.approve(caller, scope, params.id, body),
  }),
  route({
    operationId: 'rejectRequest', method: 'POST', url: '/requests/:id/reject', tag: 'Requests', access: needs('REQUESTS', 'edit'),
    summary: 'Reject a pending request, with the reason',
    description: `PENDING → REJECTED. The reason is mandatory (400) and shown to the requester (rejectionReason; on the portal, « Sans suite » and the reason). A request already approved or rejected answers 409 ALREADY_HANDLED. ${SCOPE}`,
    params: IdParams,
    body: RequestReject,
    success: { status: 200, schema: RequestSummary },
    errors: [409],
    handler: ({ caller, scope, params, body }) => requests.reject(caller, scope, params.id, body),
  }),
]
