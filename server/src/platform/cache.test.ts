import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ManualClock } from './clock.ts'
import { redisCache } from './cache.ts'

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
