import { readableScope, type Caller } from '../../http/caller.ts'
import type { Platform } from '../module.ts'
import * as more from './search.more.queries.ts'
import * as q from './search.queries.ts'

type Deps = Pick<Platform, 'database'>

export class SearchService {
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  /** Each family with the scope its own listing would apply, or nothing without its view right. */
  async search(caller: Caller, text: string) {
    const db = this.#deps.database.db
    const [wo, as, si] = [readableScope(caller, 'WORK_ORDERS'), readableScope(caller, 'ASSETS'), readableScope(caller, 'LOCATIONS')]
    const [pa, pe] = [readableScope(caller, 'PARTS'), readableScope(caller, 'PEOPLE_TEAMS')]
    const [workOrders, assets, sites, parts, people] = await Promise.all([
      wo ? q.searchWorkOrders(db, wo, text) : [],
      as ? q.searchAssets(db, as, text) : [],
      si ? q.searchSites(db, si, text) : [],
      pa ? more.searchParts(db, text) : [],
      pe ? more.searchPeople(db, pe, text) : [],
    ])
    return { workOrders, assets, sites, parts, people }
  }
}
