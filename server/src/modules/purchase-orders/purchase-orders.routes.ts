import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import { DEFAULT_PAGE, MAX_LINES, MAX_PAGE, PurchaseOrder, PurchaseOrderCreate, PurchaseOrdersQuery, PurchaseOrdersResponse, PurchaseOrderTransition } from './purchase-orders.schemas.ts'
import type { PurchaseOrdersService } from './purchase-orders.service.ts'

const TAG = 'Purchasing'
const SCOPE = 'Without the view-other right on PURCHASE_ORDERS a caller sees and handles only the orders it created; any other answers 404 like a missing one. Purchase orders stand in no site: a site assignment does not restrict them.'

export const purchaseOrdersRoutes = (s: PurchaseOrdersService) => [
  route({
    operationId: 'listPurchaseOrders', method: 'GET', url: '/purchase-orders', tag: TAG, access: needs('PURCHASE_ORDERS', 'view'),
    cacheAnswer: true,
    summary: 'Purchase orders, the most recent first',
    description: `Sorted by creation, the most recent first, then id. Keyset pagination: at most \`limit\` orders (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page's URL (\`rel="next"\`, absent on the last page); a malformed cursor answers 400. Optional filters (combined): status, supplierId. ${SCOPE}`,
    querystring: PurchaseOrdersQuery,
    success: { status: 200, schema: PurchaseOrdersResponse },
    paginated: true,
    handler: async ({ caller, scope, query, nextPage }) => {
      const page = await s.list(caller, scope, query)
      nextPage(page.next, page.limit)
      return { purchaseOrders: page.purchaseOrders }
    },
  }),
  route({
    operationId: 'createPurchaseOrder', method: 'POST', url: '/purchase-orders', tag: TAG, access: needs('PURCHASE_ORDERS', 'create'),
    summary: 'Create a purchase order (DRAFT) with its lines',
    description: `Referenced \`BC-\` and a sequential number; created by the caller, status DRAFT, total Σ quantity × unit price. The supplier must be an active partner of kind SUPPLIER (400 INVALID_SUPPLIER naming supplierId) and every part must exist (400 UNKNOWN_PART naming each \`lines.i.partId\`, as validation errors name nested fields). 1 to ${MAX_LINES} lines.`,
    body: PurchaseOrderCreate,
    success: { status: 201, schema: PurchaseOrder },
    handler: ({ caller, scope, body }) => s.create(caller, scope, body),
  }),
  route({
    operationId: 'getPurchaseOrder', method: 'GET', url: '/purchase-orders/:id', tag: TAG, access: needs('PURCHASE_ORDERS', 'view'),
    cacheAnswer: true,
    summary: 'A purchase order with its lines and total',
    description: `allowedTransitions lists the actions this caller may perform now (none without PURCHASE_ORDERS edit). ${SCOPE}`,
    params: IdParams,
    success: { status: 200, schema: PurchaseOrder },
    handler: ({ caller, scope, params }) => s.get(caller, scope, params.id),
  }),
  route({
    operationId: 'transitionPurchaseOrder', method: 'POST', url: '/purchase-orders/:id/transition', tag: TAG, access: needs('PURCHASE_ORDERS', 'edit'),
    summary: 'Send, receive (all or part) or cancel a purchase order',
    description: `send: DRAFT → SENT; receive: SENT or PARTIALLY_RECEIVED → RECEIVED once every line is complete, PARTIALLY_RECEIVED while some remains; cancel: DRAFT, SENT or PARTIALLY_RECEIVED → CANCELLED (a partly received order keeps what it received, the remainder is cancelled); RECEIVED and CANCELLED are final. Any other move answers 409 TRANSITION_NOT_ALLOWED. A receipt may list the lines and quantities delivered now (\`lines\`: each a line of this order, once, 1 to what remains of it; 400 VALIDATION_ERROR naming \`lines.i.lineId\` or \`lines.i.quantity\` otherwise); without \`lines\` it takes all that remains of every line. It writes, in one transaction, one RECEIPT stock movement per line received (the quantity received, the line's unit price frozen, the order and the line, the caller), raises each line's receivedQuantity and sets each received part's last unit price to its line's price. Concurrent receipts queue on the order: what each may take is measured after the previous ones, so a line is never received beyond its quantity (a receipt asking more than now remains answers 400, a second « receive the rest » 409, and they write nothing). Each move stamps sentAt, receivedAt (when complete) or cancelledAt. ${SCOPE}`,
    params: IdParams,
    body: PurchaseOrderTransition,
    success: { status: 200, schema: PurchaseOrder },
    errors: [400, 409],
    handler: ({ caller, scope, params, body }) => s.transition(caller, scope, params.id, body),
  }),
]
