// Fixed-window rate limits. Every operation has one: a generous default per caller, tighter
// ones declared on a route (public reports, for instance). Answers carry RateLimit-* headers;
// over the limit, 429.
//
// Two ways of counting, both shared by the replicas through the cache (Redis):
// - exact: one cache command per request (`Cache.hit`). For limits a route declares and for
//   public operations (login, activation: where an attacker knocks), and a fallback when too
//   many callers are counted in process.
// - batched: counted in this process and added to the shared counters every RATE_SYNC_MS in
//   one round trip, which answers with the global counts. For the default limit of the
//   operations that need a token, the hot path, which then costs no round trip. Replicas
//   share the count approximately: one replica alone never lets a caller past the limit, and
//   all of them together by at most what the caller got through on the others since their
//   last sync.
// While the cache does not answer (its breaker open, or a command failing): exact limits are
// counted in this process instead (each replica holds a caller to the limit alone, as the
// batched counts do meanwhile); batched counts are kept and sent once it answers again.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { memoryCache, type Cache } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'
import { tooManyRequests } from './errors.ts'

export interface RateLimit {
  /** Bucket name; routes sharing a name share their counter. */
  name: string
  max: number
  windowSeconds: number
  /** 'caller': per user when a valid token is sent, else per address. 'address': per client address. */
  per: 'caller' | 'address'
  message?: string
}

/** How often the counts kept in process are sent to the shared cache. */
export const RATE_SYNC_MS = 250
/** Counters kept in process at most; a caller beyond them is counted exactly. */
export const LOCAL_COUNTERS_MAX = 100_000

export interface RateLimitDeps {
  cache: Cache
  clock: Clock
  /** The user id of the request's token when its signature and expiry check out (no database call). */
  userOf(req: FastifyRequest): string | null
  warn(err: unknown, message: string): void
}

interface LocalCount {
  /** The global count the cache last answered (every replica's synced hits, this one's included). */
  total: number
  /** Hits being sent, and hits not sent yet. */
  sending: number
  pending: number
  ttlSeconds: number
  /** End of the window (ms): the counter is dropped after it. */
  endsAt: number
}

export class RateLimiter {
  readonly #deps: RateLimitDeps
  readonly #local = new Map<string, LocalCount>()
  readonly #timer: NodeJS.Timeout
  #syncing: Promise<void> | null = null
  #failing = false
  /** Exact counts kept in process while the shared cache does not answer. */
  readonly #fallback: Cache
  #exactFailing = false

  constructor(deps: RateLimitDeps) {
    this.#deps = deps
    this.#fallback = memoryCache(deps.clock)
    this.#timer = setInterval(() => { void this.sync() }, RATE_SYNC_MS)
    this.#timer.unref()
  }

  // An invalid or forged token counts against its address: making up a new header for each
  // request must not buy a fresh allowance.
  #key(req: FastifyRequest, limit: RateLimit, windowIndex: number) {
    const userId = limit.per === 'caller' ? this.#deps.userOf(req) : null
    return `rl:${limit.name}:${userId ? `u:${userId}` : `a:${req.ip}`}:${windowIndex}`
  }

  /**
   * Counts the request against `limit`, exactly (in the cache, now) or batched (see the top
   * of this file); sets the RateLimit-* headers; throws 429 past the limit.
   */
  async apply(req: FastifyRequest, reply: FastifyReply, limit: RateLimit, exact: boolean): Promise<void> {
    const now = this.#deps.clock.now().getTime()
    const windowMs = limit.windowSeconds * 1000
    const windowIndex = Math.floor(now / windowMs)
    const key = this.#key(req, limit, windowIndex)
    let count: number
    let local = exact ? undefined : this.#local.get(key)
    if (!exact && !local && this.#local.size < LOCAL_COUNTERS_MAX) {
      local = { total: 0, sending: 0, pending: 0, ttlSeconds: limit.windowSeconds + 1, endsAt: (windowIndex + 1) * windowMs }
      this.#local.set(key, local)
    }
    if (local) {
      local.pending++
      count = local.total + local.sending + local.pending
    } else {
      try {
        count = await this.#deps.cache.hit(key, limit.windowSeconds + 1)
        this.#exactFailing = false
      } catch (err) {
        // The cache being away must neither take the API down nor lift the limits.
        if (!this.#exactFailing) this.#deps.warn(err, 'rate limit cache unavailable: counted in process meanwhile')
        this.#exactFailing = true
        count = await this.#fallback.hit(key, limit.windowSeconds + 1)
      }
    }
    const reset = Math.max(1, Math.ceil(((windowIndex + 1) * windowMs - now) / 1000))
    reply.header('RateLimit-Limit', String(limit.max))
    reply.header('RateLimit-Remaining', String(Math.max(0, limit.max - count)))
    reply.header('RateLimit-Reset', String(reset))
    if (count > limit.max) {
      throw tooManyRequests(limit.message, reset)
    }
  }

  /** Sends the hits counted in process since the last sync and takes back the global counts. */
  sync(): Promise<void> {
    this.#syncing ??= this.#sync().finally(() => { this.#syncing = null })
    return this.#syncing
  }

  async #sync() {
    const now = this.#deps.clock.now().getTime()
    const keys: [string, number, number][] = []
    const counts: LocalCount[] = []
    for (const [key, c] of this.#local) {
      if (c.endsAt <= now) { this.#local.delete(key); continue } // its window is over
      if (c.pending === 0) continue
      c.sending = c.pending
      c.pending = 0
      keys.push([key, c.sending, c.ttlSeconds])
      counts.push(c)
    }
    if (!keys.length) return
    try {
      const totals = await this.#deps.cache.addCounts(keys)
      counts.forEach((c, i) => { c.total = totals[i]; c.sending = 0 })
      this.#failing = false
    } catch (err) {
      // Kept for the next sync; meanwhile each replica still holds its callers to the limit alone.
      for (const c of counts) { c.pending += c.sending; c.sending = 0 }
      if (!this.#failing) this.#deps.warn(err, 'rate limit counts not synced: cache unavailable')
      this.#failing = true
    }
  }

  async close() {
    clearInterval(this.#timer)
    await this.sync().catch(() => {})
    await this.#fallback.close()
  }
}
