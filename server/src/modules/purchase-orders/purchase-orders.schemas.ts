import { pageParams } from '../../http/pagination.ts'
import { Body, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { PURCHASE_ORDER_ACTIONS, PURCHASE_ORDER_STATUSES } from './purchase-orders.states.ts'

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
export const MAX_LINES = 100
export const MAX_QUANTITY = 100_000
/** One million euros a unit, in cents. */
export const MAX_UNIT_PRICE = 100_000_000
export const MAX_NOTE = 1000

const Status = (opts: object = {}) => StringEnum(PURCHASE_ORDER_STATUSES, {
  description: 'DRAFT (Brouillon), SENT (Envoyé), PARTIALLY_RECEIVED (Partiellement reçu: some lines or quantities entered, the rest awaited), RECEIVED (Reçu: every line entered in full), CANCELLED (Annulé).', ...opts,
})
const Action = (opts: object = {}) => StringEnum(PURCHASE_ORDER_ACTIONS, {
  description: 'send: DRAFT → SENT; receive: SENT or PARTIALLY_RECEIVED → RECEIVED when every line is then complete, PARTIALLY_RECEIVED otherwise (one RECEIPT stock movement per line received); cancel: DRAFT, SENT or PARTIALLY_RECEIVED → CANCELLED (a partly received order keeps what was received: the remainder is cancelled).', ...opts,
})
const Cents = (description: string) => Int(0, Number.MAX_SAFE_INTEGER, { description })

export const PurchaseOrderLine = named('PurchaseOrderLine', Out({
  id: Uuid(),
  part: Out({ id: Uuid(), reference: Text(20, { pattern: '^P-[0-9]+$' }), designation: Text(200) }),
  quantity: Int(1, MAX_QUANTITY),
  unitPriceCents: Int(0, MAX_UNIT_PRICE, { description: 'Unit price agreed on the order, in cents; frozen on the receipt movement.' }),
  totalCents: Cents('quantity × unitPriceCents.'),
  receivedQuantity: Int(0, MAX_QUANTITY, { description: 'Received so far, over one receipt or several (0 to quantity).' }),
}))

export const PurchaseOrder = named('PurchaseOrder', Out({
  id: Uuid(),
  reference: Text(20, { pattern: '^BC-[0-9]{6,}$', description: '`BC-` and a sequential number, zero-padded to at least 6 digits.' }),
  supplier: Out({ id: Uuid(), name: Text(120) }),
  status: Status(),
  note: Nullable(Text(MAX_NOTE)),
  lines: List(PurchaseOrderLine, MAX_LINES, { description: 'In the order they were entered.' }),
  totalCents: Cents('Σ of the lines’ totals.'),
  createdBy: Nullable(Out({ id: Uuid(), displayName: Text(120) })),
  createdAt: DateTime(),
  sentAt: Nullable(DateTime()),
  receivedAt: Nullable(DateTime()),
  cancelledAt: Nullable(DateTime()),
  allowedTransitions: List(Action(), PURCHASE_ORDER_ACTIONS.length, {
    description: 'The actions this caller may perform now (empty when its role may not edit purchase orders, or the order is received or cancelled).',
  }),
}))

export const PurchaseOrdersResponse = named('PurchaseOrdersResponse', Out({
  purchaseOrders: List(PurchaseOrder, MAX_PAGE, { description: 'One page, the most recent first; the next page is in the `Link` header.' }),
}))

export const PurchaseOrderLineCreate = Body({
  partId: Uuid({ description: 'An existing part (400 UNKNOWN_PART naming `lines.i.partId` otherwise).' }),
  quantity: Int(1, MAX_QUANTITY),
  unitPriceCents: Int(0, MAX_UNIT_PRICE, { description: 'In cents.' }),
})

export const PurchaseOrderCreate = named('PurchaseOrderCreate', Body({
  supplierId: Uuid({ description: 'An active partner of kind SUPPLIER (400 INVALID_SUPPLIER otherwise).' }),
  note: Type.Optional(Text(MAX_NOTE, { description: 'Trimmed; blank means none.' })),
  lines: List(PurchaseOrderLineCreate, MAX_LINES, { minItems: 1, description: `1 to ${MAX_LINES} lines; a part may appear on several lines.` }),
}))

export const PurchaseOrderReceiptLine = Body({
  lineId: Uuid({ description: 'A line of this order (400 VALIDATION_ERROR naming `lines.i.lineId` otherwise, or when it appears twice).' }),
  quantity: Int(1, MAX_QUANTITY, { description: 'Received now: 1 to what remains of the line (400 VALIDATION_ERROR naming `lines.i.quantity` otherwise).' }),
})

export const PurchaseOrderTransition = named('PurchaseOrderTransition', Body({
  action: Action({ description: 'Must be in the order’s allowedTransitions (409 TRANSITION_NOT_ALLOWED otherwise).' }),
  lines: Type.Optional(List(PurchaseOrderReceiptLine, MAX_LINES, {
    minItems: 1,
    description: 'Only with receive (400 VALIDATION_ERROR naming `lines` otherwise): the lines received now and their quantities; the lines not listed wait. Absent: everything that remains of every line is received.',
  })),
}))

export const PurchaseOrdersQuery = Type.Object({
  status: Type.Optional(Status()),
  supplierId: Type.Optional(Uuid()),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })
