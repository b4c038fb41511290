// The one place permissions are decided. Routes declare (category, action); list and detail
// reads ask for a Scope and pass it to their queries, so "outside the scope" and "missing"
// are the same empty result and the same 404.
import type { Cache } from '../../platform/cache.ts'
import type { Db } from '../../platform/db.ts'
import { forbidden } from '../../http/errors.ts'
import { allows, type Action, type Category, type PermissionRow } from './access.matrix.ts'
import * as q from './access.queries.ts'

export interface Principal {
  id: string
  email: string
  displayName: string
  isDemo: boolean
  role: { id: string; name: string }
  /** Sites the user is assigned to (empty: no restriction). */
  siteIds: string[]
}

/** What a read may see in one category. */
export interface Scope {
  userId: string
  /** false: only the caller's own records. */
  viewOther: boolean
  /** Non-null: only records under these top-level sites (and their zones). */
  siteIds: string[] | null
}

export const MATRIX_CACHE_SECONDS = 60

export class AccessService {
  readonly #db: Db
  readonly #cache: Cache
  readonly #demoMode: boolean
  constructor(deps: { db: Db; cache: Cache; demoMode: boolean }) {
    this.#db = deps.db
    this.#cache = deps.cache
    this.#demoMode = deps.demoMode
  }

  /** The role's rows, read from the store at most once a minute per role. */
  async permissions(roleId: string): Promise<PermissionRow[]> {
    const key = `perm:${roleId}`
    const cached = await this.#cache.get(key).catch(() => null)
    if (cached) return JSON.parse(cached) as PermissionRow[]
    const rows = await q.permissionsOfRole(this.#db, roleId)
    await this.#cache.set(key, JSON.stringify(rows), MATRIX_CACHE_SECONDS).catch(() => {})
    return rows
  }

  /**
   * The caller behind a token issued at `iat` (seconds), or null when the account is gone, not
   * activated or disabled, when the token predates the account's cut-off (disable, role change,
   * new password), or when it is a demo account and demo mode is off.
   */
  async loadPrincipal(userId: string, iat: number): Promise<Principal | null> {
    const row = await q.principalRow(this.#db, userId)
    if (!row || !row.activatedAt || row.disabledAt) return null
    if (row.tokensValidAfter && iat * 1000 < row.tokensValidAfter.getTime()) return null
    if (row.isDemo && !this.#demoMode) return null
    return {
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      isDemo: row.isDemo,
      role: { id: row.roleId, name: row.roleName },
      siteIds: row.siteIds,
    }
  }

  async can(p: Principal, category: Category, action: Action): Promise<boolean> {
    const rows = await this.permissions(p.role.id)
    return allows(rows.find((r) => r.objectCategory === category), action)
  }

  async require(p: Principal, category: Category, action: Action): Promise<void> {
    if (!(await this.can(p, category, action))) throw forbidden()
  }

  /** The read scope of a category; 403 when the role cannot view it at all. */
  async scope(p: Principal, category: Category): Promise<Scope> {
    const rows = await this.permissions(p.role.id)
    const row = rows.find((r) => r.objectCategory === category)
    if (!row?.canView) throw forbidden()
    return { userId: p.id, viewOther: row.canViewOther, siteIds: siteRestriction(p) }
  }
}

/** Site assignments restrict what a Demandeur sees; for other roles they are informative. */
export function siteRestriction(p: Principal): string[] | null {
  return p.role.name === 'Demandeur' && p.siteIds.length > 0 ? p.siteIds : null
}
