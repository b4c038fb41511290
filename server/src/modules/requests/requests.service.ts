import { uuidv7 } from 'uuidv7'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { decodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Platform } from '../module.ts'
import * as list from './requests.list.queries.ts'
import * as q from './requests.queries.ts'
import { DEFAULT_PAGE, type RequestCreate, type RequestReject, type RequestsQuery } from './requests.schemas.ts'

export const notFoundRequest = () => notFound('Demande introuvable.')
export const alreadyHandled = () => conflict('ALREADY_HANDLED', 'Cette demande a déjà été traitée (approuvée ou rejetée).')
const unknownAsset = () => badRequest('UNKNOWN_ASSET', 'Équipement inconnu ou hors des sites qui vous sont attribués.', [{ field: 'assetId', message: 'équipement inconnu ou hors de vos sites' }])

const REQUEST_KEY = [(v: unknown) => typeof v === 'boolean', isMatching(list.SORT_AT_PATTERN), isUuid] as const

export class RequestsService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** One page in triage order (trapped persons first, then the longest waiting). */
  async list(scope: Scope, query: Static<typeof RequestsQuery>) {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, REQUEST_KEY) as list.Keyset
    const rows = await list.listRequestsPage(this.#db, scope, filter, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.item.personBlocked, r.sortAt, r.item.id])
    return { requests: items.map((r) => r.item), next, limit }
  }

  /**
   * A request made in the application by the caller. A caller assigned to sites may only
   * request for the assets of those sites and their zones; another asset is as unknown as a
   * missing one (400 naming assetId).
   */
  async create(scope: Scope, input: Static<typeof RequestCreate>) {
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
    return (await q.summaryById(this.#db, id))!
  }

  /** PENDING → REJECTED with its reason (shown to the requester); 409 once handled. */
  async reject(scope: Scope, id: string, input: Static<typeof RequestReject>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const request = await q.lockRequest(tx, id, scope)
      if (!request) throw notFoundRequest()
      if (request.status !== 'PENDING' || !(await q.markRejected(tx, id, input.reason.trim(), scope.userId, now))) throw alreadyHandled()
    })
    return (await q.summaryById(this.#db, id))!
  }
}
