// Answers of hot reads kept in process, per caller and URL (docs/architecture.md, "Answers kept
// in process"). Every write through the API (any operation other than GET) and every background
// write announces what it changed before answering, here at once and on every replica through
// the cache's channel, so a read that follows a write sees it. By default a write changes
// everything (one data version for the whole store). A few frequent writes name *topics*
// instead (one order's detail, a person's own orders, an elevator): they drop only the answers
// that depend on those topics, and, when they say so, every answer that names no topic of its
// own (OTHER_ANSWERS). So a comment on one order leaves the kept detail of every other order
// and every technician's own list in place. An answer is served only while the channel is
// live, only if nothing it depends on moved since its read began, and for
// ANSWER_MAX_AGE_SECONDS at most: the backstop for changes made to the store outside the
// service, and for an announcement lost while the cache was away. While the cache does not
// answer, nothing is kept or served: every read goes to the store.
import { randomUUID } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Cache, Subscription } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'
import { etagOf } from './etag.ts'

export const ANSWERS_CHANNEL = 'answers'
export const ANSWER_MAX_AGE_SECONDS = 30
/** Answers longer than this are not kept (a page of 50 work orders is about 25 kB). */
const MAX_ANSWER_CHARS = 256 * 1024

export interface KeptAnswer {
  payload: string
  /** The `Link` header of a paginated answer. */
  link: string | undefined
  /** Its ETag (http/etag.ts), computed once when kept: a revalidation of a kept answer hashes nothing. */
  etag: string
}

/**
 * What a kept answer depends on, beside the whole store's version. A read names the topics its
 * answer can be changed by, and only by: a write that does not name them must not be able to
 * change that answer (or must announce a change of everything).
 */
export const answerTopics = {
  /** The detail of one work order (getWorkOrder). */
  workOrder: (id: string) => `wo:${id}`,
  /** The orders a person created or is assigned to (the own list, `mine=true` or own-only scope). */
  ownOrders: (userId: string) => `own:${userId}`,
  /** One elevator's detail and meters. */
  asset: (id: string) => `asset:${id}`,
  /** The lists of requests (each shows its order's reference and state). */
  requests: 'requests',
}
/** The topic of every kept answer that names none of its own. */
export const OTHER_ANSWERS = '*'
/** Past this many topics remembered, the next topic change moves everything instead (memory bound). */
const MAX_TOPICS = 100_000

type Stamp = { version: number; deps: [topic: string, version: number][] }
interface Entry extends KeptAnswer, Stamp {}

/** What a read that missed needs to keep its answer once it is built. */
export interface AnswerTicket extends Stamp { key: string }

export class AnswerCache {
  readonly #answers: LRUCache<string, Entry>
  readonly #cache: Cache
  readonly #changes: Subscription
  #version = 0
  /** Each topic's version since the last change of everything (cleared with it). */
  readonly #topics = new Map<string, number>()
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
      sizeCalculation: (e, key) => 2 * (e.payload.length + key.length + (e.link?.length ?? 0) + e.etag.length) + 200,
      ttl: ANSWER_MAX_AGE_SECONDS * 1000,
      updateAgeOnGet: false,
      perf: { now: () => deps.clock.now().getTime() },
      ttlResolution: 0,
    })
    this.#changes = deps.cache.subscribe(ANSWERS_CHANNEL, {
      // This process moved its version when it wrote; its own echo, arriving a moment later,
      // would only throw away answers read since.
      // An announcement is the writer's name, then the topics it changed (none: everything).
      message: (text) => {
        const [from, ...topics] = text.split(' ')
        if (from !== this.#self) this.#move(topics.length ? topics : null)
      },
      // Announcements may have been missed while the channel was down.
      reset: () => { this.#move(null) },
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
   * built (null: nothing may be kept now, the channel is not live). `topics`: what the answer
   * depends on (null: OTHER_ANSWERS).
   */
  lookup(key: string, topics: readonly string[] | null = null): { hit: KeptAnswer } | { ticket: AnswerTicket | null } {
    // Nothing kept nor served while the cache does not answer (its breaker is open): another
    // replica's write could not be heard, and this one's announcements are not getting out.
    if (!this.#changes.live() || !this.#cache.available()) return { ticket: null }
    const e = this.#answers.get(key)
    if (e && this.#current(e)) {
      this.#hits++
      return { hit: e }
    }
    this.#misses++
    const deps = (topics ?? [OTHER_ANSWERS]).map((t): [string, number] => [t, this.#topics.get(t) ?? 0])
    return { ticket: { key, version: this.#version, deps } }
  }

  /** Keeps an answer read under `ticket`, unless what it depends on moved while it was read. */
  keep(ticket: AnswerTicket, payload: string, link: string | undefined, etag = etagOf(payload)) {
    if (!this.#current(ticket) || payload.length > MAX_ANSWER_CHARS) return
    this.#answers.set(ticket.key, { payload, link, etag, version: ticket.version, deps: ticket.deps })
  }

  #current(s: Stamp) {
    if (s.version !== this.#version) return false
    for (const [topic, version] of s.deps) if ((this.#topics.get(topic) ?? 0) !== version) return false
    return true
  }

  #move(topics: readonly string[] | null) {
    if (!topics || this.#topics.size + topics.length > MAX_TOPICS) {
      this.#version++
      this.#topics.clear()
      return
    }
    for (const t of topics) this.#topics.set(t, (this.#topics.get(t) ?? 0) + 1)
  }

  /**
   * To call once a write has committed, before answering: this process stops serving what it
   * kept at once, and the others when the announcement reaches them. `topics`: what the write
   * changed (null: everything). Never throws: with the cache away a change of everything is
   * announced again every second for ANSWER_MAX_AGE_SECONDS.
   */
  async changed(topics: readonly string[] | null = null): Promise<void> {
    const named = topics?.length ? topics : null
    this.#move(named)
    try {
      await this.#cache.publish(ANSWERS_CHANNEL, named ? `${this.#self} ${named.join(' ')}` : this.#self)
    } catch {
      this.#pendingTries = ANSWER_MAX_AGE_SECONDS
      this.#scheduleRetry()
    }
  }

  /** Drops what this process kept, without telling the others (tests that write the store directly). */
  forgetLocally() { this.#move(null) }

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
