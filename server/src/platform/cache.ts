// Cache adapter: Redis when REDIS_URL is set (shared by every replica), process memory otherwise.
import { createHash, randomBytes } from 'node:crypto'
import { systemClock, type Clock } from './clock.ts'

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
   * `hit`, plus the value of `epochKey` read in the same command (one round trip). An epoch
   * key holds an opaque value that changes whenever what it guards changes (`renewEpoch`);
   * a missing one (never set, expired, lost in a Redis restart) is created with a value never
   * handed out before, so a copy kept under an older value can never match it again.
   */
  hitWithEpoch(key: string, windowSeconds: number, epochKey: string): Promise<{ count: number; epoch: string }>
  /** Gives `epochKey` a value never handed out before. */
  renewEpoch(epochKey: string): Promise<void>
  ping(): Promise<boolean>
  close(): Promise<void>
}

/** How long an epoch key lives untouched; when it lapses, the next read creates a new value. */
export const EPOCH_SECONDS = 86_400

// Epoch values: unique across processes (random tag) and within one (counter), cheap to make.
const epochTag = randomBytes(9).toString('base64url')
let epochCounter = 0
const freshEpoch = () => `${epochTag}.${(++epochCounter).toString(36)}`

export function memoryCache(clock: Clock): Cache {
  const entries = new Map<string, { value: string; expiresAt: number }>()
  const live = (key: string) => {
    const e = entries.get(key)
    if (e && e.expiresAt <= clock.now().getTime()) { entries.delete(key); return undefined }
    return e
  }
  // Expired entries are dropped when read and swept periodically so the map cannot grow forever.
  const sweep = setInterval(() => { for (const k of entries.keys()) live(k) }, 60_000)
  sweep.unref()
  const hit = (key: string, windowSeconds: number) => {
    const e = live(key)
    const count = e ? Number(e.value) + 1 : 1
    entries.set(key, { value: String(count), expiresAt: e?.expiresAt ?? clock.now().getTime() + windowSeconds * 1000 })
    return count
  }
  const setEpoch = (key: string) => {
    const value = freshEpoch()
    entries.set(key, { value, expiresAt: clock.now().getTime() + EPOCH_SECONDS * 1000 })
    return value
  }
  return {
    kind: 'memory',
    async get(key) { return live(key)?.value ?? null },
    async set(key, value, ttl) { entries.set(key, { value, expiresAt: clock.now().getTime() + ttl * 1000 }) },
    async del(key) { entries.delete(key) },
    async hit(key, windowSeconds) { return hit(key, windowSeconds) },
    async hitWithEpoch(key, windowSeconds, epochKey) {
      return { count: hit(key, windowSeconds), epoch: live(epochKey)?.value ?? setEpoch(epochKey) }
    },
    async renewEpoch(epochKey) { setEpoch(epochKey) },
    async ping() { return true },
    async close() { clearInterval(sweep); entries.clear() },
  }
}

// One command per hit (not MULTI/EXEC): it can share a write with the commands other requests
// send in the same tick (auto-pipelining). The expiry is set on the first hit only, which
// keeps the window anchored there.
const script = (text: string) => ({ text, sha: createHash('sha1').update(text).digest('hex') })
const hitText = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end"
const hitScript = script(`${hitText} return n`)
// The epoch rides on the rate-limit hit every request makes anyway: no round trip of its own.
// Created when missing (ARGV[2], a fresh value), so the answer is always a value to compare.
const hitEpochScript = script(`${hitText} local e = redis.call('GET', KEYS[2]) if not e then e = ARGV[2] redis.call('SET', KEYS[2], e, 'EX', ARGV[3]) end return {n, e}`)

export async function redisCache(url: string, keyPrefix: string, clock: Clock = systemClock): Promise<Cache> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    // Fail commands quickly while Redis is away instead of queueing them forever.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Commands sent in the same tick by concurrent requests go out in one write.
    enableAutoPipelining: true,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  redis.on('error', () => {})
  await redis.connect()
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
      const value = await redis.get(key)
      if (opts?.localSeconds && value !== null) {
        if (local.size >= 1000) local.clear() // bounded, whatever the callers do
        local.set(key, { value, expiresAt: now + opts.localSeconds * 1000 })
      }
      return value
    },
    async set(key, value, ttl) { local.delete(key); await redis.set(key, value, 'EX', ttl) },
    async del(key) { local.delete(key); await redis.del(key) },
    async hit(key, windowSeconds) {
      return Number(await run(hitScript, [key], [windowSeconds]))
    },
    async hitWithEpoch(key, windowSeconds, epochKey) {
      const [count, epoch] = await run(hitEpochScript, [key, epochKey], [windowSeconds, freshEpoch(), EPOCH_SECONDS]) as [number, string]
      return { count: Number(count), epoch: String(epoch) }
    },
    async renewEpoch(epochKey) { await redis.set(epochKey, freshEpoch(), 'EX', EPOCH_SECONDS) },
    async ping() {
      try { return (await redis.ping()) === 'PONG' } catch { return false }
    },
    async close() { redis.disconnect() },
  }
}
