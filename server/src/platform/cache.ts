// Cache adapter: Redis when REDIS_URL is set (shared by every replica), process memory otherwise.
import type { Clock } from './clock.ts'

export interface Cache {
  kind: 'redis' | 'memory'
  get(key: string): Promise<string | null>
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

export async function redisCache(url: string, keyPrefix: string): Promise<Cache> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(url, {
    keyPrefix,
    lazyConnect: true,
    // Fail commands quickly while Redis is away instead of queueing them forever.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  })
  redis.on('error', () => {})
  await redis.connect()
  return {
    kind: 'redis',
    get: (key) => redis.get(key),
    async set(key, value, ttl) { await redis.set(key, value, 'EX', ttl) },
    async del(key) { await redis.del(key) },
    async hit(key, windowSeconds) {
      // NX keeps the window anchored on the first hit.
      const [[, count]] = (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [[unknown, number]]
      return count
    },
    async ping() {
      try { return (await redis.ping()) === 'PONG' } catch { return false }
    },
    async close() { redis.disconnect() },
  }
}
