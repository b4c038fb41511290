import { uuidv7 } from 'uuidv7'
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts'
import { jsonListText } from '../../http/json-text.ts'
import { decodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import type { Caller } from '../../http/caller.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Platform } from '../module.ts'
import { insertEvents } from '../work-orders/work-orders.queries.ts'
import { WorkOrdersService } from '../work-orders/work-orders.service.ts'
import * as list from './requests.list.queries.ts'
import * as q from './requests.queries.ts'
import { DEFAULT_PAGE, type RequestApprove, type RequestCreate, type RequestReject, type RequestsQuery, type RequestsResponse, type RequestStatus } from './requests.schemas.ts'

export const notFoundRequest = () => notFound('Demande introuvable.')
export const alreadyHandled = () => conflict('ALREADY_HANDLED')
const unknownAsset = () => badRequest('UNKNOWN_ASSET', undefined, [{ field: 'assetId', message: 'équipement inconnu ou hors de vos sites' }])

const mayNotCreateOrders = () => forbidden('Approuver une demande crée un ordre de travail : votre rôle ne permet pas d’en créer.')

const REQUEST_KEY = [(v: unknown) => typeof v === 'boolean', isMatching(list.SORT_AT_PATTERN), isUuid] as const

type Deps = Pick<Platform, 'database' | 'clock'>

/**
 * What the caller may do with a request it sees, sent with it (`abilities`): handling needs
 * REQUESTS edit and a request still pending (409 ALREADY_HANDLED otherwise); approving also
 * creates a work order, so it needs WORK_ORDERS create too (403 otherwise).
 */
export function requestAbilities(request: Pick<q.RequestRow, 'status'>, caller: Caller) {
  const handle = request.status === 'PENDING' && caller.may('REQUESTS', 'edit')
  return { approve: handle && caller.may('WORK_ORDERS', 'create'), reject: handle }
}

const withAbilities = (row: q.RequestRow, caller: Caller) => ({ ...row, abilities: requestAbilities(row, caller) })

export class RequestsService {
  readonly #deps: Deps
  readonly #workOrders: WorkOrdersService
  constructor(deps: Deps) {
    this.#deps = deps
    this.#workOrders = new WorkOrdersService(deps)
  }

  get #db() { return this.#deps.database.db }

  /** One page in triage order (trapped persons first, then the longest waiting, or the newest with `sort=newest`). */
  async list(caller: Caller, scope: Scope, query: Static<typeof RequestsQuery>) {
    const { cursor, limit = DEFAULT_PAGE, sort, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, REQUEST_KEY) as list.Keyset
    const rows = await list.listRequestsPage(this.#db, scope, { ...filter, newest: sort === 'newest' }, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.personBlocked, r.sortAt, r.id])
    // Each row's stored text with this caller's abilities appended (they depend on the status only).
    const abilities = new Map<RequestStatus, string>()
    const abilitiesOf = (status: RequestStatus) => {
      let text = abilities.get(status)
      if (text === undefined) abilities.set(status, text = JSON.stringify(requestAbilities({ status }, caller)))
      return text
    }
    const rowsText = items.map((r) => `${r.row.slice(0, -1)},"abilities":${abilitiesOf(r.status)}}`)
    return { page: jsonListText<Static<typeof RequestsResponse>>('requests', rowsText), next, limit }
  }

  /**
   * A request made in the application by the caller. A caller assigned to sites may only
   * request for the assets of those sites and their zones; another asset is as unknown as a
   * missing one (400 naming assetId).
   */
  async create(caller: Caller, scope: Scope, input: Static<typeof RequestCreate>) {
    const id = uuidv7()
    await this.#db.transaction(async (tx) => {
      // Assets are never deleted, so the check holds until commit.
      if (!(await q.assetWithinSites(tx, input.assetId, scope))) throw unknownAsset()
      await q.insertRequest(tx, {
        id,
        source: 'APP',
        assetId: input.assetId,
        description: input.description.trim(),
        personBlocked: input.personBlocked ?? false,
        requestedBy: scope.userId,
        createdAt: this.#deps.clock.now(),
      })
    })
    return withAbilities((await q.summaryById(this.#db, id))!, caller)
  }

  /** PENDING → REJECTED with its reason (shown to the requester); 409 once handled. */
  async reject(caller: Caller, scope: Scope, id: string, input: Static<typeof RequestReject>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const request = await q.lockRequest(tx, id, scope)
      if (!request) throw notFoundRequest()
      if (request.status !== 'PENDING' || !(await q.markRejected(tx, id, input.reason.trim(), scope.userId, now))) throw alreadyHandled()
    })
    return withAbilities((await q.summaryById(this.#db, id))!, caller)
  }

  /**
   * PENDING → APPROVED: in one transaction, a CORRECTIVE work order on the request's asset
   * (its description, personBlocked, the author as requester, priority and assignees from the
   * body), the REQUEST_LINKED event and the flip of the request. The request row is locked
   * first, so concurrent approvals queue and all but the first answer 409 without creating
   * anything; the flip is conditional too, so a request that is no longer pending rolls the
   * whole transaction back (no orphan order). Creating an order needs WORK_ORDERS create on
   * top of the route's REQUESTS edit.
   */
  async approve(caller: Caller, scope: Scope, id: string, input: Static<typeof RequestApprove>) {
    if (!caller.may('WORK_ORDERS', 'create')) throw mayNotCreateOrders()
    const { principal } = caller
    const orderId = await this.#db.transaction(async (tx) => {
      const request = await q.lockRequest(tx, id, scope)
      if (!request) throw notFoundRequest()
      if (request.status !== 'PENDING') throw alreadyHandled()
      const order = await this.#workOrders.insert(tx, {
        type: 'CORRECTIVE',
        assetId: request.assetId,
        description: request.description,
        priority: input.priority ?? 'NORMAL',
        personBlocked: request.personBlocked,
        dueAt: null,
        createdBy: principal.id,
        requesterId: request.requestedBy,
        requesterName: request.requestedBy === null ? request.contactName : null,
        assigneeIds: input.assigneeIds ?? [],
      }, principal.id)
      const now = this.#deps.clock.now()
      await insertEvents(tx, [{
        id: uuidv7(), workOrderId: order.id, kind: 'REQUEST_LINKED', actorId: principal.id, at: now,
        payload: { requestId: request.id, requestReference: request.reference },
      }])
      if (!(await q.markApproved(tx, id, order.id, principal.id, now))) throw alreadyHandled()
      return order.id
    })
    // The approver created the order: it is among its own orders even without view-other.
    return this.#workOrders.get(caller, caller.scope('WORK_ORDERS'), orderId)
  }
}
