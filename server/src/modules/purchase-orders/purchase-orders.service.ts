import { uuidv7 } from 'uuidv7'
import { badRequest, conflict, findPgError, notFound } from '../../http/errors.ts'
import { decodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import type { Caller } from '../../http/caller.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Platform } from '../module.ts'
import { invalidSupplier } from '../parts/parts.errors.ts'
import * as q from './purchase-orders.queries.ts'
import { DEFAULT_PAGE, type PurchaseOrderCreate, type PurchaseOrdersQuery, type PurchaseOrderTransition } from './purchase-orders.schemas.ts'
import { allowedActions, receiptTarget, STATUS_LABELS, targetOf, type PurchaseOrderAction, type PurchaseOrderStatus } from './purchase-orders.states.ts'

export const notFoundOrder = () => notFound('Bon de commande introuvable.')
const unknownParts = (indexes: number[]) => badRequest('UNKNOWN_PART', undefined, indexes.map((i) => ({ field: `lines.${i}.partId`, message: 'pièce inconnue' })))
const invalidField = (field: string, message: string) => badRequest('VALIDATION_ERROR', undefined, [{ field, message }])
const ACTION_LABELS: Record<PurchaseOrderAction, string> = { send: 'envoyé', receive: 'reçu', cancel: 'annulé' }
export const transitionNotAllowed = (from: PurchaseOrderStatus, action: PurchaseOrderAction) =>
  conflict('TRANSITION_NOT_ALLOWED', `Un bon de commande « ${STATUS_LABELS[from]} » ne peut pas être ${ACTION_LABELS[action]}.`)

const ORDER_KEY = [isMatching(q.SORT_AT_PATTERN), isUuid] as const

type Deps = Pick<Platform, 'database' | 'clock'>

export class PurchaseOrdersService {
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  #present(row: q.PurchaseOrderRow, caller: Caller) {
    return { ...row, allowedTransitions: allowedActions(row.status, caller.may('PURCHASE_ORDERS', 'edit')) }
  }

  /** One page, the most recent first. */
  async list(caller: Caller, scope: Scope, query: Static<typeof PurchaseOrdersQuery>) {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, ORDER_KEY) as q.Keyset
    const rows = await q.listPage(this.#db, scope, filter, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.sortAt, r.item.id])
    return { purchaseOrders: items.map((r) => this.#present(r.item, caller)), next, limit }
  }

  async get(caller: Caller, scope: Scope, id: string) {
    const row = await q.orderById(this.#db, id, scope)
    if (!row) throw notFoundOrder()
    return this.#present(row, caller)
  }

  /**
   * A DRAFT order made by the caller. The supplier (locked FOR SHARE until commit) must be an
   * active SUPPLIER; every part must exist (400 naming each unknown line). Total = Σ quantity ×
   * unit price.
   */
  async create(caller: Caller, scope: Scope, input: Static<typeof PurchaseOrderCreate>) {
    const id = uuidv7()
    await this.#db.transaction(async (tx) => {
      const supplier = await q.lockSupplier(tx, input.supplierId)
      if (!supplier || supplier.kind !== 'SUPPLIER' || !supplier.isActive) throw invalidSupplier()
      const known = await q.existingParts(tx, [...new Set(input.lines.map((l) => l.partId))])
      const unknown = input.lines.flatMap((l, i) => (known.has(l.partId) ? [] : [i]))
      if (unknown.length > 0) throw unknownParts(unknown)
      const now = this.#deps.clock.now()
      await q.insertOrder(tx, {
        id,
        supplierId: supplier.id,
        note: cleanText(input.note) ?? null,
        totalCents: input.lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
        createdBy: caller.principal.id,
        createdAt: now,
        updatedAt: now,
      }, input.lines.map((l, position) => ({ id: uuidv7(), purchaseOrderId: id, position, partId: l.partId, quantity: l.quantity, unitPriceCents: l.unitPriceCents })))
    })
    // The creator sees its own order even without view-other.
    return this.get(caller, { ...scope, viewOther: true }, id)
  }

  /**
   * send / receive / cancel along the state table (409 otherwise). The order row is locked
   * first, so concurrent transitions queue and each sees the previous one's outcome: what a
   * receipt may take is measured under the lock against what the previous ones received, so
   * no line is ever received beyond its quantity (the lines' check is the last guard).
   */
  async transition(caller: Caller, scope: Scope, id: string, input: Static<typeof PurchaseOrderTransition>) {
    if (input.lines !== undefined && input.action !== 'receive') throw invalidField('lines', 'seulement pour une réception')
    const now = this.#deps.clock.now()
    try {
      await this.#db.transaction(async (tx) => {
        const order = await q.lockOrder(tx, id, scope)
        if (!order) throw notFoundOrder()
        let to = targetOf(order.status, input.action)
        if (to === undefined || to === 'DRAFT') throw transitionNotAllowed(order.status, input.action)
        if (input.action === 'receive') {
          const lines = await q.linesOf(tx, id)
          const received = receiptOf(lines, input.lines)
          if (received.length === 0) throw transitionNotAllowed(order.status, input.action)
          await q.receiveLines(tx, id, received, caller.principal.id, now, uuidv7)
          const taken = new Map(received.map((r) => [r.line.id, r.quantity]))
          to = receiptTarget(lines.every((l) => l.receivedQuantity + (taken.get(l.id) ?? 0) === l.quantity))
        }
        if (!(await q.moveOrder(tx, id, order.status, to as Exclude<PurchaseOrderStatus, 'DRAFT'>, now))) throw transitionNotAllowed(order.status, input.action)
      })
    } catch (err) {
      if (findPgError(err)?.constraint === q.RECEIVED_CHECK) throw transitionNotAllowed('RECEIVED', input.action)
      throw err
    }
    return this.get(caller, scope, id)
  }
}

/**
 * What a receipt takes from each line: the quantities asked (each line of this order once,
 * 1 to what remains of it; 400 naming the field otherwise), or, without a list, all that
 * remains of every line.
 */
function receiptOf(lines: q.OrderLine[], asked: Static<typeof PurchaseOrderTransition>['lines']) {
  if (asked === undefined) return lines.flatMap((line) => (line.receivedQuantity < line.quantity ? [{ line, quantity: line.quantity - line.receivedQuantity }] : []))
  const byId = new Map(lines.map((l) => [l.id, l]))
  const seen = new Set<string>()
  const errors: { field: string; message: string }[] = []
  asked.forEach((a, i) => {
    const line = byId.get(a.lineId)
    if (!line) errors.push({ field: `lines.${i}.lineId`, message: 'ligne inconnue sur ce bon de commande' })
    else if (seen.has(a.lineId)) errors.push({ field: `lines.${i}.lineId`, message: 'ligne déjà citée' })
    else if (a.quantity > line.quantity - line.receivedQuantity) errors.push({ field: `lines.${i}.quantity`, message: `au plus ${line.quantity - line.receivedQuantity} (reste à recevoir)` })
    seen.add(a.lineId)
  })
  if (errors.length > 0) throw badRequest('VALIDATION_ERROR', undefined, errors)
  // In the order's line order, whatever the order of the request.
  return lines.flatMap((line) => {
    const a = asked.find((x) => x.lineId === line.id)
    return a ? [{ line, quantity: a.quantity }] : []
  })
}
