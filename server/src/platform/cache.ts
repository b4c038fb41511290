// Cache adapter: Redis when REDIS_URL is set (shared by every replica), process memory otherwise.
import { createHash } from 'node:crypto'
import { CircuitBreaker } from './circuit-breaker.ts'
import { systemClock, type Clock } from './clock.ts'
import { RedisSubscriber } from './redis-subscriber.ts'

export interface Cache {
  kind: 'redis' | 'memory'
  /**
   * `localSeconds`: this process may answer from its own copy for that long, sparing a Redis
   * round trip on keys read at every request. `set` and `del` through this adapter drop the
   * copy at once; a change made elsewhere (another replica) shows after `localSeconds`.
   */
  get(key: string, opts?: { localSeconds?: number }): Promise<string | null>
  set(key: string, value: string, ttlSeconds: number): Promise<void>
  del(key: string): Promise<void>
  /** Adds one to a counter that lives `windowSeconds` from its first hit; returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>
  /**
   * Takes one back from a counter that `hit` made, keeping its window; nothing when the counter
   * is gone (expired, deleted): never creates one.
   */
  unhit(key: string): Promise<void>
  /**
   * Adds each delta to its counter, all in one round trip, and returns the new totals in the
   * same order. Each counter lives its `ttlSeconds` from its last add.
   */
  addCounts(deltas: readonly (readonly [key: string, by: number, ttlSeconds: number])[]): Promise<number[]>
  /** Hands `message` to every subscriber of `channel`: every replica with Redis, this process without. */
  publish(channel: string, message: string): Promise<void>
  subscribe(channel: string, listener: SubscriptionListener): Subscription
  /**
   * False while the cache is known not to answer (Redis: its circuit breaker is open, see
   * below): every command fails at once meanwhile, and callers take their fallback.
   */
  available(): boolean
  /** Whether the cache answers, within REDIS_COMMAND_TIMEOUT_MS at most; false at once while unavailable. */
  ping(): Promise<boolean>
  close(): Promise<void>
}

export interface SubscriptionListener {
  message(message: string): void
  /** Messages may have been missed (the connection was lost): drop whatever was kept on their account. */
  reset(): void
}

export interface Subscription {
  /**
   * True while every message published until a moment at most SUBSCRIPTION_TRUST_MS ago is
   * known to have reached the listener (Redis: a heartbeat on the same connection answered);
   * always true in process.
   */
  live(): boolean
  /** Waits until live, at most `timeoutMs`; tells whether it is. */
  ready(timeoutMs: number): Promise<boolean>
  close(): void
}

export function memoryCache(clock: Clock): Cache {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  const channels = new Map<string, Set<SubscriptionListener>>()
  const live = (key: string) => {
    const e = entries.get(key)
    if (e && e.expiresAt <= clock.now().getTime()) { entries.delete(key); return undefined }
    return e
  }
  // Expired entries are dropped when read and swept periodically so the map cannot grow forever.
  const sweep = setInterval(() => { for (const k of entries.keys()) live(k) }, 60_000)
  sweep.unref()
  const add = (key: string, by: number, ttlSeconds: number, keepExpiry: boolean) => {
    const e = live(key)
    const count = (e ? Number(e.value) : 0) + by
    const expiresAt = keepExpiry && e ? e.expiresAt : clock.now().getTime() + ttlSeconds * 1000
    entries.set(key, { value: String(count), expiresAt })
    return count
  }
  return {
    kind: 'memory',
    async get(key) { return live(key)?.value ?? null },
    async set(key, value, ttl) { entries.set(key, { value, expiresAt: clock.now().getTime() + ttl * 1000 }) },
    async del(key) { entries.delete(key) },
    async hit(key, windowSeconds) { return add(key, 1, windowSeconds, true) },
    async unhit(key) { if (live(key)) add(key, -1, 0, true) },
    async addCounts(deltas) { return deltas.map(([key, by, ttl]) => add(key, by, ttl, false)) },
    // Synchronous: every subscriber of this cache (replicas in one process share it) has the
    // message before `publish` returns.
    async publish(channel, message) { for (const l of channels.get(channel) ?? []) l.message(message) },
    subscribe(channel, listener) {
      let set = channels.get(channel)
      if (!set) channels.set(channel, set = new Set())
      set.add(listener)
      return { live: () => true, ready: async () => true, close: () => { set.delete(listener) } }
    },
    available: () => true,
    async ping() { return true },
    async close() { clearInterval(sweep); entries.clear() },
  }
}

// One command per hit (not MULTI/EXEC): it can share a write with the commands other requests
// send in the same tick (auto-pipelining). The expiry is set on the first hit only, which
// keeps the window anchored there.
const script = (text: string) => ({ text, sha: createHash('sha1').update(text).digest('hex') })
const hitScript = script("local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n")
// DECR keeps the key's expiry; the check keeps it from making a counter without one.
const unhitScript = script("if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0")

/** Longest wait for a Redis command (and for the breaker's probe): Redis answers in well under a millisecond. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000
/** How long Redis is left alone after a command went unanswered, before one probe. */
export const REDIS_BREAKER_OPEN_MS = 3000

export interface RedisCacheOptions {
  /** Told when Redis stops answering (the breaker opens) and when it answers again. */
  onAvailability?(available: boolean, err?: unknown): void
}

export async function redisCache(url: string, keyPrefix: string, clock: Clock = systemClock, opts: RedisCacheOptions = {}): Promise<Cache> {
  const { Redis } = await import('ioredis')
  const options = {
    keyPrefix,
    lazyConnect: true,
    // Fail commands quickly while Redis is away instead of queueing them forever.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Nor wait long on a link that died silently or a Redis that froze: the breaker opens.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times: number) => Math.min(times * 200, 2000),
  }
  // Commands sent in the same tick by concurrent requests go out in one write.
  const redis = new Redis(url, { ...options, enableAutoPipelining: true })
  redis.on('error', () => {})
  // A frozen Redis keeps its connections open and answers nothing: without the breaker every
  // request would wait the command timeout, several times. Once one command went unanswered,
  // none is sent for REDIS_BREAKER_OPEN_MS; then a PING tells whether Redis is back.
  const breaker = new CircuitBreaker({
    name: 'Redis',
    openMs: REDIS_BREAKER_OPEN_MS,
    probe: async () => { if (await redis.ping() !== 'PONG') throw new Error('unexpected PING answer') },
    // An error Redis answered (a wrong type, a missing script) says Redis is there.
    isAnswer: (err) => (err as Error | null)?.name === 'ReplyError',
    onChange: (open, err) => opts.onAvailability?.(!open, err),
  })
  // A new connection (after a restart of Redis, say): no need to wait for the next probe.
  redis.on('ready', () => breaker.probeNow())
  const guard = <T>(command: () => Promise<T>) => breaker.run(command)
  await redis.connect()
  // Channels are not prefixed by ioredis: the prefix is added here, as for keys, so that
  // installations (and test apps) sharing a Redis server do not hear each other.
  let subscriber: RedisSubscriber | null = null
  // The copies kept for `get(key, { localSeconds })`: a few hot keys (a role's permissions).
  const local = new Map<string, { value: string; expiresAt: number }>()
  const run = (s: { text: string; sha: string }, keys: string[], args: (string | number)[]) =>
    redis.evalsha(s.sha, keys.length, ...keys, ...args).catch(async (err: unknown) => {
      if (!String(err).includes('NOSCRIPT')) throw err
      return redis.eval(s.text, keys.length, ...keys, ...args)
    })
  return {
    kind: 'redis',
    async get(key, opts) {
      const now = clock.now().getTime()
      const copy = opts?.localSeconds ? local.get(key) : undefined
      if (copy && copy.expiresAt > now) return copy.value
      const value = await guard(() => redis.get(key))
      if (opts?.localSeconds && value !== null) {
        if (local.size >= 1000) local.clear() // bounded, whatever the callers do
        local.set(key, { value, expiresAt: now + opts.localSeconds * 1000 })
      }
      return value
    },
    async set(key, value, ttl) { local.delete(key); await guard(() => redis.set(key, value, 'EX', ttl)) },
    async del(key) { local.delete(key); await guard(() => redis.del(key)) },
    async hit(key, windowSeconds) {
      return Number(await guard(() => run(hitScript, [key], [windowSeconds])))
    },
    async unhit(key) { await guard(() => run(unhitScript, [key], [])) },
    addCounts: (deltas) => guard(async () => {
      const p = redis.pipeline()
      for (const [key, by, ttl] of deltas) p.incrby(key, by).expire(key, ttl)
      const replies = (await p.exec()) ?? []
      return deltas.map((_, i) => {
        const [err, total] = replies[2 * i] ?? [new Error('no reply')]
        if (err) throw err
        return Number(total)
      })
    }),
    async publish(channel, message) { await guard(() => redis.publish(keyPrefix + channel, message)) },
    subscribe(channel, listener) {
      subscriber ??= new RedisSubscriber(new Redis(url, { ...options, keyPrefix: undefined, autoResubscribe: false }), keyPrefix)
      return subscriber.subscribe(channel, listener)
    },
    available: () => breaker.isClosed,
    async ping() {
      try { return (await guard(() => redis.ping())) === 'PONG' } catch { return false }
    },
    async close() { breaker.close(); subscriber?.close(); redis.disconnect() },
  }
}
