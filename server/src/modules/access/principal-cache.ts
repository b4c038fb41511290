// The principals this process has loaded, kept so that a request need not read its caller
// from the database. An entry is dropped when a change to its user is announced (AccessService
// listens), used only while that announcement channel is live, and only for a bounded time;
// the store stays the truth. See docs/architecture.md, "Tokens".
import type { Clock } from '../../platform/clock.ts'

/**
 * Backstop for changes made to the store outside the service (by hand, by another program):
 * a kept principal is read again after this long even when its epoch did not change.
 */
export const PRINCIPAL_MAX_AGE_SECONDS = 30
/** At most this many principals per process; the least recently used goes first. */
export const PRINCIPAL_CACHE_SIZE = 10_000

export class PrincipalCache<Row> {
  // A Map iterates in insertion order: a use re-inserts its entry, so the first is the LRU.
  readonly #entries = new Map<string, { row: Row; loadedAt: number }>()
  readonly #clock: Clock
  readonly #cap: number
  readonly #maxAgeMs: number
  constructor(clock: Clock, opts: { cap?: number; maxAgeSeconds?: number } = {}) {
    this.#clock = clock
    this.#cap = opts.cap ?? PRINCIPAL_CACHE_SIZE
    this.#maxAgeMs = (opts.maxAgeSeconds ?? PRINCIPAL_MAX_AGE_SECONDS) * 1000
  }

  get size() { return this.#entries.size }

  /** The row kept for `userId` if it is young enough. */
  get(userId: string): Row | undefined {
    const e = this.#entries.get(userId)
    if (!e) return undefined
    const age = this.#clock.now().getTime() - e.loadedAt
    // A clock going backwards counts as too old too.
    if (age < 0 || age >= this.#maxAgeMs) {
      this.#entries.delete(userId)
      return undefined
    }
    this.#entries.delete(userId)
    this.#entries.set(userId, e)
    return e.row
  }

  set(userId: string, row: Row) {
    this.#entries.delete(userId)
    this.#entries.set(userId, { row, loadedAt: this.#clock.now().getTime() })
    if (this.#entries.size > this.#cap) this.#entries.delete(this.#entries.keys().next().value!)
  }

  delete(userId: string) { this.#entries.delete(userId) }

  clear() { this.#entries.clear() }
}
