// Costs on a work order: parts consumed from stock and labour, each with its price frozen at
// entry (docs/parts.md). Both lock the order row first (scope in the statement: 404 outside
// it), so a closure and a cost entry serialise: no cost lands on a closed order.
import { uuidv7 } from 'uuidv7'
import { AppError, badRequest, conflict } from '../../http/errors.ts'
import type { Principal, Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import { insufficientStock, isNegativeStock, negativeStock } from '../parts/parts.errors.ts'
import { insertMovement, lockPart } from '../parts/parts.queries.ts'
import { activeUserRate, insertLabor } from './work-orders.costs.queries.ts'
import { notFoundOrder, orderClosed } from './work-orders.errors.ts'
import * as q from './work-orders.queries.ts'
import type { ConsumePart, LaborTimeCreate } from './work-orders.schemas.ts'
import { isClosed } from './work-orders.states.ts'
import type { WorkOrderDeps } from './work-orders.service.ts'

const DAY_MS = 86_400_000

const unknownPart = () => badRequest('UNKNOWN_PART', undefined, [{ field: 'partId', message: 'pièce inconnue' }])
const priceUnknown = () => conflict('PRICE_UNKNOWN')
const rateUndefined = () => conflict('HOURLY_RATE_UNDEFINED')
const invalidPerson = () => badRequest(
  'INVALID_LABOR_PERSON',
  undefined,
  [{ field: 'userId', message: 'personne inconnue, inactive ou sans accès à cet ordre' }],
)
const othersForbidden = () => new AppError('LABOR_FOR_OTHERS')
const invalidDate = () => badRequest('INVALID_WORK_DATE', undefined, [{ field: 'workedOn', message: 'date dans le futur' }])

export class WorkOrderCosts {
  readonly #deps: WorkOrderDeps
  readonly #assignable: (tx: Db, ids: string[], siteId: string) => Promise<void>
  constructor(deps: WorkOrderDeps, assignable: (tx: Db, ids: string[], siteId: string) => Promise<void>) {
    this.#deps = deps
    this.#assignable = assignable
  }

  /**
   * A CONSUMPTION movement on the order, at the part's current price. The part row is locked
   * (after the order's), so the stock checked is the stock the movement follows; the ledger's
   * check on the quantity backs it. 409 when closed, the price unknown or the stock short.
   */
  async consumePart(principal: Principal, scope: Scope, id: string, input: Static<typeof ConsumePart>) {
    const now = this.#deps.clock.now()
    await this.#deps.database.db.transaction(async (tx) => {
      const order = await this.#lockOpen(tx, id, scope)
      const part = await lockPart(tx, input.partId)
      if (!part) throw unknownPart()
      if (part.lastUnitPriceCents === null) throw priceUnknown()
      if (part.quantity < input.quantity) throw insufficientStock(part.quantity)
      await insertMovement(tx, {
        id: uuidv7(), partId: part.id, kind: 'CONSUMPTION', quantity: -input.quantity, unitPriceCents: part.lastUnitPriceCents,
        reason: null, actorId: principal.id, workOrderId: order.id, createdAt: now,
      })
      await q.updateWorkOrderRow(tx, id, { updatedAt: now })
    }).catch((err) => {
      if (isNegativeStock(err)) throw negativeStock()
      throw err
    })
  }

  /**
   * A labour line at the person's current hourly rate. Anyone who may edit the order logs its
   * own time; for someone else the caller needs the view-other right on WORK_ORDERS, and the
   * person must be an active user who could be assigned to the order.
   */
  async addLaborTime(principal: Principal, scope: Scope, id: string, input: Static<typeof LaborTimeCreate>) {
    const now = this.#deps.clock.now()
    // Not after today: UTC, with a day of tolerance for callers east of Greenwich.
    if (Date.parse(`${input.workedOn}T00:00:00Z`) > now.getTime() + DAY_MS) throw invalidDate()
    const own = input.userId === principal.id
    if (!own && !scope.viewOther) throw othersForbidden()
    await this.#deps.database.db.transaction(async (tx) => {
      const order = await this.#lockOpen(tx, id, scope)
      if (!own) {
        const asset = (await q.assetSite(tx, order.assetId))!
        await this.#assignable(tx, [input.userId], asset.siteId).catch(() => { throw invalidPerson() })
      }
      const person = await activeUserRate(tx, input.userId)
      if (!person) throw invalidPerson()
      if (person.hourlyRateCents === null) throw rateUndefined()
      await insertLabor(tx, {
        id: uuidv7(), workOrderId: id, userId: input.userId, workedOn: input.workedOn, minutes: input.minutes,
        hourlyRateCents: person.hourlyRateCents, createdBy: principal.id, createdAt: now,
      })
      await q.updateWorkOrderRow(tx, id, { updatedAt: now })
    })
  }

  async #lockOpen(tx: Db, id: string, scope: Scope) {
    const order = await q.lockWorkOrder(tx, id, scope)
    if (!order) throw notFoundOrder()
    if (isClosed(order.status)) throw orderClosed()
    return order
  }
}
