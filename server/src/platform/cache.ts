// Cache adapter: Redis when REDIS_URL is set (shared by every replica), process memory otherwise.
import { createHash } from 'node:crypto'
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
  ping(): Promise<boolean>
  close(): Promise<void>
}

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
  return {
    kind: 'memory',
    async get(key) { return live(key)?.value ?? null },
    async set(key, value, ttl) { entries.set(key, { value, expiresAt: clock.now().getTime() + ttl * 1000 }) },
    async del(key) { entries.delete(key) },
    async hit(key, windowSeconds) {
      const e = live(key)
      const count = e ? Number(e.value) + 1 : 1
      entries.set(key, { value: String(count), expiresAt: e?.expiresAt ?? clock.now().getTime() + windowSeconds * 1000 })
      return count
    },
    async ping() { return true },
    async close() { clearInterval(sweep); entries.clear() },
  }
}

// One command per hit (not MULTI/EXEC): it can share a write with the commands other requests
// send in the same tick (auto-pipelining). The expiry is set on the first hit only, which
// keeps the window anchored there.
const hitScript = (() => {
  const text = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n"
  return { text, sha: createHash('sha1').update(text).digest('hex') }
})()

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
      return Number(await redis.evalsha(hitScript.sha, 1, key, windowSeconds).catch(async (err: unknown) => {
        if (!String(err).includes('NOSCRIPT')) throw err
        return redis.eval(hitScript.text, 1, key, windowSeconds)
      }))
    },
    async ping() {
      try { return (await redis.ping()) === 'PONG' } catch { return false }
    },
    async close() { redis.disconnect() },
  }
}
