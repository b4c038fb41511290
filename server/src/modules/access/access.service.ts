// The store side of permissions: the role matrix (cached) and the caller behind a token.
// The request pipeline (http/register.ts) asks it for both, checks the route's right and
// computes the caller's scope once; services receive that scope, never re-deciding it.
import type { Cache } from '../../platform/cache.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { Principal } from '../../http/principal.ts'
import { allows, type Action, type Category, type PermissionRow } from './access.matrix.ts'
import * as q from './access.queries.ts'
import { PRINCIPAL_MAX_AGE_SECONDS, PrincipalCache } from './principal-cache.ts'

/** A change of the stored matrix applies within this many seconds. */
export const MATRIX_CACHE_SECONDS = 60
/**
 * Of which the last few may be served from this process' own copy (every request with a
 * permission reads its role's rows: a Redis round trip each time would cost more than the
 * read itself). The shared copy lives the rest, so the total stays MATRIX_CACHE_SECONDS.
 */
export const MATRIX_LOCAL_SECONDS = 5

type PrincipalRow = NonNullable<Awaited<ReturnType<typeof q.principalRow>>>

export class AccessService {
  readonly #db: Db
  readonly #cache: Cache
  readonly #demoMode: boolean
  // The rows last parsed per role, with the text they came from: parsed again only when the
  // cached text changes.
  readonly #parsed = new Map<string, { text: string; rows: PermissionRow[] }>()
  readonly #principals: PrincipalCache<PrincipalRow>
  // Epoch renewals that failed (cache away), retried once a second: userId → tries left.
  readonly #pendingRenewals = new Map<string, number>()
  #retryTimer: NodeJS.Timeout | null = null
  readonly #keepPrincipals: boolean
  /**
   * `keepPrincipals`: false when replicas could share the store but not the cache (PostgreSQL
   * with the per-process memory cache): an epoch renewed on one would be unseen by the others,
   * so the caller is read from the store at every request there.
   */
  constructor(deps: { db: Db; cache: Cache; clock: Clock; demoMode: boolean; keepPrincipals?: boolean; principalCacheSize?: number }) {
    this.#db = deps.db
    this.#cache = deps.cache
    this.#demoMode = deps.demoMode
    this.#keepPrincipals = deps.keepPrincipals ?? true
    this.#principals = new PrincipalCache(deps.clock, { cap: deps.principalCacheSize })
  }

  /** How many principals this process keeps (tests of the bound). */
  get cachedPrincipals() { return this.#principals.size }

  epochKey(userId: string) { return `auth:${userId}` }

  /**
   * To call after the transaction that changed what a user's principal carries (status, role,
   * sites, name, token cut-off, activation) has committed, before answering: every replica's
   * kept copy stops matching the user's epoch. Never throws: with the cache away the write
   * stands, this process forgets its copy, and the renewal is retried every second for
   * PRINCIPAL_MAX_AGE_SECONDS (after which every copy older than the write has expired).
   */
  async invalidatePrincipal(userId: string): Promise<void> {
    this.#principals.delete(userId)
    try {
      await this.#cache.renewEpoch(this.epochKey(userId))
      this.#pendingRenewals.delete(userId)
    } catch {
      this.#pendingRenewals.set(userId, PRINCIPAL_MAX_AGE_SECONDS)
      this.#scheduleRenewals()
    }
  }

  #scheduleRenewals() {
    if (this.#retryTimer) return
    this.#retryTimer = setTimeout(async () => {
      for (const [userId, left] of [...this.#pendingRenewals]) {
        try {
          await this.#cache.renewEpoch(this.epochKey(userId))
          this.#pendingRenewals.delete(userId)
        } catch {
          if (left <= 1) this.#pendingRenewals.delete(userId)
          else this.#pendingRenewals.set(userId, left - 1)
        }
      }
      this.#retryTimer = null
      if (this.#pendingRenewals.size) this.#scheduleRenewals()
    }, 1000)
    this.#retryTimer.unref()
  }

  /** The role's rows, read from the store at most once a minute per role (never mutate them). */
  async permissions(roleId: string): Promise<PermissionRow[]> {
    const key = `perm:${roleId}`
    const cached = await this.#cache.get(key, { localSeconds: MATRIX_LOCAL_SECONDS }).catch(() => null)
    if (cached) {
      const last = this.#parsed.get(roleId)
      if (last?.text === cached) return last.rows
      const rows = JSON.parse(cached) as PermissionRow[]
      this.#parsed.set(roleId, { text: cached, rows })
      return rows
    }
    const rows = await q.permissionsOfRole(this.#db, roleId)
    await this.#cache.set(key, JSON.stringify(rows), MATRIX_CACHE_SECONDS - MATRIX_LOCAL_SECONDS).catch(() => {})
    return rows
  }

  /**
   * The caller behind a token issued at `iat` (seconds), or null when the account is gone, not
   * activated or disabled, when the token predates the account's cut-off (disable, role change,
   * new password), or when it is a demo account and demo mode is off.
   *
   * `epoch`: the user's auth epoch read in this request. The row kept in the process serves
   * only if it was loaded under that same epoch; otherwise it is read from the store (after
   * the epoch was read, so a change committed later renews the epoch again). Without a fresh
   * epoch (the cache is away) the row is read every time, and every kept row is forgotten:
   * renewals made meanwhile may have been lost. The checks below apply to a kept row too.
   */
  async loadPrincipal(userId: string, iat: number, epoch: string | null): Promise<Principal | null> {
    if (!this.#keepPrincipals) epoch = null
    let row = epoch === null ? undefined : this.#principals.get(userId, epoch)
    if (!row) {
      if (epoch === null) this.#principals.clear()
      row = await q.principalRow(this.#db, userId)
      if (row && epoch !== null) this.#principals.set(userId, epoch, row)
    }
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
}
