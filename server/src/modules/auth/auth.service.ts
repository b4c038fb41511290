import type { Platform } from '../module.ts'
import { memoryCache, type Cache } from '../../platform/cache.ts'
import { AppError, badRequest, notFound, tooManyRequests } from '../../http/errors.ts'
import { hashPassword, verifyPassword } from '../../platform/passwords.ts'
import { hashSecret } from '../../platform/secrets.ts'
import type { Caller } from '../../http/caller.ts'
import * as q from '../users/users.queries.ts'
import * as a from './auth.queries.ts'
import { tokensValidFrom } from './tokens.ts'

type AuthDeps = Pick<Platform, 'database' | 'cache' | 'clock' | 'config' | 'tokens' | 'access'>

// Failed logins tolerated before the door closes for the rest of the window. Every attempt is
// counted as it arrives (see countAttempt) and a success takes its own back, so in the end only
// failures count: a legitimate user is never slowed down by their own successes.
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 }
// Failed activations get the same per-address allowance: a link token cannot be guessed, but
// each attempt still costs a lookup, and a valid one an Argon2id hash.
export const ACTIVATION_LIMITS = { perAddress: LOGIN_LIMITS.perAddress, windowSeconds: LOGIN_LIMITS.windowSeconds }

/**
 * Counts an attempt on each of its counters before it is judged, so that guesses sent at once
 * are counted at once: each `hit` is one atomic increment (Redis INCR, its expiry set on the
 * first; the memory cache in one synchronous step), and the attempt whose count passes a
 * limit is refused with 429 before any password or link is checked. Reading the counts first
 * and raising them after the check let every guess in flight through. While the shared cache
 * does not answer, the attempt is counted in this process instead (`local`): each replica then
 * keeps its own limit, so an outage multiplies the allowance by the number of replicas rather
 * than lifting it. Answers the cache that counted it, for a success to take it back there.
 */
async function countAttempt(shared: Cache, local: Cache, limits: [key: string, max: number][], windowSeconds: number, message: string): Promise<Cache> {
  const hits = (cache: Cache) => Promise.all(limits.map(([key]) => cache.hit(key, windowSeconds)))
  let counted = shared
  const counts = await hits(shared).catch(() => {
    counted = local
    return hits(local)
  })
  if (counts.some((n, i) => n > limits[i][1])) throw tooManyRequests(message, windowSeconds)
  return counted
}

/** 400 naming `password` for a password made only of spaces, wherever a password is set. */
export function requireUsablePassword(password: string, field = 'password') {
  if (password.trim() === '') {
    const message = "le mot de passe ne peut pas être fait uniquement d'espaces"
    throw badRequest('VALIDATION_ERROR', `Champ « ${field} » : ${message}.`, [{ field, message }])
  }
}

export class AuthService {
  readonly #deps: AuthDeps
  /** Where attempts are counted while the shared cache does not answer (see countAttempt). */
  readonly #localAttempts: Cache
  constructor(deps: AuthDeps) {
    this.#deps = deps
    this.#localAttempts = memoryCache(deps.clock)
  }

  async #session(userId: string) {
    const u = await q.userCore(this.#deps.database.db, userId)
    if (!u) throw new AppError('INVALID_CREDENTIALS')
    return {
      accessToken: this.#deps.tokens.issue(u.id),
      user: { id: u.id, email: u.email, displayName: u.displayName, role: { id: u.roleId, name: u.roleName }, isDemo: u.isDemo },
    }
  }

  async login(email: string, password: string, address: string) {
    const accountKey = `login:fail:acct:${email.toLowerCase()}`
    const addressKey = `login:fail:addr:${address}`
    const counted = await countAttempt(this.#deps.cache, this.#localAttempts, [[accountKey, LOGIN_LIMITS.perAccount], [addressKey, LOGIN_LIMITS.perAddress]],
      LOGIN_LIMITS.windowSeconds, 'Trop de tentatives de connexion : réessayez dans 15 minutes.')
    const user = await q.userForLogin(this.#deps.database.db, email)
    const ok = await verifyPassword(user?.passwordHash, password)
    // The same 401 for an unknown e-mail, a wrong password and an inactive account; the
    // attempt, counted above, stays counted.
    if (!user || !ok || !user.activatedAt || user.disabledAt) throw new AppError('INVALID_CREDENTIALS')
    // A success clears the account's count and takes its attempt back from the address's:
    // in the end only failures count.
    await Promise.all([counted.del(accountKey), counted.unhit(addressKey)]).catch(() => {})
    return this.#session(user.id)
  }

  #requireDemoMode() {
    if (!this.#deps.config.demoMode) throw notFound()
  }

  async demoAccounts() {
    this.#requireDemoMode()
    return { accounts: await q.demoAccounts(this.#deps.database.db) }
  }

  /** 404 only for an id that names no account; any non-demo account, whatever its status, 403. */
  async demoLogin(userId: string) {
    this.#requireDemoMode()
    const u = await q.userCore(this.#deps.database.db, userId)
    if (!u) throw notFound('Compte de démonstration introuvable.')
    if (!u.isDemo) throw new AppError('NOT_A_DEMO_ACCOUNT')
    if (!u.activatedAt || u.disabledAt) throw new AppError('ACCOUNT_INACTIVE')
    return this.#session(u.id)
  }

  /**
   * Sets the password from a valid invitation link and logs the user in. The link is checked
   * before the password is hashed, and failures are counted per address like logins.
   */
  async activate(token: string, password: string, address: string) {
    requireUsablePassword(password)
    const { cache, clock } = this.#deps
    const { db } = this.#deps.database
    const addressKey = `activate:fail:addr:${address}`
    const counted = await countAttempt(cache, this.#localAttempts, [[addressKey, ACTIVATION_LIMITS.perAddress]], ACTIVATION_LIMITS.windowSeconds,
      "Trop de tentatives d'activation : réessayez dans 15 minutes.")
    const invalid = () => badRequest('INVALID_ACTIVATION_LINK')
    const tokenHash = hashSecret(token)
    const now = clock.now()
    if (!(await a.pendingActivation(db, tokenHash, now))) throw invalid()
    const passwordHash = await hashPassword(password)
    const userId = await db.transaction(async (tx) => {
      // Used up atomically: of two concurrent activations only one UPDATE matches the link.
      const id = await q.consumeInvitation(tx, tokenHash, now)
      if (!id) return undefined
      const u = await q.userCore(tx, id)
      if (!u || u.activatedAt || u.disabledAt) return undefined
      await q.updateUserRow(tx, id, { passwordHash, activatedAt: now, tokensValidAfter: tokensValidFrom(now) })
      return id
    })
    if (!userId) throw invalid()
    await counted.unhit(addressKey).catch(() => {})
    // Committed: a copy of the not-yet-activated account kept by any replica stops serving.
    await this.#deps.access.invalidatePrincipal(userId)
    return this.#session(userId)
  }

  /**
   * Optional features this server has turned on, for the web client (MeResponse's fields are
   * the spec's): sent as `X-Palier-Features` on getMe. Today: `dictation` (DICTATION_URL set).
   */
  features(): string[] {
    return this.#deps.config.dictation ? ['dictation'] : []
  }

  /** The caller with its role's rows, as the pipeline loaded them for this request. */
  me({ principal: p, permissions }: Caller) {
    return { id: p.id, email: p.email, displayName: p.displayName, role: p.role, isDemo: p.isDemo, permissions: [...permissions] }
  }
}
