import type { Category } from '../../http/permissions.ts'
import { scopeOf, type Principal, type Scope } from '../../http/principal.ts'
import type { Platform } from '../module.ts'
import * as q from './search.queries.ts'

type Deps = Pick<Platform, 'database' | 'access'>

export class SearchService {
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  /** Each family with the scope its own listing would apply, or nothing without its view right. */
  async search(principal: Principal, text: string) {
    const rows = await this.#deps.access.permissions(principal.role.id)
    const scope = (c: Category): Scope | null => {
      const row = rows.find((r) => r.objectCategory === c)
      return row?.canView ? scopeOf(principal, row) : null
    }
    const db = this.#deps.database.db
    const [wo, as, si] = [scope('WORK_ORDERS'), scope('ASSETS'), scope('LOCATIONS')]
    const [workOrders, assets, sites] = await Promise.all([
      wo ? q.searchWorkOrders(db, wo, text) : [],
      as ? q.searchAssets(db, as, text) : [],
      si ? q.searchSites(db, si, text) : [],
    ])
    return { workOrders, assets, sites }
  }
}
