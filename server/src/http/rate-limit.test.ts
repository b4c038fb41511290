import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../platform/clock.ts'
import { failingCache } from '../test/failing-cache.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { RATE_SYNC_MS } from './rate-limit.ts'
import { AUTHENTICATED, PUBLIC, publicRoute, route, type Route } from './route.ts'
import { Out, Text } from './schema-kit.ts'

const Pong = Out({ pong: Text(10) })
// Test-only routes with a declared (strict) limit: no operation of the contract has one yet.
const strictRoutes = (): Route[] => [
  route({
    operationId: 'testStrictCaller', method: 'GET', url: '/test-strict', tag: 'Test', summary: 'Strict', access: AUTHENTICATED,
    rateLimit: { name: 'test-strict', max: 3, windowSeconds: 60, per: 'caller' },
    success: { status: 200, schema: Pong }, handler: async () => ({ pong: 'pong' }),
  }),
  publicRoute({
    operationId: 'testStrictAddress', method: 'GET', url: '/test-strict-public', tag: 'Test', summary: 'Strict', access: PUBLIC,
    rateLimit: { name: 'test-strict-public', max: 3, windowSeconds: 60, per: 'address' },
    success: { status: 200, schema: Pong }, handler: async () => ({ pong: 'pong' }),
  }),
]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
// Windows are fixed minutes of the clock: a test crossing a minute of the real one would start
// counting again halfway. A clock held 10 s into a minute keeps each test in one window.
const heldClock = () => new ManualClock('2026-06-15T12:00:10.000Z')

describe('one instance', () => {
  let t: TestApp
  before(async () => { t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' }, build: { clock: heldClock() } }) })
  after(() => t.close())

  test('every answer carries RateLimit headers; past the limit a caller gets 429 with Retry-After', async () => {
    const token = await t.tokenFor('Technicien')
    const statuses: number[] = []
    const remaining: unknown[] = []
    let last
    for (let i = 0; i < 7; i++) {
      last = await t.request('GET', '/users/me', { token, ip: '10.1.0.1' })
      statuses.push(last.status)
      remaining.push(last.headers['ratelimit-remaining'])
      assert.equal(last.headers['ratelimit-limit'], '5')
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429])
    assert.deepEqual(remaining, ['4', '3', '2', '1', '0', '0', '0'])
    assert.equal(last!.body.error.code, 'RATE_LIMITED')
    assert.ok(Number(last!.headers['retry-after']) > 0)
    // Another user from the same address has an allowance of its own.
    assert.equal((await t.request('GET', '/users/me', { token: await t.tokenFor('Dispatcher'), ip: '10.1.0.1' })).status, 200)
  })

  test('made-up tokens count against the address, so rotating them buys nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.request('GET', '/users/me', { headers: { authorization: `Bearer forged.token.${i}` }, ip: '10.2.0.2' })).status)
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429])
  })
})

// Two replicas sharing the cache (and the store): Redis with one key prefix, or one memory cache.
describe('two instances sharing the cache', () => {
  let a: TestApp
  let b: TestApp
  before(async () => {
    const clock = heldClock()
    a = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '40' }, build: { extraRoutes: strictRoutes, clock } })
    b = await startTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '40', REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix },
      build: { extraRoutes: strictRoutes, clock, database: a.app.deps.database, ...(process.env.REDIS_URL ? {} : { cache: a.app.deps.cache }) },
    })
  })
  after(async () => { await b?.close(); await a?.close() })

  test('the default limit is counted in each process and synced in batches: the global count converges, then binds on both', async () => {
    const u = await a.userWithRole('Technicien')
    const me = (t: TestApp) => t.request('GET', '/users/me', { token: u.token })
    for (let i = 0; i < 15; i++) assert.equal((await me(a)).status, 200)
    for (let i = 0; i < 10; i++) assert.equal((await me(b)).status, 200)
    let sent = 25
    // A learns B's hits at its next sync after one of its own: then it shows the global count exactly.
    let converged = false
    for (let i = 0; i < 10 && !converged; i++) {
      await sleep(RATE_SYNC_MS + 50)
      const res = await me(a)
      sent++
      converged = Number(res.headers['ratelimit-remaining']) === 40 - sent
    }
    assert.ok(converged, `A never counted the ${sent} requests of both`)
    // A uses up the rest alone, exactly.
    while (sent < 40) { assert.equal((await me(a)).status, 200); sent++ }
    assert.equal((await me(a)).status, 429)
    // B learns it at its next sync: only the requests it lets through meanwhile pass (one a
    // sync period here; a loaded machine may delay a sync's timer by a period).
    let passedOnB = 0
    for (let i = 0; i < 5; i++) {
      if ((await me(b)).status === 429) break
      passedOnB++
      await sleep(RATE_SYNC_MS + 50)
    }
    assert.ok(passedOnB <= 2, `${passedOnB} requests passed on B over the shared limit`)
    assert.equal((await me(b)).status, 429)
  })

  test('a declared limit is counted exactly in the cache at every request: the 4th call is refused whichever instance takes it', async () => {
    const u = await a.userWithRole('Technicien')
    const statuses = []
    for (const t of [a, b, a, b, a]) statuses.push((await t.request('GET', '/test-strict', { token: u.token })).status)
    assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    const byAddress = []
    for (const t of [b, a, b, a]) byAddress.push((await t.request('GET', '/test-strict-public', { ip: '10.3.0.3' })).status)
    assert.deepEqual(byAddress, [200, 200, 200, 429])
  })

  test('the default limit of a public operation is counted exactly too', async () => {
    const statuses = []
    // 40 a minute per address: alternate between the instances, no pause for a sync.
    for (let i = 0; i < 42; i++) statuses.push((await (i % 2 ? b : a).request('GET', '/health', { ip: '10.4.0.4' })).status)
    assert.deepEqual(statuses.slice(38), [200, 200, 429, 429])
  })
})

describe('cache not answering', () => {
  let t: TestApp
  const clock = heldClock()
  const f = failingCache(clock)
  before(async () => { t = await startTestApp({ build: { extraRoutes: strictRoutes, clock, cache: f.cache } }) })
  after(() => t.close())

  test('a declared limit is counted in process meanwhile: held, not lifted', async () => {
    const u = await t.userWithRole('Technicien')
    f.down()
    try {
      const statuses = []
      for (let i = 0; i < 5; i++) statuses.push((await t.request('GET', '/test-strict', { token: u.token })).status)
      assert.deepEqual(statuses, [200, 200, 200, 429, 429])
      const byAddress = []
      for (let i = 0; i < 4; i++) byAddress.push((await t.request('GET', '/test-strict-public', { ip: '10.5.0.5' })).status)
      assert.deepEqual(byAddress, [200, 200, 200, 429])
    } finally {
      f.up()
    }
  })
})
