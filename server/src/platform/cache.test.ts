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

// Both adapters: batched counters, and the announcement channel.
const cases: [string, false | string, () => Promise<Cache>][] = [
  ['memory', false, async () => memoryCache(new ManualClock())],
  ['Redis', skip, () => redisCache(process.env.REDIS_URL!, prefix())],
]
for (const [name, skipIt, open] of cases) {
  test(`${name}: addCounts adds every delta in one call and answers the totals, shared with hit`, { skip: skipIt }, async () => {
    const cache = await open()
    try {
      assert.deepEqual(await cache.addCounts([['c:a', 3, 60], ['c:b', 1, 60]]), [3, 1])
      assert.equal(await cache.hit('c:a', 60), 4)
      assert.deepEqual(await cache.addCounts([['c:b', 5, 60], ['c:a', 2, 60]]), [6, 6])
      assert.deepEqual(await cache.addCounts([]), [])
    } finally {
      await cache.del('c:a')
      await cache.del('c:b')
      await cache.close()
    }
  })
  test(`${name}: unhit takes one back from a live counter and never makes one`, { skip: skipIt }, async () => {
    const cache = await open()
    try {
      assert.equal(await cache.hit('u:a', 60), 1)
      assert.equal(await cache.hit('u:a', 60), 2)
      await cache.unhit('u:a')
      assert.equal(await cache.hit('u:a', 60), 2)
      await cache.unhit('u:none')
      assert.equal(await cache.get('u:none'), null)
    } finally {
      await cache.del('u:a')
      await cache.close()
    }
  })
}

test('memory: a message published reaches every subscriber of the channel before publish returns', async () => {
  const cache = memoryCache(new ManualClock())
  const heard: string[] = []
  const s1 = cache.subscribe('ch', { message: (m) => heard.push(`1:${m}`), reset: () => {} })
  const s2 = cache.subscribe('ch', { message: (m) => heard.push(`2:${m}`), reset: () => {} })
  cache.subscribe('other', { message: (m) => heard.push(`other:${m}`), reset: () => {} })
  assert.ok(s1.live() && await s1.ready(0))
  await cache.publish('ch', 'u1')
  assert.deepEqual(heard, ['1:u1', '2:u1'])
  s2.close()
  await cache.publish('ch', 'u2')
  assert.deepEqual(heard, ['1:u1', '2:u1', '1:u2'])
  await cache.close()
})

test('Redis: a message reaches the subscribers of every adapter with the same prefix, not another prefix; live once the heartbeat answers', { skip }, async () => {
  const p = prefix()
  const [one, two, stranger] = await Promise.all([redisCache(process.env.REDIS_URL!, p), redisCache(process.env.REDIS_URL!, p), redisCache(process.env.REDIS_URL!, prefix())])
  try {
    const heard: string[] = []
    const subs = [
      one.subscribe('ch', { message: (m) => heard.push(`one:${m}`), reset: () => {} }),
      two.subscribe('ch', { message: (m) => heard.push(`two:${m}`), reset: () => {} }),
      stranger.subscribe('ch', { message: (m) => heard.push(`stranger:${m}`), reset: () => {} }),
    ]
    for (const s of subs) assert.ok(await s.ready(5000), 'live')
    await one.publish('ch', 'u1')
    for (let i = 0; i < 200 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 5))
    await new Promise((r) => setTimeout(r, 50)) // time for a stray delivery to show
    assert.deepEqual(heard.sort(), ['one:u1', 'two:u1'])
  } finally {
    await Promise.all([one.close(), two.close(), stranger.close()])
  }
})
