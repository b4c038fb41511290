import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { locations } from '../locations/locations.tables.ts'
import { uuidv7 } from 'uuidv7'

let t: TestApp
let admin: string
let roleId: Record<string, string>
let siteId: string
let zoneId: string
const clock = new ManualClock('2026-11-23T08:00:00Z')

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  roleId = Object.fromEntries((await t.app.services.users.roles()).roles.map((r) => [r.name, r.id]))
  siteId = uuidv7()
  zoneId = uuidv7()
  await t.app.deps.database.db.insert(locations).values([
    { id: siteId, name: 'Résidence Test' },
    { id: zoneId, name: 'Bâtiment A', parentId: siteId },
  ])
})
after(() => t.close())

async function invite(body: Record<string, unknown>, token = admin) {
  return t.request('POST', '/users/invitations', { token, body: { roleId: roleId.Technicien, displayName: 'Jean Dupont', ...body } })
}

describe('inviteUser and activateAccount', () => {
  test('an invitation creates an invited account; its link activates it once and logs in', async () => {
    const res = await invite({ email: 'jean.dupont@test.palier', hourlyRateCents: 4800, phone: '06 11 22 33 44' })
    assert.equal(res.status, 201)
    assert.equal(res.body.user.status, 'invited')
    assert.equal(res.body.user.initials, 'JD')
    assert.equal(res.body.user.hourlyRateCents, 4800)
    assert.equal(res.body.emailSent, true)
    assert.equal(t.mailer.sent.at(-1)!.to, 'jean.dupont@test.palier')
    assert.ok(t.mailer.sent.at(-1)!.text.includes(res.body.activationUrl))
    assert.equal(new Date(res.body.expiresAt).getTime() - clock.now().getTime(), 7 * 86_400_000)
    const token = tokenOf(res.body.activationUrl)
    assert.ok(Buffer.from(token, 'base64url').length >= 16)

    const short = await t.request('POST', '/auth/activate', { body: { token, password: 'short' } })
    assert.equal(short.status, 400)
    const ok = await t.request('POST', '/auth/activate', { body: { token, password: 'un mot de passe solide' } })
    assert.equal(ok.status, 200)
    assert.equal(ok.body.user.email, 'jean.dupont@test.palier')
    assert.equal((await t.request('GET', '/users/me', { token: ok.body.accessToken })).status, 200)
    const again = await t.request('POST', '/auth/activate', { body: { token, password: 'un autre mot de passe' } })
    assert.equal(again.status, 400)
    assert.equal(again.body.error.code, 'INVALID_ACTIVATION_LINK')
    const login = await t.request('POST', '/auth/login', { body: { email: 'jean.dupont@test.palier', password: 'un mot de passe solide' } })
    assert.equal(login.status, 200)
  })

  test('a link expires after 7 days', async () => {
    const res = await invite({ email: 'late@test.palier' })
    clock.advance(7 * 86_400_000 + 1000)
    const late = await t.request('POST', '/auth/activate', { body: { token: tokenOf(res.body.activationUrl), password: 'trop tard pour ça' } })
    assert.equal(late.status, 400)
    assert.equal(late.body.error.code, 'INVALID_ACTIVATION_LINK')
    // Back to the start: the tokens of this file were issued then (and last 12 hours).
    clock.set('2026-11-23T08:00:00Z')
  })

  test('resend issues a new link and voids the old one; 409 once activated', async () => {
    const res = await invite({ email: 'resend@test.palier' })
    const again = await t.request('POST', `/users/${res.body.user.id}/invitation`, { token: admin })
    assert.equal(again.status, 201)
    assert.notEqual(again.body.activationUrl, res.body.activationUrl)
    const old = await t.request('POST', '/auth/activate', { body: { token: tokenOf(res.body.activationUrl), password: 'mot de passe 1' } })
    assert.equal(old.status, 400)
    const fresh = await t.request('POST', '/auth/activate', { body: { token: tokenOf(again.body.activationUrl), password: 'mot de passe 2' } })
    assert.equal(fresh.status, 200)
    const done = await t.request('POST', `/users/${res.body.user.id}/invitation`, { token: admin })
    assert.equal(done.status, 409)
    assert.equal(done.body.error.code, 'ALREADY_ACTIVATED')
    assert.equal((await t.request('POST', `/users/${uuidv7()}/invitation`, { token: admin })).status, 404)
  })

  test('an e-mail already used is a 409, whatever its case', async () => {
    assert.equal((await invite({ email: 'twice@test.palier' })).status, 201)
    const dup = await invite({ email: 'TWICE@test.palier' })
    assert.equal(dup.status, 409)
    assert.equal(dup.body.error.code, 'EMAIL_TAKEN')
  })

  test('invalid input: unknown field, bad e-mail, unknown role, team or site, zone for a Demandeur', async () => {
    assert.equal((await invite({ email: 'x1@test.palier', admin: true })).status, 400)
    assert.equal((await invite({ email: 'not-an-email' })).status, 400)
    assert.equal((await invite({ email: 'x2@test.palier', displayName: '   ' })).status, 400)
    assert.equal((await invite({ email: 'x3@test.palier', hourlyRateCents: -1 })).status, 400)
    assert.equal((await invite({ email: 'x4@test.palier', roleId: uuidv7() })).body.error.code, 'UNKNOWN_ROLE')
    assert.equal((await invite({ email: 'x5@test.palier', teamIds: [uuidv7()] })).body.error.code, 'UNKNOWN_TEAM')
    assert.equal((await invite({ email: 'x6@test.palier', siteIds: [uuidv7()] })).body.error.code, 'UNKNOWN_SITE')
    const zone = await invite({ email: 'x7@test.palier', roleId: roleId.Demandeur, siteIds: [zoneId] })
    assert.equal(zone.status, 400)
    assert.equal(zone.body.error.code, 'SITE_NOT_TOP_LEVEL')
    const site = await invite({ email: 'x8@test.palier', roleId: roleId.Demandeur, siteIds: [siteId] })
    assert.equal(site.status, 201)
    assert.deepEqual(site.body.user.sites, [{ id: siteId, name: 'Résidence Test' }])
    // Nothing half-written by the refused attempts.
    const list = await t.request('GET', '/users', { token: admin })
    assert.ok(!list.body.users.some((u: { email: string }) => /^x[1-7]@/.test(u.email)))
  })

  test('only an administrator grants administrator rights', async () => {
    const manager = await t.tokenFor('Gestionnaire')
    const res = await invite({ email: 'wannabe@test.palier', roleId: roleId.Administrateur }, manager)
    assert.equal(res.status, 403)
    assert.equal(res.body.error.code, 'ADMIN_ONLY')
    // A role within the Gestionnaire's own rights (every role against every role: users.rights.test.ts).
    assert.equal((await invite({ email: 'fine@test.palier', roleId: roleId['Vue seule'] }, manager)).status, 201)
  })

  test('concurrent invitations of one e-mail: one 201, the others 409', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => invite({ email: 'race@test.palier' })))
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409])
  })

  test('concurrent activations of one link: one success', async () => {
    const res = await invite({ email: 'double-click@test.palier' })
    const token = tokenOf(res.body.activationUrl)
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) =>
      t.request('POST', '/auth/activate', { body: { token, password: `mot de passe ${i}` } })))
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400, 400, 400, 400, 400])
  })
})

describe('listUsers, listRoles, updateUser', () => {
  test('lists carry role, status, teams, sites; roles are the seven', async () => {
    const roles = await t.request('GET', '/roles', { token: admin })
    assert.deepEqual(roles.body.roles.map((r: { name: string }) => r.name),
      ['Administrateur', 'Dispatcher', 'Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'])
    const list = await t.request('GET', '/users', { token: admin })
    assert.equal(list.status, 200)
    const u = list.body.users[0]
    assert.deepEqual(Object.keys(u).sort(), ['activatedAt', 'createdAt', 'displayName', 'email', 'hourlyRateCents', 'id', 'initials', 'isDemo', 'phone', 'role', 'sites', 'status', 'teams'])
  })

  test('update changes role, rate, sites; a Demandeur cannot be put on a zone', async () => {
    const u = await t.userWithRole('Technicien')
    const res = await t.request('PATCH', `/users/${u.id}`, { token: admin, body: { roleId: roleId.Demandeur, siteIds: [siteId], hourlyRateCents: null, displayName: 'Marie Curie' } })
    assert.equal(res.status, 200)
    assert.equal(res.body.role.name, 'Demandeur')
    assert.equal(res.body.initials, 'MC')
    assert.equal(res.body.hourlyRateCents, null)
    const zone = await t.request('PATCH', `/users/${u.id}`, { token: admin, body: { siteIds: [zoneId] } })
    assert.equal(zone.status, 400)
    assert.equal((await t.request('PATCH', `/users/${u.id}`, { token: admin, body: {} })).status, 400)
    assert.equal((await t.request('PATCH', `/users/${u.id}`, { token: admin, body: { role: 'Administrateur' } })).status, 400)
    assert.equal((await t.request('PATCH', '/users/not-a-uuid', { token: admin, body: { hourlyRateCents: 1 } })).status, 400)
  })

  test('a non-administrator cannot touch an administrator account', async () => {
    const other = await t.userWithRole('Administrateur')
    const manager = await t.tokenFor('Gestionnaire')
    const res = await t.request('PATCH', `/users/${other.id}`, { token: manager, body: { isActive: false } })
    assert.equal(res.status, 403)
    assert.equal(res.body.error.code, 'ADMIN_ONLY')
  })

  test('without view-other, a role sees only itself; other people are 404', async () => {
    await t.app.deps.database.db.execute(
      // Take view-other away from Gestionnaire in the store, as an administrator could.
      (await import('drizzle-orm')).sql`UPDATE permissions SET can_view_other = false WHERE object_category = 'PEOPLE_TEAMS' AND role_id = ${roleId.Gestionnaire}`)
    await t.app.deps.cache.del(`perm:${roleId.Gestionnaire}`)
    const me = await t.userWithRole('Gestionnaire')
    const list = await t.request('GET', '/users', { token: me.token })
    assert.deepEqual(list.body.users.map((u: { id: string }) => u.id), [me.id])
    const someone = await t.userWithRole('Technicien')
    const res = await t.request('PATCH', `/users/${someone.id}`, { token: me.token, body: { hourlyRateCents: 1 } })
    assert.equal(res.status, 404)
    assert.equal((await t.request('PATCH', `/users/${uuidv7()}`, { token: me.token, body: { hourlyRateCents: 1 } })).status, 404)
  })
})
