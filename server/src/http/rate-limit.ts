// Fixed-window rate limits kept in the cache (Redis: shared by every replica). Every
// operation has one: a generous default per caller, tighter ones declared on a route
// (public reports, for instance). Answers carry RateLimit-* headers; over the limit, 429.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Cache } from '../platform/cache.ts'
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

export interface RateLimitDeps {
  cache: Cache
  clock: Clock
  /** The user id of the request's token when its signature and expiry check out (no database call). */
  userOf(req: FastifyRequest): string | null
  /** The epoch key to read along with the hit (the caller's, see `Gatekeeper.epochKey`), if any. */
  epochKeyOf?(req: FastifyRequest): string | null
}

// An invalid or forged token counts against its address: making up a new header for each
// request must not buy a fresh allowance.
function who(req: FastifyRequest, per: RateLimit['per'], deps: RateLimitDeps): string {
  const userId = per === 'caller' ? deps.userOf(req) : null
  return userId ? `u:${userId}` : `a:${req.ip}`
}

/**
 * Counts the request; returns the value of the request's epoch key read in the same cache
 * command, or null when there is no key or the cache could not be reached.
 */
export async function applyRateLimit(req: FastifyRequest, reply: FastifyReply, limit: RateLimit, deps: RateLimitDeps): Promise<string | null> {
  const now = deps.clock.now().getTime()
  const windowMs = limit.windowSeconds * 1000
  const windowIndex = Math.floor(now / windowMs)
  const reset = Math.max(1, Math.ceil(((windowIndex + 1) * windowMs - now) / 1000))
  const key = `rl:${limit.name}:${who(req, limit.per, deps)}:${windowIndex}`
  const epochKey = deps.epochKeyOf?.(req) ?? null
  let count: number
  let epoch: string | null = null
  try {
    if (epochKey) ({ count, epoch } = await deps.cache.hitWithEpoch(key, limit.windowSeconds + 1, epochKey))
    else count = await deps.cache.hit(key, limit.windowSeconds + 1)
  } catch (err) {
    // The cache being away must not take the whole API down with it: fail open, loudly.
    req.log.warn({ err }, 'rate limit cache unavailable')
    return null
  }
  reply.header('RateLimit-Limit', String(limit.max))
  reply.header('RateLimit-Remaining', String(Math.max(0, limit.max - count)))
  reply.header('RateLimit-Reset', String(reset))
  if (count > limit.max) {
    throw tooManyRequests(limit.message ?? 'Trop de requêtes : réessayez dans une minute.', reset)
  }
  return epoch
}
