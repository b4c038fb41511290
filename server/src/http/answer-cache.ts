// Answers of hot reads kept in process, per caller and URL (docs/architecture.md, "Answers kept
// in process"). One data version covers the whole store: every write through the API (any
// operation other than GET) and every background write moves it before answering, here at
// once and on every replica through the cache's channel, so a read that follows a write sees
// it. An answer is served only while that channel is live, only if no move happened since its
// read began, and for ANSWER_MAX_AGE_SECONDS at most: the backstop for changes made to the
// store outside the service, and for an announcement lost while the cache was away. While the
// cache does not answer, nothing is kept or served: every read goes to the store.
import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Cache, Subscription } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'

export const ANSWERS_CHANNEL = 'answers'
export const ANSWER_MAX_AGE_SECONDS = 30
/** Answers longer than this are not kept (a page of 50 work orders is about 25 kB). */
const MAX_ANSWER_CHARS = 256 * 1024

export interface KeptAnswer {
  payload: string
  /** The `Link` header of a paginated answer. */
  link: string | undefined
}

interface Entry extends KeptAnswer { version: number }

/** What a read that missed needs to keep its answer once it is built. */
export interface AnswerTicket { key: string; version: number }

export class AnswerCache {
  readonly #answers: LRUCache<string, Entry>
  readonly #cache: Cache
  readonly #changes: Subscription
  #version = 0
  /** Names this process in its announcements: its own come back through Redis, later. */
  readonly #self = randomUUID()
  // Announcements that failed (cache away), retried once a second while an answer read
  // before them could still be served elsewhere.
  #pendingTries = 0
  #hits = 0
  #misses = 0
  #retryTimer: NodeJS.Timeout | null = null

  constructor(deps: { cache: Cache; clock: Clock; maxBytes: number }) {
    this.#cache = deps.cache
    this.#answers = new LRUCache<string, Entry>({
      maxSize: deps.maxBytes,
      // UTF-16 in memory: two bytes a character, plus the key and the entry's own weight.
      sizeCalculation: (e, key) => 2 * (e.payload.length + key.length + (e.link?.length ?? 0)) + 200,
      ttl: ANSWER_MAX_AGE_SECONDS * 1000,
      updateAgeOnGet: false,
      perf: { now: () => deps.clock.now().getTime() },
      ttlResolution: 0,
    })
    this.#changes = deps.cache.subscribe(ANSWERS_CHANNEL, {
      // This process moved its version when it wrote; its own echo, arriving a moment later,
      // would only throw away answers read since.
      message: (from) => { if (from !== this.#self) this.#version++ },
      // Announcements may have been missed while the channel was down.
      reset: () => { this.#version++ },
    })
  }

  /** Waits (at most `timeoutMs`) for the channel, so that answers are kept from the first reads. */
  ready(timeoutMs = 3000): Promise<boolean> { return this.#changes.ready(timeoutMs) }

  close() {
    this.#changes.close()
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    this.#answers.clear()
  }

  get size() { return this.#answers.size }

  /** Lookups answered from what is kept, and those that missed while keeping was possible (metrics). */
  get stats() { return { hits: this.#hits, misses: this.#misses } }

  /**
   * The answer kept for `key` if it is still good, else a ticket to keep the answer about to be
   * built (null: nothing may be kept now, the channel is not live).
   */
  lookup(key: string): { hit: KeptAnswer } | { ticket: AnswerTicket | null } {
    // Nothing kept nor served while the cache does not answer (its breaker is open): another
    // replica's write could not be heard, and this one's announcements are not getting out.
    if (!this.#changes.live() || !this.#cache.available()) return { ticket: null }
    const e = this.#answers.get(key)
    if (e && e.version === this.#version) {
      this.#hits++
      return { hit: e }
    }
    this.#misses++
    return { ticket: { key, version: this.#version } }
  }

  /** Keeps an answer read under `ticket`, unless the data moved while it was read. */
  keep(ticket: AnswerTicket, payload: string, link: string | undefined) {
    if (ticket.version !== this.#version || payload.length > MAX_ANSWER_CHARS) return
    this.#answers.set(ticket.key, { payload, link, version: ticket.version })
  }

  /**
   * To call once a write has committed, before answering: this process stops serving what it
   * kept at once, and the others when the announcement reaches them. Never throws: with the
   * cache away the announcement is retried every second for ANSWER_MAX_AGE_SECONDS.
   */
  async changed(): Promise<void> {
    this.#version++
    try {
      await this.#cache.publish(ANSWERS_CHANNEL, this.#self)
    } catch {
      this.#pendingTries = ANSWER_MAX_AGE_SECONDS
      this.#scheduleRetry()
    }
  }

  /** Drops what this process kept, without telling the others (tests that write the store directly). */
  forgetLocally() { this.#version++ }

  #scheduleRetry() {
    if (this.#retryTimer) return
    this.#retryTimer = setTimeout(async () => {
      this.#retryTimer = null
      try {
        await this.#cache.publish(ANSWERS_CHANNEL, this.#self)
        this.#pendingTries = 0
      } catch {
        if (--this.#pendingTries > 0) this.#scheduleRetry()
      }
    }, 1000)
    this.#retryTimer.unref()
  }
}
