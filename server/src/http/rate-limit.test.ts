import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { startTestApp, type TestApp } from '../test/harness.ts'

let t: TestApp
before(async () => { t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } }) })
after(() => t.close())

test('every answer carries RateLimit headers; past the limit a caller gets 429 with Retry-After', async () => {
  const token = await t.tokenFor('Technicien')
  const statuses: number[] = []
  let last
  for (let i = 0; i < 7; i++) {
    last = await t.request('GET', '/users/me', { token, ip: '10.1.0.1' })
    statuses.push(last.status)
    assert.equal(last.headers['ratelimit-limit'], '5')
  }
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429])
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
