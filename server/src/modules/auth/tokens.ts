// Access tokens: HS256 JWTs carrying only the user id. Role, status and permissions are read
// at every request, so a disabled account or a changed role takes effect at the next call.
// A token also dies when its user's `tokens_valid_after` cut-off passes its `iat`: a disable,
// a role change or a new password makes every token issued before it worthless for good.
import { createSigner, createVerifier } from 'fast-jwt'
import { LRUCache } from 'lru-cache'
import type { Clock } from '../../platform/clock.ts'

export const TOKEN_ISSUER = 'palier'
/**
 * Tokens whose signature and claims were verified, remembered (LRU, keyed by the token itself,
 * ten minutes each), sparing the HMAC and JSON decoding of a caller's every request. Only what
 * never changes is remembered: expiry, lifetime and issue time are checked below at every call,
 * against the injected clock. fast-jwt's own cache keys its entries by the token's SHA-256,
 * which cost about 9 µs a request (4 % of a detail's); the process that holds the signing key gains
 * nothing by keeping digests of its tokens rather than the tokens (about 2 MB when full).
 * Refused tokens are not remembered: garbage cannot push the callers' tokens out.
 */
export const VERIFIED_TOKENS_CACHE_SIZE = 10_000

// Replicas' clocks may differ a little; beyond that, a token "issued in the future" could
// outlive every cut-off and the configured lifetime, so it is refused.
const FUTURE_TOLERANCE_SECONDS = 60

export interface VerifiedToken {
  userId: string
  /** Issue time, in whole seconds since the epoch. */
  iat: number
}

export class Tokens {
  readonly #sign: (payload: Record<string, unknown>) => string
  readonly #verify: (token: string) => Record<string, unknown>
  readonly #verified = new LRUCache<string, Record<string, unknown>>({ max: VERIFIED_TOKENS_CACHE_SIZE, ttl: 600_000 })
  readonly #clock: Clock
  readonly #ttlSeconds: number

  constructor(secret: string, ttlSeconds: number, clock: Clock) {
    this.#clock = clock
    this.#ttlSeconds = ttlSeconds
    this.#sign = createSigner({ key: secret, algorithm: 'HS256', iss: TOKEN_ISSUER })
    // Only HS256 is accepted: `alg: none` and any other algorithm fail verification. fast-jwt
    // checks `iss` only when present, so it is listed among the required claims. Expiry is
    // ignored there (checked in verify()), so a remembered token is remembered for its ten minutes.
    this.#verify = createVerifier({
      key: secret, algorithms: ['HS256'], allowedIss: TOKEN_ISSUER, requiredClaims: ['iss', 'sub', 'exp', 'iat'],
      ignoreExpiration: true, ignoreNotBefore: true,
    }) as never
  }

  issue(userId: string): string {
    const iat = Math.floor(this.#clock.now().getTime() / 1000)
    return this.#sign({ sub: userId, iat, exp: iat + this.#ttlSeconds })
  }

  verify(token: string): VerifiedToken | null {
    let claims = this.#verified.get(token)
    if (!claims) {
      try {
        claims = this.#verify(token)
      } catch {
        return null
      }
      this.#verified.set(token, claims)
    }
    const { sub, iat, exp } = claims
    if (typeof sub !== 'string' || !Number.isInteger(iat) || !Number.isInteger(exp)) return null
    const issued = iat as number
    const expires = exp as number
    const now = this.#clock.now().getTime() / 1000
    // Expiry is checked here, against the injected clock, at every call (cached or not); a
    // lifetime longer than the configured one (a token minted by hand, or before TOKEN_TTL_SECONDS was lowered) is refused.
    if (expires <= now || expires - issued > this.#ttlSeconds || issued > now + FUTURE_TOLERANCE_SECONDS) return null
    return { userId: sub, iat: issued }
  }
}

/**
 * The cut-off that kills every token issued up to `at`: the next whole second, since `iat`
 * has a one-second granularity (a token of the same second may be older than the event).
 */
export function revokeTokensIssuedBy(at: Date): Date {
  return new Date((Math.floor(at.getTime() / 1000) + 1) * 1000)
}

/**
 * The cut-off set with a first password (activation): tokens from this whole second on are
 * valid, so the session issued right after activation works. An account that was never
 * activated has no earlier token to kill.
 */
export function tokensValidFrom(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000)
}
