// A forgotten password (issue 19): an administrator's « Réinitialiser le mot de passe » puts the
// account back to invited, ends its password and sessions, and issues a single-use link that
// activateAccount accepts.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: { id: string; token: string }
const clock = new ManualClock('2026-11-27T08:00:00Z')
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
})
after(() => t.close())

/** An active account with a password it logs in with. */
async function activeAccount(role: 'Technicien' | 'Administrateur' | 'Dispatcher', email: string) {
  const roleId = (await t.app.services.users.roles()).roles.find((r) => r.name === role)!.id
  const invited = await t.request('POST', '/users/invitations', { token: admin.token, body: { email, displayName: 'Émilie Perrin', roleId } })
  assert.equal(invited.status, 201)
  const activated = await t.request('POST', '/auth/activate', { body: { token: tokenOf(invited.body.activationUrl), password: 'ancien mot de passe' } })
  assert.equal(activated.status, 200)
  return { id: invited.body.user.id as string, token: activated.body.accessToken as string }
}
const login = (email: string, password: string) => t.request('POST', '/auth/login', { body: { email, password } })

test('a reset ends the password and the sessions; the e-mailed link sets a new password once', async () => {
  const emilie = await activeAccount('Technicien', 'emilie.perrin@test.palier')
  clock.advance(1000)
  const res = await t.request('PATCH', `/users/${emilie.id}`, { token: admin.token, body: { resetPassword: true } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal(res.body.status, 'invited')
  assert.equal(res.body.activatedAt, null)
  assert.equal(res.body.passwordReset.emailSent, true)
  const mail = t.mailer.sent.at(-1)!
  assert.equal(mail.to, 'emilie.perrin@test.palier')
  assert.match(mail.subject, /Réinitialisation/)
  assert.ok(mail.text.includes(res.body.passwordReset.activationUrl))
  assert.equal((await t.request('GET', '/users/me', { token: emilie.token })).status, 401, 'her session ended')
  assert.equal((await login('emilie.perrin@test.palier', 'ancien mot de passe')).status, 401, 'the old password no longer works')

  const token = tokenOf(res.body.passwordReset.activationUrl)
  const activated = await t.request('POST', '/auth/activate', { body: { token, password: 'nouveau mot de passe' } })
  assert.equal(activated.status, 200)
  assert.equal((await login('emilie.perrin@test.palier', 'nouveau mot de passe')).status, 200)
  const again = await t.request('POST', '/auth/activate', { body: { token, password: 'encore un autre' } })
  assert.equal(again.status, 400)
  assert.equal(again.body.error.code, 'INVALID_ACTIVATION_LINK')
})

test('the reset field appears only in the answer of a reset', async () => {
  const other = await activeAccount('Dispatcher', 'paul.morel@test.palier')
  const res = await t.request('PATCH', `/users/${other.id}`, { token: admin.token, body: { displayName: 'Paul Morel' } })
  assert.equal(res.status, 200)
  assert.equal('passwordReset' in res.body, false)
  const list = await t.request('GET', '/users', { token: admin.token })
  assert.ok((list.body.users as object[]).every((u) => !('passwordReset' in u)))
})

test('refused: one\'s own password, a disabled account, a role the caller could not grant, a value other than true', async () => {
  const self = await t.request('PATCH', `/users/${admin.id}`, { token: admin.token, body: { resetPassword: true } })
  assert.equal(self.status, 409)
  assert.equal(self.body.error.code, 'SELF_LOCKOUT')

  const gone = await activeAccount('Technicien', 'marc.vidal@test.palier')
  assert.equal((await t.request('PATCH', `/users/${gone.id}`, { token: admin.token, body: { isActive: false } })).status, 200)
  const disabled = await t.request('PATCH', `/users/${gone.id}`, { token: admin.token, body: { resetPassword: true } })
  assert.equal(disabled.status, 409)
  assert.equal(disabled.body.error.code, 'ACCOUNT_DISABLED')

  const manager = await t.userWithRole('Gestionnaire')
  const dispatcher = await activeAccount('Dispatcher', 'lea.martin@test.palier')
  const notGrantable = await t.request('PATCH', `/users/${dispatcher.id}`, { token: manager.token, body: { resetPassword: true } })
  assert.ok([403, 404].includes(notGrantable.status), `${notGrantable.status}`)
  assert.equal((await t.request('GET', '/users/me', { token: dispatcher.token })).status, 200, 'nothing changed')

  const invalid = await t.request('PATCH', `/users/${dispatcher.id}`, { token: admin.token, body: { resetPassword: false } })
  assert.equal(invalid.status, 400)
  assert.equal(invalid.body.error.details[0].field, 'resetPassword')
})
