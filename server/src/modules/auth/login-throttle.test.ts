// Login throttling under guesses sent at once: each attempt is counted before its password is
// checked, atomically in the cache (Redis with REDIS_URL, else the memory cache), so however
// many arrive together only the limit's worth is ever checked — on one instance, and across
// two instances sharing the cache and the store.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { hashPassword } from '../../platform/passwords.ts'
import { users } from '../users/users.tables.ts'
import { LOGIN_LIMITS } from './auth.service.ts'
import { failingCache } from '../../test/failing-cache.ts'
import { systemClock } from '../../platform/clock.ts'

const PASSWORD = 'le bon mot de passe'

async function victim(t: TestApp) {
  const u = await t.userWithRole('Dispatcher')
  await t.app.deps.database.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) }).where(eq(users.id, u.id))
  return u
}

const login = (t: TestApp, email: string, password: string, ip: string) =>
  t.request('POST', '/auth/login', { body: { email, password }, ip })

function tally(statuses: number[]) {
  const seen: Record<number, number> = {}
  for (const s of statuses) seen[s] = (seen[s] ?? 0) + 1
  return seen
}

describe('one instance', () => {
  let t: TestApp
  before(async () => { t = await startTestApp() })
  after(() => t.close())

  test('20 guesses on one account sent together: only the limit is checked, the others get 429; the right password then gets 429 too', async () => {
    const v = await victim(t)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, v.email, `guess-${i}`, `10.31.0.${i + 1}`)))
    assert.deepEqual(tally(answers.map((a) => a.status)), { 401: LOGIN_LIMITS.perAccount, 429: 20 - LOGIN_LIMITS.perAccount })
    for (const a of answers.filter((x) => x.status === 429)) {
      assert.equal(a.body.error.code, 'RATE_LIMITED')
      assert.ok(Number(a.headers['retry-after']) > 0)
    }
    const right = await login(t, v.email, PASSWORD, '10.31.1.1')
    assert.equal(right.status, 429, 'the door stays closed for the rest of the window')
  })

  test('guesses on many accounts from one address sent together: only the address limit is checked', async () => {
    const n = LOGIN_LIMITS.perAddress + 10
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => login(t, `spray${i}@test.palier`, 'x', '10.33.0.1')))
    assert.deepEqual(tally(answers.map((a) => a.status)), { 401: LOGIN_LIMITS.perAddress, 429: 10 })
  })

  test('successes take their attempt back: an office behind one address is never locked out by its own logins', async () => {
    const v = await victim(t)
    const ip = '10.34.0.1'
    for (let i = 0; i < LOGIN_LIMITS.perAddress - 1; i++) assert.equal((await login(t, `nobody${i}@test.palier`, 'x', ip)).status, 401)
    for (let i = 0; i < 3; i++) assert.equal((await login(t, v.email, PASSWORD, ip)).status, 200)
    assert.equal((await login(t, 'nobody@test.palier', 'x', ip)).status, 401, 'the 50th failure is still checked')
    assert.equal((await login(t, v.email, PASSWORD, ip)).status, 429)
  })
})

// Two replicas: the same store and the same cache (one Redis key prefix, or one memory cache).
describe('two instances sharing the cache', () => {
  let a: TestApp
  let b: TestApp
  before(async () => {
    a = await startTestApp()
    b = await startTestApp({
      env: { REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix },
      build: { database: a.app.deps.database, ...(process.env.REDIS_URL ? {} : { cache: a.app.deps.cache }) },
    })
  })
  after(async () => { await b?.close(); await a?.close() })

  test('20 guesses on one account spread over both, sent together: the limit holds across them', async () => {
    const v = await victim(a)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(i % 2 ? b : a, v.email, `guess-${i}`, `10.35.0.${i + 1}`)))
    assert.deepEqual(tally(answers.map((x) => x.status)), { 401: LOGIN_LIMITS.perAccount, 429: 20 - LOGIN_LIMITS.perAccount })
    assert.equal((await login(b, v.email, PASSWORD, '10.35.1.1')).status, 429)
    assert.equal((await login(a, v.email, PASSWORD, '10.35.1.2')).status, 429)
  })
})

// The shared cache away (a Redis whose breaker is open): attempts are counted in the process.
describe('cache not answering', () => {
  let t: TestApp
  const f = failingCache(systemClock)
  before(async () => { t = await startTestApp({ build: { cache: f.cache } }) })
  after(() => t.close())

  test('guesses sent together while the cache is away are still limited, and a success still counts back', async () => {
    const v = await victim(t)
    f.down()
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(t, v.email, `guess-${i}`, `10.36.0.${i + 1}`)))
      assert.deepEqual(tally(answers.map((a) => a.status)), { 401: LOGIN_LIMITS.perAccount, 429: 20 - LOGIN_LIMITS.perAccount })
      assert.equal((await login(t, v.email, PASSWORD, '10.36.1.1')).status, 429, 'the right password too')
      const other = await victim(t)
      const ip = '10.36.2.1'
      for (let i = 0; i < 3; i++) assert.equal((await login(t, other.email, PASSWORD, ip)).status, 200)
      for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) assert.equal((await login(t, `nobody${i}@test.palier`, 'x', ip)).status, 401)
      assert.equal((await login(t, other.email, PASSWORD, ip)).status, 429, 'the successes took their attempts back: 50 failures close the address')
    } finally {
      f.up()
    }
  })
})
