import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ManualClock } from './clock.ts'
import { memoryCache, redisCache, type Cache } from './cache.ts'

const skip = process.env.REDIS_URL ? false : 'needs REDIS_URL'
const prefix = () => `palier:test:cache:${process.pid}:${Math.random().toString(36).slice(2)}:`

test('Redis: a key read with localSeconds is answered from this process until the copy expires', { skip }, async () => {
  const clock = new ManualClock('2026-11-23T09:00:00Z')
  const p = prefix()
  const cache = await redisCache(process.env.REDIS_URL!, p, clock)
  const { Redis } = await import('ioredis')
  const other = new Redis(process.env.REDIS_URL!, { keyPrefix: p }) // another replica, say
  try {
    await cache.set('k', 'v1', 60)
    assert.equal(await cache.get('k', { localSeconds: 5 }), 'v1')
    await other.set('k', 'v2')
    assert.equal(await cache.get('k', { localSeconds: 5 }), 'v1', 'the local copy answers')
    assert.equal(await cache.get('k'), 'v2', 'a plain read goes to Redis')
    clock.advance(5000)
    assert.equal(await cache.get('k', { localSeconds: 5 }), 'v2', 'an expired copy is read again')
    // A change through this adapter drops the copy at once.
    await cache.set('k', 'v3', 60)
    assert.equal(await cache.get('k', { localSeconds: 5 }), 'v3')
    await cache.del('k')
    assert.equal(await cache.get('k', { localSeconds: 5 }), null)
  } finally {
    await other.del('k')
    other.disconnect()
    await cache.close()
  }
})

test('Redis: hit counts in one command and anchors the window on the first hit', { skip }, async () => {
  const p = prefix()
  const cache = await redisCache(process.env.REDIS_URL!, p)
  const { Redis } = await import('ioredis')
  const raw = new Redis(process.env.REDIS_URL!, { keyPrefix: p })
  try {
    const counts = await Promise.all(Array.from({ length: 20 }, () => cache.hit('w', 30)))
    assert.deepEqual(counts.sort((a, b) => a - b), Array.from({ length: 20 }, (_, i) => i + 1))
    await raw.expire('w', 10) // as if 20 seconds had gone by
    await cache.hit('w', 30)
    const ttl = await raw.ttl('w')
    assert.ok(ttl > 0 && ttl <= 10, `a later hit does not move the window (ttl ${ttl})`)
  } finally {
    await raw.del('w')
    raw.disconnect()
    await cache.close()
  }
})

// Both adapters: the epoch read with a hit is stable until renewed, and a lost key never
// comes back with a value handed out before.
const epochCases: [string, false | string, () => Promise<Cache>][] = [
  ['memory', false, async () => memoryCache(new ManualClock())],
  ['Redis', skip, () => redisCache(process.env.REDIS_URL!, prefix())],
]
for (const [name, skipIt, open] of epochCases) {
  test(`${name}: hitWithEpoch counts and reads the epoch; renewEpoch and a lost key give never-seen values`, { skip: skipIt }, async () => {
    const cache = await open()
    try {
      const first = await cache.hitWithEpoch('rl:x', 60, 'auth:u')
      const second = await cache.hitWithEpoch('rl:x', 60, 'auth:u')
      assert.deepEqual([first.count, second.count], [1, 2])
      assert.equal(second.epoch, first.epoch, 'stable while nothing changes')
      const seen = new Set([first.epoch])
      for (let i = 0; i < 5; i++) {
        if (i % 2) await cache.renewEpoch('auth:u')
        else await cache.del('auth:u') // as a restart or a flush would
        const { epoch } = await cache.hitWithEpoch('rl:x', 60, 'auth:u')
        assert.ok(!seen.has(epoch), `epoch ${epoch} was handed out before`)
        seen.add(epoch)
      }
      assert.equal(await cache.hit('rl:x', 60), 8, 'the same counter as hit')
    } finally {
      await cache.del('rl:x')
      await cache.del('auth:u')
      await cache.close()
    }
  })
}
