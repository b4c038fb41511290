import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { PartsService } from './parts.service.ts'
import {
  DEFAULT_PAGE, MAX_MOVEMENTS, MOVEMENTS_PAGE, PartQuery, MAX_PAGE, PartCreate, PartDetail, PartsQuery, PartsResponse, PartUpdate, StockMovementCreate,
} from './parts.schemas.ts'

const TAG = 'Parts'
const STOCK = 'Stock is never entered as a number: quantity is the sum of the part’s signed movements (append-only ledger).'

export const partsRoutes = (s: PartsService) => [
  route({
    operationId: 'listParts', method: 'GET', url: '/parts', tag: TAG, access: needs('PARTS', 'view'),
    cacheAnswer: true,
    summary: 'Spare parts with their quantities, in reference order, filtered and paginated',
    description: `${STOCK} belowThreshold is quantity < reorderThreshold. Filters combine (AND): q (reference or designation, case- and accent-insensitive), supplierId, belowThreshold. Keyset pagination: at most \`limit\` parts (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page's URL (\`rel="next"\`); a malformed cursor answers 400.`,
    querystring: PartsQuery,
    success: { status: 200, schema: PartsResponse },
    paginated: true,
    handler: async ({ query, nextPage }) => {
      const { page, next, limit } = await s.list(query)
      nextPage(next, limit)
      return page
    },
  }),
  route({
    operationId: 'createPart', method: 'POST', url: '/parts', tag: TAG, access: needs('PARTS', 'create'),
    summary: 'Create a spare part',
    description: 'Reference `P-` and the next number of a database sequence (at least 6 digits). Quantity starts at 0 and the unit price unknown (null) until a receipt or a priced manual entry. The supplier, when given, must be an active partner of kind SUPPLIER (400 INVALID_SUPPLIER).',
    body: PartCreate,
    success: { status: 201, schema: PartDetail },
    handler: ({ body }) => s.create(body),
  }),
  route({
    operationId: 'getPart', method: 'GET', url: '/parts/:id', tag: TAG, access: needs('PARTS', 'view'),
    cacheAnswer: true,
    summary: 'A spare part with its ledger',
    description: `${STOCK} movements: a page of the ledger, newest first (\`limit\`, ${MOVEMENTS_PAGE} by default, ${MAX_MOVEMENTS} at most); when older ones follow, the \`Link\` header gives the URL of their page (\`rel="next"\`, the same part with the next movements); a malformed cursor answers 400.`,
    params: IdParams,
    querystring: PartQuery,
    success: { status: 200, schema: PartDetail },
    paginated: true,
    handler: async ({ params, query, nextPage }) => {
      const page = await s.getPage(params.id, query)
      nextPage(page.next, page.limit)
      return page.part
    },
  }),
  route({
    operationId: 'updatePart', method: 'PATCH', url: '/parts/:id', tag: TAG, access: needs('PARTS', 'edit'),
    summary: 'Edit a part’s designation, reorder threshold or supplier',
    description: 'Neither the quantity nor the price is edited here: stock moves through movements, the price through receipts and priced manual entries. A new supplier must be an active partner of kind SUPPLIER (400 INVALID_SUPPLIER); null unlinks.',
    params: IdParams,
    body: PartUpdate,
    success: { status: 200, schema: PartDetail },
    handler: ({ params, body }) => s.update(params.id, body),
  }),
  route({
    operationId: 'addStockMovement', method: 'POST', url: '/parts/:id/movements', tag: TAG, access: needs('PARTS', 'edit'),
    summary: 'Enter stock by hand or adjust it',
    description: 'MANUAL: a positive entry, optionally priced (unitPriceCents becomes the part’s last unit price). ADJUSTMENT: a correction of either sign with a reason (400 REASON_REQUIRED). The movement records who, when and its unit price (the given one, else the part’s current price). A movement that would take the stock below zero answers 409 INSUFFICIENT_STOCK and writes nothing, also under concurrent movements (the part row is locked, and a check on the quantity backs it). RECEIPT and CONSUMPTION come from purchase orders and work orders only.',
    params: IdParams,
    body: StockMovementCreate,
    success: { status: 201, schema: PartDetail },
    errors: [409],
    handler: ({ principal, params, body }) => s.addMovement(principal, params.id, body),
  }),
]
