// The store side of permissions: the role matrix (cached) and the caller behind a token.
// The request pipeline (http/register.ts) asks it for both, checks the route's right and
// hands services the caller (http/caller.ts) with those rows: services never read the
// caller's own rights here (granting a role reads the target role's rows).
import type { Cache, Subscription } from '../../platform/cache.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { Principal } from '../../http/principal.ts'
import type { PermissionRow } from './access.matrix.ts'
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

/** The channel on which a change to a user is announced (its id), to every replica. */
export const PRINCIPALS_CHANNEL = 'principals'

export class AccessService {
  readonly #db: Db
  readonly #cache: Cache
  readonly #demoMode: boolean
  // The rows last parsed per role, with the text they came from: parsed again only when the
  // cached text changes.
  readonly #parsed = new Map<string, { text: string; rows: PermissionRow[] }>()
  /**
   * The rows last read from the store per role, with when: what a request uses while the cache
   * does not answer, until they are MATRIX_CACHE_SECONDS old (then read from the store again).
   */
  readonly #fromStore = new Map<string, { rows: PermissionRow[]; readAt: number }>()
  readonly #clock: Clock
  readonly #principals: PrincipalCache<PrincipalRow>
  /** Null where principals are not kept (PostgreSQL with the per-process memory cache). */
  readonly #changes: Subscription | null
  /**
   * Moves at every change announced or made here and at every loss of the channel: a row
   * whose read started before such a move may predate the change, so it is not kept.
   */
  #generation = 0
  // Announcements that failed (cache away), retried once a second: userId → tries left.
  readonly #pendingAnnouncements = new Map<string, number>()
  #retryTimer: NodeJS.Timeout | null = null
  /**
   * `keepPrincipals`: false when replicas could share the store but not the cache (PostgreSQL
   * with the per-process memory cache): a change announced on one would be unheard by the
   * others, so the caller is read from the store at every request there.
   */
  constructor(deps: { db: Db; cache: Cache; clock: Clock; demoMode: boolean; keepPrincipals?: boolean; principalCacheSize?: number }) {
    this.#db = deps.db
    this.#cache = deps.cache
    this.#demoMode = deps.demoMode
    this.#clock = deps.clock
    this.#principals = new PrincipalCache(deps.clock, { cap: deps.principalCacheSize })
    this.#changes = (deps.keepPrincipals ?? true)
      ? deps.cache.subscribe(PRINCIPALS_CHANNEL, {
        message: (userId) => { this.#generation++; this.#principals.delete(userId) },
        reset: () => { this.#generation++; this.#principals.clear() },
      })
      : null
  }

  /**
   * Waits (at most `timeoutMs`) for the announcement channel, so that principals are kept from
   * the first requests; tells whether it listens (false too where nothing is kept).
   */
  async ready(timeoutMs = 3000): Promise<boolean> {
    return (await this.#changes?.ready(timeoutMs)) ?? false
  }

  close() {
    this.#changes?.close()
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
  }

  /** How many principals this process keeps (tests of the bound). */
  get cachedPrincipals() { return this.#principals.size }

  /**
   * To call after the transaction that changed what a user's principal carries (status, role,
   * sites, name, token cut-off, activation) has committed, before answering: this process
   * drops its copy at once, and the change is announced to every replica, which drops its
   * own on receipt. Never throws: with the cache away the write stands and the announcement
   * is retried every second for PRINCIPAL_MAX_AGE_SECONDS (after which every copy older than
   * the write has expired anyway).
   */
  async invalidatePrincipal(userId: string): Promise<void> {
    this.#generation++
    this.#principals.delete(userId)
    try {
      await this.#cache.publish(PRINCIPALS_CHANNEL, userId)
      this.#pendingAnnouncements.delete(userId)
    } catch {
      this.#pendingAnnouncements.set(userId, PRINCIPAL_MAX_AGE_SECONDS)
      this.#scheduleAnnouncements()
    }
  }

  #scheduleAnnouncements() {
    if (this.#retryTimer) return
    this.#retryTimer = setTimeout(async () => {
      for (const [userId, left] of [...this.#pendingAnnouncements]) {
        try {
          await this.#cache.publish(PRINCIPALS_CHANNEL, userId)
          this.#pendingAnnouncements.delete(userId)
        } catch {
          if (left <= 1) this.#pendingAnnouncements.delete(userId)
          else this.#pendingAnnouncements.set(userId, left - 1)
        }
      }
      this.#retryTimer = null
      if (this.#pendingAnnouncements.size) this.#scheduleAnnouncements()
    }, 1000)
    this.#retryTimer.unref()
  }

  /**
   * The role's rows, read from the store at most once a minute per role (never mutate them).
   * While the cache does not answer (its breaker open: no wait), the rows this process last
   * read from the store serve, up to MATRIX_CACHE_SECONDS old: a change of the matrix still
   * applies within that delay, and the store is not read at every request meanwhile.
   */
  async permissions(roleId: string): Promise<PermissionRow[]> {
    const key = `perm:${roleId}`
    let cached: string | null
    let cacheUp = true
    try {
      cached = await this.#cache.get(key, { localSeconds: MATRIX_LOCAL_SECONDS })
    } catch {
      cached = null
      cacheUp = false
    }
    if (cached) {
      const last = this.#parsed.get(roleId)
      if (last?.text === cached) return last.rows
      const rows = JSON.parse(cached) as PermissionRow[]
      this.#parsed.set(roleId, { text: cached, rows })
      return rows
    }
    const now = this.#clock.now().getTime()
    const kept = this.#fromStore.get(roleId)
    if (!cacheUp && kept && now - kept.readAt >= 0 && now - kept.readAt < MATRIX_CACHE_SECONDS * 1000) return kept.rows
    const rows = await q.permissionsOfRole(this.#db, roleId)
    this.#fromStore.set(roleId, { rows, readAt: now })
    // Not awaited: the answer does not depend on it, and a Redis about to be found frozen
    // would hold the request for its command timeout.
    if (cacheUp) this.#cache.set(key, JSON.stringify(rows), MATRIX_CACHE_SECONDS - MATRIX_LOCAL_SECONDS).catch(() => {})
    return rows
  }

  /**
   * The caller behind a token issued at `iat` (seconds), or null when the account is gone, not
   * activated or disabled, when the token predates the account's cut-off (disable, role change,
   * new password), or when it is a demo account and demo mode is off.
   *
   * A row kept in the process serves only while the announcement channel is live; otherwise
   * the row is read from the store at every request (and not kept). A read is kept only if no
   * change was announced, and the channel stayed live, while it ran. The checks below apply
   * to a kept row too.
   */
  async loadPrincipal(userId: string, iat: number): Promise<Principal | null> {
    const trusted = this.#changes?.live() ?? false
    let row = trusted ? this.#principals.get(userId) : undefined
    if (!row) {
      const generation = this.#generation
      row = await q.principalRow(this.#db, userId)
      if (row && trusted && generation === this.#generation && this.#changes!.live()) this.#principals.set(userId, row)
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
}
