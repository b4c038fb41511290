import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { hashPassword } from '../../platform/passwords.ts'
import { users } from '../users/users.tables.ts'
import { eq } from 'drizzle-orm'
import { LOGIN_LIMITS } from './auth.service.ts'

const SECRET = 'test-secret-that-is-long-enough-0123456789'

function b64(o: object) { return Buffer.from(JSON.stringify(o)).toString('base64url') }
function forge(header: object, payload: object, secret = SECRET) {
  const head = `${b64(header)}.${b64(payload)}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

let t: TestApp
let alice: { id: string; email: string; token: string }

before(async () => {
  t = await startTestApp()
  alice = await t.userWithRole('Technicien', { email: 'alice@test.palier' })
  await t.app.deps.database.db.update(users).set({ passwordHash: await hashPassword('correct horse battery') }).where(eq(users.id, alice.id))
})
after(() => t.close())

describe('login', () => {
  test('right credentials give a token that opens getMe, e-mail case does not matter', async () => {
    const res = await t.request('POST', '/auth/login', { body: { email: 'ALICE@test.palier', password: 'correct horse battery' } })
    assert.equal(res.status, 200)
    assert.equal(res.headers['cache-control'], 'no-store')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.deepEqual(Object.keys(res.body).sort(), ['accessToken', 'user'])
    assert.deepEqual(Object.keys(res.body.user).sort(), ['displayName', 'email', 'id', 'isDemo', 'role'])
    assert.equal(res.body.user.role.name, 'Technicien')
    const me = await t.request('GET', '/users/me', { token: res.body.accessToken })
    assert.equal(me.status, 200)
    assert.equal(me.body.id, alice.id)
    assert.equal(me.body.permissions.length, 10)
  })

  test('unknown e-mail, wrong password and inactive account answer the same 401', async () => {
    const invited = await t.request('POST', '/users/invitations', {
      token: await t.tokenFor('Administrateur'),
      body: { email: 'not.yet@test.palier', displayName: 'Pas Encore', roleId: (await t.app.services.users.roles()).roles[0].id },
    })
    assert.equal(invited.status, 201)
    const answers = await Promise.all([
      t.request('POST', '/auth/login', { body: { email: 'nobody@test.palier', password: 'whatever' }, ip: '10.9.0.1' }),
      t.request('POST', '/auth/login', { body: { email: 'alice@test.palier', password: 'wrong password' }, ip: '10.9.0.2' }),
      t.request('POST', '/auth/login', { body: { email: 'not.yet@test.palier', password: 'whatever' }, ip: '10.9.0.3' }),
    ])
    for (const a of answers) {
      assert.equal(a.status, 401)
      assert.equal(a.body.error.code, 'INVALID_CREDENTIALS')
    }
    assert.equal(answers[0].body.error.message, answers[1].body.error.message)
    assert.equal(answers[1].body.error.message, answers[2].body.error.message)
  })

  test('bad input is a 400 naming the field', async () => {
    const cases = [
      { email: 'not-an-email', password: 'x' },
      { email: 'a@b.fr', password: '' },
      { email: 'a@b.fr' },
      { email: 'a@b.fr', password: 'x', remember: true },
      { email: 42, password: 'x' },
    ]
    for (const body of cases) {
      const res = await t.request('POST', '/auth/login', { body })
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.error.code, 'VALIDATION_ERROR')
      assert.ok(res.body.error.details[0].field)
      assert.ok(res.body.requestId)
    }
    const raw = await t.request('POST', '/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } })
    assert.equal(raw.status, 400)
  })

  test('repeated failures on one account are rate-limited with 429 and Retry-After', async () => {
    const victim = await t.userWithRole('Dispatcher')
    let last
    for (let i = 0; i <= LOGIN_LIMITS.perAccount; i++) {
      last = await t.request('POST', '/auth/login', { body: { email: victim.email, password: `guess-${i}` }, ip: `10.8.0.${i + 1}` })
    }
    assert.equal(last!.status, 429)
    assert.equal(last!.body.error.code, 'RATE_LIMITED')
    assert.ok(Number(last!.headers['retry-after']) > 0)
  })

  test('repeated failures from one address are rate-limited whatever the account', async () => {
    let last
    for (let i = 0; i <= LOGIN_LIMITS.perAddress; i++) {
      last = await t.request('POST', '/auth/login', { body: { email: `spray${i}@test.palier`, password: 'x' }, ip: '10.7.0.7' })
    }
    assert.equal(last!.status, 429)
    const other = await t.request('POST', '/auth/login', { body: { email: 'alice@test.palier', password: 'correct horse battery' }, ip: '10.7.0.8' })
    assert.equal(other.status, 200)
  })
})

describe('tokens', () => {
  test('getMe without a token, with garbage, alg none, a wrong signature or expired: 401', async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = { sub: alice.id, iss: 'palier', iat: now, exp: now + 3600 }
    const bad = [
      undefined,
      'garbage',
      'a.b.c',
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      forge({ alg: 'HS256', typ: 'JWT' }, claims, 'another-secret-another-secret-another'),
      forge({ alg: 'HS512', typ: 'JWT' }, claims),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 3600 }),
      forge({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: '01900000-0000-7000-8000-000000000000' }),
    ]
    for (const token of bad) {
      const res = await t.request('GET', '/users/me', token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } })
      assert.equal(res.status, 401, String(token))
      assert.equal(res.body.error.code, 'UNAUTHORIZED')
    }
    const basic = await t.request('GET', '/users/me', { headers: { authorization: 'Basic YTpi' } })
    assert.equal(basic.status, 401)
    // The forging helper itself is right: with the real secret the same claims pass.
    const good = await t.request('GET', '/users/me', { token: forge({ alg: 'HS256', typ: 'JWT' }, claims) })
    assert.equal(good.status, 200)
  })

  test('a disabled account loses access at its next request, and re-enabling it does not revive its old token', async () => {
    const bob = await t.userWithRole('Technicien')
    assert.equal((await t.request('GET', '/users/me', { token: bob.token })).status, 200)
    const admin = await t.tokenFor('Administrateur')
    assert.equal((await t.request('PATCH', `/users/${bob.id}`, { token: admin, body: { isActive: false } })).status, 200)
    assert.equal((await t.request('GET', '/users/me', { token: bob.token })).status, 401)
    assert.equal((await t.request('PATCH', `/users/${bob.id}`, { token: admin, body: { isActive: true } })).status, 200)
    assert.equal((await t.request('GET', '/users/me', { token: bob.token })).status, 401)
  })
})

describe('demo routes with demo mode off', () => {
  test('listDemoAccounts and demoLogin answer 404 as if absent', async () => {
    assert.equal((await t.request('GET', '/auth/demo-accounts')).status, 404)
    const res = await t.request('POST', '/auth/demo-login', { body: { userId: alice.id } })
    assert.equal(res.status, 404)
  })
})
