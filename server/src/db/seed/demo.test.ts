import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ROLE_NAMES } from '../../modules/access/access.matrix.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { seedDemo } from './demo.ts'

let t: TestApp
before(async () => {
  t = await startTestApp({ env: { DEMO_MODE: '1' } })
  assert.equal(await seedDemo(t.app.deps), true)
})
after(() => t.close())

test('seeding is idempotent: a store with people is left alone', async () => {
  assert.equal(await seedDemo(t.app.deps), false)
})

test('one active demo account per role, with initials and no secret', async () => {
  const res = await t.request('GET', '/auth/demo-accounts')
  assert.equal(res.status, 200)
  assert.deepEqual(res.body.accounts.map((a: { roleName: string }) => a.roleName), [...ROLE_NAMES])
  for (const a of res.body.accounts) {
    assert.deepEqual(Object.keys(a).sort(), ['displayName', 'id', 'initials', 'roleName'])
    assert.match(a.initials, /^\p{Lu}{1,3}$/u)
  }
})

test('demoLogin logs in as each demo account; a non-demo account is 403, an unknown one 404', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  for (const a of body.accounts) {
    const res = await t.request('POST', '/auth/demo-login', { body: { userId: a.id } })
    assert.equal(res.status, 200)
    assert.equal(res.body.user.isDemo, true)
    const me = await t.request('GET', '/users/me', { token: res.body.accessToken })
    assert.equal(me.body.role.name, a.roleName)
  }
  const admin = (await t.request('POST', '/auth/demo-login', { body: { userId: body.accounts[0].id } })).body.accessToken
  const staff = (await t.request('GET', '/users', { token: admin })).body.users.find((u: { isDemo: boolean }) => !u.isDemo)
  const refused = await t.request('POST', '/auth/demo-login', { body: { userId: staff.id } })
  assert.equal(refused.status, 403)
  assert.equal(refused.body.error.code, 'NOT_A_DEMO_ACCOUNT')
  const unknown = await t.request('POST', '/auth/demo-login', { body: { userId: '0190f0e2-0000-7000-8000-000000000000' } })
  assert.equal(unknown.status, 404)
})

test('the dataset: sites in several cities with zones, client partners, suppliers, teams, hourly rates', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const admin = (await t.request('POST', '/auth/demo-login', { body: { userId: body.accounts[0].id } })).body.accessToken
  const { locations } = (await t.request('GET', '/locations', { token: admin })).body
  const sites = locations.filter((l: { parentId: string | null }) => l.parentId === null)
  assert.ok(new Set(sites.map((s: { city: string }) => s.city)).size >= 5)
  assert.ok(sites.every((s: { id: string }) => locations.some((z: { parentId: string }) => z.parentId === s.id)))
  assert.ok(sites.some((s: { partnerName: string | null }) => s.partnerName))
  const { partners } = (await t.request('GET', '/partners', { token: admin })).body
  assert.ok(partners.some((p: { kind: string }) => p.kind === 'SUPPLIER'))
  const { teams } = (await t.request('GET', '/teams', { token: admin })).body
  assert.ok(teams.length >= 3 && teams.every((tm: { memberCount: number }) => tm.memberCount > 0))
  const { users } = (await t.request('GET', '/users', { token: admin })).body
  assert.ok(users.filter((u: { role: { name: string }; hourlyRateCents: number | null }) => u.role.name === 'Technicien' && u.hourlyRateCents).length >= 3)
})

test('the demo Demandeur sees only the sites she is assigned to, and their zones', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const requester = body.accounts.find((a: { roleName: string }) => a.roleName === 'Demandeur')
  const token = (await t.request('POST', '/auth/demo-login', { body: { userId: requester.id } })).body.accessToken
  const { locations } = (await t.request('GET', '/locations', { token })).body
  const sites = locations.filter((l: { parentId: string | null }) => l.parentId === null)
  assert.equal(sites.length, 2)
  assert.ok(sites.every((s: { city: string }) => s.city === 'Lyon'))
  assert.ok(locations.length > sites.length)
})
