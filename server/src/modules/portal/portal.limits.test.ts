// The portal's own limits: 10 reports and 60 reads a minute per client address, counted in the
// cache so that replicas sharing Redis share them.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { requests } from '../requests/requests.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset, reportFromPortal } from '../requests/requests.fixtures.ts'

const skipRedis = process.env.REDIS_URL ? false : 'needs REDIS_URL'
// Ten seconds into a minute: a test's calls never straddle two windows unless it moves the clock.
const clock = new ManualClock('2026-07-01T10:00:10.000Z')
let a: TestApp
let reference: string

before(async () => {
  a = await startTestApp({ build: { clock } })
  const admin = await a.userWithRole('Administrateur')
  const site = await createLocation(a, admin.token, { name: 'Résidence Les Tilleuls' })
  reference = (await insertAsset(a, { categoryId: await insertCategory(a, 'EQUIPMENT', 'Ascenseur'), locationId: site, reference: 'TIL-LIM-1' })).reference
})
after(() => a.close())

const report = (t: TestApp, ip: string, token?: string) =>
  t.api.createPortalRequest({ body: { reference, description: 'Panne', personBlocked: false }, ip }, token)

function assertLimited(res: { status: number; body: any; headers: Record<string, unknown> }) {
  assertError(res, 429, 'RATE_LIMITED')
  const retryAfter = Number(res.headers['retry-after'])
  assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${res.headers['retry-after']}`)
  assert.match(res.body.error.message, /réessayer dans une minute/)
}

describe('portal rate limits', () => {
  test('the 11th report within a minute from one address: 429 with Retry-After and a French message, nothing written; other addresses and the next minute are fine', async () => {
    const before = await a.app.deps.database.db.$count(requests)
    const statuses = []
    for (let i = 0; i < 10; i++) statuses.push((await report(a, '192.0.2.1')).status)
    assert.deepEqual(statuses, Array(10).fill(201))
    const limited = await report(a, '192.0.2.1')
    assertLimited(limited)
    assert.equal(limited.headers['ratelimit-limit'], '10')
    assert.equal(await a.app.deps.database.db.$count(requests), before + 10)
    assert.equal((await report(a, '192.0.2.2')).status, 201, 'another address has its own allowance')
    clock.advance(60_000)
    assert.equal((await report(a, '192.0.2.1')).status, 201, 'a new minute, a new allowance')
  })

  test('a token does not buy a caller its own allowance: reports are counted per address', async () => {
    const tokens = [(await a.userWithRole('Demandeur')).token, (await a.userWithRole('Dispatcher')).token]
    for (let i = 0; i < 10; i++) assert.equal((await report(a, '192.0.2.3', tokens[i % 2])).status, 201)
    assertLimited(await report(a, '192.0.2.3', tokens[0]))
    assertLimited(await report(a, '192.0.2.3'))
  })

  test('60 portal reads a minute per address, asset and status together; reports keep their own allowance', async () => {
    const { reference: dem, trackingToken } = await reportFromPortal(a, { reference })
    const ip = '192.0.2.4'
    const statuses = new Set<number>()
    for (let i = 0; i < 30; i++) {
      statuses.add((await a.api.getPortalAsset({ params: { reference }, ip })).status)
      statuses.add((await a.api.getPortalRequestStatus({ params: { reference: dem, token: trackingToken }, ip })).status)
    }
    assert.deepEqual([...statuses], [200])
    const limited = await a.api.getPortalAsset({ params: { reference }, ip })
    assertLimited(limited)
    assert.equal(limited.headers['ratelimit-limit'], '60')
    assertLimited(await a.api.getPortalRequestStatus({ params: { reference: dem, token: trackingToken }, ip }))
    assert.equal((await report(a, ip)).status, 201, 'reports are counted apart')
    assert.equal((await a.api.getPortalAsset({ params: { reference }, ip: '192.0.2.5' })).status, 200)
  })

  test('two replicas sharing Redis share the limit of an address', { skip: skipRedis }, async () => {
    const b = await startTestApp({ build: { clock, database: a.app.deps.database }, env: { REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix } })
    try {
      const ip = '192.0.2.6'
      for (let i = 0; i < 10; i++) assert.equal((await report(i % 2 ? b : a, ip)).status, 201)
      assertLimited(await report(a, ip))
      assertLimited(await report(b, ip))
    } finally {
      await b.close()
    }
  })
})
