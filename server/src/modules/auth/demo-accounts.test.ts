// Demo accounts: demoLogin answers by what the id names, and outside demo mode a demo account
// neither authenticates nor counts as the active administrator.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { users } from '../users/users.tables.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'

let on: TestApp
let off: TestApp
before(async () => {
  ;[on, off] = await Promise.all([startTestApp({ env: { DEMO_MODE: '1' } }), startTestApp({ env: { DEMO_MODE: '0' } })])
})
after(async () => { await Promise.all([on?.close(), off?.close()]) })

type State = 'active' | 'invited' | 'disabled'

/** A user of `t` in the given state, demo or not, written directly in the store. */
async function account(t: TestApp, role: 'Administrateur' | 'Technicien', isDemo: boolean, state: State) {
  const u = await t.userWithRole(role)
  await t.app.deps.database.db.update(users).set({
    isDemo,
    ...(state === 'invited' ? { activatedAt: null } : {}),
    ...(state === 'disabled' ? { disabledAt: new Date() } : {}),
  }).where(eq(users.id, u.id))
  return u
}

const demoLogin = (t: TestApp, userId: string) => t.request('POST', '/auth/demo-login', { body: { userId } })

describe('demoLogin in demo mode', () => {
  for (const state of ['active', 'invited', 'disabled'] as const) {
    test(`a non-demo account that is ${state} answers 403 NOT_A_DEMO_ACCOUNT`, async () => {
      const u = await account(on, 'Technicien', false, state)
      assertError(await demoLogin(on, u.id), 403, 'NOT_A_DEMO_ACCOUNT')
    })
  }

  test('only an id that names no account answers 404', async () => {
    assertError(await demoLogin(on, '0190f0e2-0000-7000-8000-000000000000'), 404, 'NOT_FOUND')
  })

  test('an active demo account logs in; a disabled one answers 401 ACCOUNT_INACTIVE', async () => {
    const ok = await demoLogin(on, (await account(on, 'Technicien', true, 'active')).id)
    assert.equal(ok.status, 200)
    assert.equal(ok.body.user.isDemo, true)
    assert.equal((await on.request('GET', '/users/me', { token: ok.body.accessToken })).status, 200)
    assertError(await demoLogin(on, (await account(on, 'Technicien', true, 'disabled')).id), 401, 'ACCOUNT_INACTIVE')
  })
})

describe('demo mode off', () => {
  test('the demo Administrateur does not count: the first-administrator link is issued', async () => {
    // The store of `off` holds only this administrator so far.
    const demoAdmin = await account(off, 'Administrateur', true, 'active')
    const first = await off.app.services.users.ensureFirstAdministrator('chef@test.palier')
    assert.ok(first)
    assert.equal(first.email, 'chef@test.palier')
    assert.match(first.activationUrl, /\/activate\?token=/)
    // And its token, valid in demo mode, is refused here.
    assertError(await off.request('GET', '/users/me', { token: demoAdmin.token }), 401, 'UNAUTHORIZED')
  })

  test('a demo account token is refused on every authenticated route; the same account works in demo mode', async () => {
    const tech = await account(off, 'Technicien', true, 'active')
    assertError(await off.request('GET', '/users/me', { token: tech.token }), 401)
    assertError(await off.request('GET', '/assets', { token: tech.token }), 401)
    const twin = await account(on, 'Technicien', true, 'active')
    assert.equal((await on.request('GET', '/users/me', { token: twin.token })).status, 200)
  })

  test('a real active administrator does count: no link', async () => {
    await off.userWithRole('Administrateur')
    assert.equal(await off.app.services.users.ensureFirstAdministrator('chef@test.palier'), null)
  })
})
