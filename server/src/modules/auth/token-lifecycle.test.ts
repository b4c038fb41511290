// Tokens die with what they stood for: a disable, a role change or a new password void every
// token issued before, for good; the verifier accepts only our issuer and our lifetime.
// A manual clock makes the one-second granularity of `iat` explicit.
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { users } from '../users/users.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { TOKEN_ISSUER } from './tokens.ts'

const SECRET = 'test-secret-that-is-long-enough-0123456789'
const TTL = 3600

function b64(o: object) { return Buffer.from(JSON.stringify(o)).toString('base64url') }
function forge(payload: object, secret = SECRET) {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

// 400 ms into a second: an event and the tokens issued around it share that second.
const clock = new ManualClock('2031-03-10T08:00:00.400Z')
let t: TestApp
let admin: string
let roleIds: Record<string, string>

before(async () => {
  t = await startTestApp({ env: { TOKEN_TTL_SECONDS: String(TTL) }, build: { clock } })
  admin = await t.tokenFor('Administrateur')
  roleIds = Object.fromEntries((await t.app.services.users.roles()).roles.map((r) => [r.name, r.id]))
})
after(() => t.close())

const me = (token: string) => t.request('GET', '/users/me', { token })
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

describe('cut-off', () => {
  test('a re-enabled user keeps its old token dead; a token issued from the next second works', async () => {
    const bob = await t.userWithRole('Technicien')
    assert.equal((await me(bob.token)).status, 200)
    assert.equal((await t.request('PATCH', `/users/${bob.id}`, { token: admin, body: { isActive: false } })).status, 200)
    assert.equal((await t.request('PATCH', `/users/${bob.id}`, { token: admin, body: { isActive: true } })).status, 200)
    assert.equal((await me(bob.token)).status, 401)
    // Issued in the same second as the disable: it may be older than it, so it is refused too.
    assert.equal((await me(t.app.deps.tokens.issue(bob.id))).status, 401)
    clock.advance(1000)
    assert.equal((await me(t.app.deps.tokens.issue(bob.id))).status, 200)
  })

  test('a role change kills the tokens issued before it; other edits and the same role do not', async () => {
    const carla = await t.userWithRole('Dispatcher')
    const kept = await t.request('PATCH', `/users/${carla.id}`, { token: admin, body: { displayName: 'Carla Nouveau', roleId: roleIds.Dispatcher } })
    assert.equal(kept.status, 200)
    assert.equal((await me(carla.token)).status, 200)
    const changed = await t.request('PATCH', `/users/${carla.id}`, { token: admin, body: { roleId: roleIds['Vue seule'] } })
    assert.equal(changed.status, 200)
    assert.equal((await me(carla.token)).status, 401)
    clock.advance(1000)
    const fresh = await me(t.app.deps.tokens.issue(carla.id))
    assert.equal(fresh.status, 200)
    assert.equal(fresh.body.role.name, 'Vue seule')
  })

  test('setting the password kills earlier tokens; the activation session and a login in the same second work', async () => {
    const invited = await t.request('POST', '/users/invitations', {
      token: admin, body: { email: 'dora@test.palier', displayName: 'Dora Lemaire', roleId: roleIds.Technicien },
    })
    assert.equal(invited.status, 201)
    const userId = invited.body.user.id
    const before = t.app.deps.tokens.issue(userId) // minted by hand: no route gives an invited account a token
    clock.advance(1000)
    const activated = await t.request('POST', '/auth/activate', { body: { token: tokenOf(invited.body.activationUrl), password: 'un mot de passe solide' } })
    assert.equal(activated.status, 200)
    assert.equal((await me(before)).status, 401)
    assert.equal((await me(activated.body.accessToken)).status, 200)
    const login = await t.request('POST', '/auth/login', { body: { email: 'dora@test.palier', password: 'un mot de passe solide' } })
    assert.equal(login.status, 200)
    assert.equal((await me(login.body.accessToken)).status, 200)
  })
})

describe('verifier', () => {
  test('the right secret is not enough: a foreign or missing issuer, a lifetime over TOKEN_TTL_SECONDS, a future iat: 401', async () => {
    const u = await t.userWithRole('Technicien')
    const now = Math.floor(clock.now().getTime() / 1000)
    const claims = { sub: u.id, iss: TOKEN_ISSUER, iat: now, exp: now + TTL }
    const { iss: _iss, ...noIssuer } = claims
    const refused = {
      'foreign issuer': forge({ ...claims, iss: 'someone-else' }),
      'no issuer': forge(noIssuer),
      'lifetime one second too long': forge({ ...claims, exp: now + TTL + 1 }),
      'a year long, issued an hour ago': forge({ ...claims, iat: now - 3600, exp: now + 365 * 86_400 }),
      'issued in the future': forge({ ...claims, iat: now + 3600, exp: now + 3600 + TTL }),
      'fractional iat': forge({ ...claims, iat: now + 0.5 }),
      'subject not a string': forge({ ...claims, sub: 42 }),
    }
    for (const [what, token] of Object.entries(refused)) {
      const res = await me(token)
      assert.equal(res.status, 401, what)
      assert.equal(res.body.error.code, 'UNAUTHORIZED', what)
    }
    // The forging helper is right: the same claims with exactly the configured lifetime pass.
    assert.equal((await me(forge(claims))).status, 200)
    // Asked again (the verifier remembers what it checked), each answer is the same.
    for (const [what, token] of Object.entries(refused)) assert.equal((await me(token)).status, 401, `${what}, again`)
    assert.equal((await me(forge(claims, 'another-secret-that-is-long-enough-0123'))).status, 401, 'wrong signature')
  })

  test('a token expires at exp, on the injected clock, though the verifier remembers it', async () => {
    const u = await t.userWithRole('Technicien')
    const token = t.app.deps.tokens.issue(u.id)
    assert.equal((await me(token)).status, 200) // verified once: remembered from here on
    clock.advance((TTL - 1) * 1000)
    assert.equal((await me(token)).status, 200)
    clock.advance(1000)
    assert.equal((await me(token)).status, 401)
  })
})

describe('stored cut-off', () => {
  test('the cut-off is a whole second, and only moves on disable, role change and password', async () => {
    const erin = await t.userWithRole('Technicien')
    const admin = (await t.userWithRole('Administrateur')).token // the first one's token has expired by now
    const cutoff = async () => (await t.app.deps.database.db.select({ c: users.tokensValidAfter }).from(users).where(eq(users.id, erin.id)))[0].c
    assert.equal(await cutoff(), null)
    await t.request('PATCH', `/users/${erin.id}`, { token: admin, body: { phone: '06 12 34 56 78', hourlyRateCents: 5000 } })
    assert.equal(await cutoff(), null)
    await t.request('PATCH', `/users/${erin.id}`, { token: admin, body: { isActive: false } })
    const c = await cutoff()
    assert.ok(c)
    assert.equal(c.getTime() % 1000, 0)
    assert.ok(c.getTime() > clock.now().getTime())
  })
})
