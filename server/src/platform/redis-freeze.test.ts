// Redis frozen (SIGSTOP: its connections stay open, nothing answers), as a stalled or
// swapping Redis behaves: the service keeps answering quickly once its breaker has opened,
// health says the cache is down without waiting on it, and everything comes back by itself
// after SIGCONT. On a redis-server of the test's own, never the machine's shared one.
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { test } from 'node:test'
import { redisCache } from './cache.ts'
import { LOGIN_LIMITS } from '../modules/auth/auth.service.ts'
import { startTestApp } from '../test/harness.ts'
import { noRedisServer, startRedisServer } from '../test/redis-server.ts'

const FROZEN_MS = 8000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Sample { op: string; at: number; ms: number; status: number }

test(`Redis frozen ${FROZEN_MS / 1000} s: answers within 1 s once the breaker opens, health degraded, no stale answer after a write, recovery within 5 s`, { skip: noRedisServer, timeout: 120_000 }, async (t) => {
  const redis = await startRedisServer()
  const cache = await redisCache(redis.url, `palier:test:freeze:${process.pid}:`)
  const app = await startTestApp({ build: { cache }, keepAnswers: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } })
  try {
    const admin = await app.tokenFor('Administrateur')
    const tech = await app.tokenFor('Technicien')
    for (const token of [admin, tech]) assert.equal((await app.request('GET', '/users/me', { token })).status, 200)
    assert.equal((await app.request('GET', '/locations', { token: admin })).status, 200)
    assert.equal((await app.request('GET', '/health')).body.status, 'ok')

    redis.freeze()
    const frozenAt = performance.now()
    let openedAt: number | null = null
    const samples: Sample[] = []
    const timed = async (op: string, call: () => ReturnType<typeof app.request>) => {
      if (openedAt === null && !cache.available()) openedAt = performance.now() - frozenAt
      const started = performance.now()
      const res = await call()
      samples.push({ op, at: started - frozenAt, ms: performance.now() - started, status: res.status })
      return res
    }
    const healthWhileOpen: { status: string; cache: string }[] = []
    for (let i = 0; performance.now() - frozenAt < FROZEN_MS; i++) {
      await timed('getMe', () => app.request('GET', '/users/me', { token: tech }))
      await timed('listLocations', () => app.request('GET', '/locations', { token: admin }))
      // A write, then the list: the new site is there (no answer kept before the write served).
      const created = await timed('createLocation', () => app.request('POST', '/locations', { token: admin, body: { name: `Site ${i} pendant le gel` } }))
      const list = await timed('listLocations', () => app.request('GET', '/locations', { token: admin }))
      assert.ok(list.body.locations.some((l: { id: string }) => l.id === created.body.id), `site ${i} listed after its creation`)
      // A public operation: its limits are counted (in the cache, or in process meanwhile).
      await timed('login', () => app.request('POST', '/auth/login', { body: { email: 'personne@test.palier', password: 'pas le bon mot de passe' } }))
      const health = await timed('getHealth', () => app.request('GET', '/health'))
      if (openedAt !== null) healthWhileOpen.push({ status: health.body.status, cache: health.body.checks.cache.status })
    }
    redis.thaw()
    const thawedAt = performance.now()

    const expected: Record<string, number> = { getMe: 200, listLocations: 200, createLocation: 201, getHealth: 200 }
    assert.deepEqual(samples.filter((s) => s.op !== 'login' && s.status !== expected[s.op]), [], 'every request answered as usual')
    // Failed logins still limited meanwhile, counted in the process: 401 up to the limit, then 429.
    const logins = samples.filter((s) => s.op === 'login').map((s) => s.status)
    const checked = logins.indexOf(429) === -1 ? logins.length : logins.indexOf(429)
    assert.deepEqual(logins, [...Array(checked).fill(401), ...Array(logins.length - checked).fill(429)], 'failed logins: 401, then 429')
    assert.equal(checked, Math.min(logins.length, LOGIN_LIMITS.perAccount), 'the account limit held while Redis was frozen')
    assert.ok(openedAt !== null && openedAt < 2000, `breaker opened ${openedAt} ms into the freeze`)
    const late = samples.filter((s) => s.at >= openedAt!)
    assert.ok(late.length > 20, `${late.length} requests while open`)
    const slowest = (list: Sample[]) => list.reduce((a, b) => (b.ms > a.ms ? b : a))
    assert.ok(slowest(late).ms < 1000, `slowest once open: ${JSON.stringify(slowest(late))}`)
    // Before it opened, one command timeout at most (not one per use of the cache).
    assert.ok(slowest(samples).ms < 2500, `slowest: ${JSON.stringify(slowest(samples))}`)
    assert.ok(healthWhileOpen.length > 0)
    for (const h of healthWhileOpen) assert.deepEqual(h, { status: 'degraded', cache: 'down' })

    // Back by itself: health says ok, the cache is in use again (answers kept, served).
    let recoveredAfter: number | null = null
    while (performance.now() - thawedAt < 8000) {
      const h = await app.request('GET', '/health')
      if (h.body.status === 'ok' && cache.available()) { recoveredAfter = performance.now() - thawedAt; break }
      await sleep(100)
    }
    assert.ok(recoveredAfter !== null && recoveredAfter < 5000, `recovered ${recoveredAfter} ms after SIGCONT`)
    const started = performance.now()
    assert.equal((await app.request('GET', '/users/me', { token: tech })).status, 200)
    assert.equal((await app.request('POST', '/locations', { token: admin, body: { name: 'Site après le dégel' } })).status, 201)
    assert.ok(performance.now() - started < 1000)
    let kept = false
    for (let i = 0; i < 50 && !kept; i++) {
      await app.request('GET', '/locations', { token: admin })
      kept = (app.app.answers?.size ?? 0) > 0
      if (!kept) await sleep(100)
    }
    assert.ok(kept, 'answers are kept again once the channel is live')
    t.diagnostic(`${samples.length} requests while frozen, breaker open after ${Math.round(openedAt!)} ms, slowest ${Math.round(slowest(samples).ms)} ms (${Math.round(slowest(late).ms)} once open), recovered ${Math.round(recoveredAfter!)} ms after SIGCONT`)
  } finally {
    await app.close()
    await redis.stop()
  }
})
