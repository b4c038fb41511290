// Access tokens: HS256 JWTs carrying only the user id. Role, status and permissions are read
// at every request, so a disabled account or a changed role takes effect at the next call.
import { createSigner, createVerifier } from 'fast-jwt'
import type { Clock } from '../../platform/clock.ts'

export const TOKEN_ISSUER = 'palier'

export class Tokens {
  readonly #sign: (payload: Record<string, unknown>) => string
  readonly #verify: (token: string) => { sub?: unknown }
  readonly #clock: Clock
  readonly #ttlSeconds: number

  constructor(secret: string, ttlSeconds: number, clock: Clock) {
    this.#clock = clock
    this.#ttlSeconds = ttlSeconds
    this.#sign = createSigner({ key: secret, algorithm: 'HS256', iss: TOKEN_ISSUER })
    // Only HS256 is accepted: `alg: none` and any other algorithm fail verification.
    this.#verify = createVerifier({ key: secret, algorithms: ['HS256'], allowedIss: TOKEN_ISSUER, requiredClaims: ['sub', 'exp', 'iat'], ignoreExpiration: true, ignoreNotBefore: true }) as never
  }

  issue(userId: string): string {
    const iat = Math.floor(this.#clock.now().getTime() / 1000)
    return this.#sign({ sub: userId, iat, exp: iat + this.#ttlSeconds })
  }

  verify(token: string): string | null {
    try {
      const claims = this.#verify(token)
      const exp = (claims as { exp?: number }).exp ?? 0
      // Expiry is checked here, against the injected clock.
      if (exp * 1000 <= this.#clock.now().getTime()) return null
      return typeof claims.sub === 'string' ? claims.sub : null
    } catch {
      return null
    }
  }
}
