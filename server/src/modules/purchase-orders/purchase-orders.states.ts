// The purchase-order state machine, in one table (docs/purchasing.md). Every writer of
// purchase_orders.status goes through `targetOf`; allowedTransitions is read from here.
export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED'] as const
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number]

export const PURCHASE_ORDER_ACTIONS = ['send', 'receive', 'cancel'] as const
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number]

export const STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  DRAFT: 'Brouillon',
  SENT: 'Envoyé',
  PARTIALLY_RECEIVED: 'Partiellement reçu',
  RECEIVED: 'Reçu',
  CANCELLED: 'Annulé',
}

/**
 * From each state, the actions allowed and where they lead. RECEIVED and CANCELLED are final.
 * receive leads to RECEIVED only when it completes every line, PARTIALLY_RECEIVED otherwise
 * (`receiptTarget`). Cancelling a partly received order cancels the remainder: what was
 * received stays in stock (a supplier who will not deliver the rest must not block the order).
 */
export const TRANSITIONS: Record<PurchaseOrderStatus, Partial<Record<PurchaseOrderAction, PurchaseOrderStatus>>> = {
  DRAFT: { send: 'SENT', cancel: 'CANCELLED' },
  SENT: { receive: 'RECEIVED', cancel: 'CANCELLED' },
  PARTIALLY_RECEIVED: { receive: 'RECEIVED', cancel: 'CANCELLED' },
  RECEIVED: {},
  CANCELLED: {},
}

/** The state `action` leads to from `from`, or undefined when the move is not allowed. */
export function targetOf(from: PurchaseOrderStatus, action: PurchaseOrderAction): PurchaseOrderStatus | undefined {
  return TRANSITIONS[from][action]
}

/** Where a receipt leads: RECEIVED once every line is complete, PARTIALLY_RECEIVED before. */
export function receiptTarget(complete: boolean): PurchaseOrderStatus {
  return complete ? 'RECEIVED' : 'PARTIALLY_RECEIVED'
}

/** The actions a caller may perform now: those of the table, none without PURCHASE_ORDERS edit. */
export function allowedActions(status: PurchaseOrderStatus, mayEdit: boolean): PurchaseOrderAction[] {
  return mayEdit ? PURCHASE_ORDER_ACTIONS.filter((a) => TRANSITIONS[status][a] !== undefined) : []
}
