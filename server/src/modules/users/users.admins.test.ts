// The store always keeps one active Administrateur, however the calls interleave; and the
// codes guarding accounts (SELF_LOCKOUT, LAST_ADMINISTRATOR, ACCOUNT_DISABLED) are answered.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { sitesOnlyScope } from '../../http/principal.ts'
import { callerOf } from '../../http/caller.ts'

let t: TestApp
let roleId: Record<string, string>
before(async () => {
  t = await startTestApp()
  roleId = Object.fromEntries((await t.app.services.users.roles()).roles.map((r) => [r.name, r.id]))
})
after(() => t.close())

const rowsOf = <R>(r: unknown): R[] => ((r as { rows?: R[] }).rows ?? (r as R[]))

async function activeAdmins(): Promise<string[]> {
  const r = await t.app.deps.database.db.execute(sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id
    WHERE r.name = 'Administrateur' AND u.activated_at IS NOT NULL AND u.disabled_at IS NULL ORDER BY u.id`)
  return rowsOf<{ id: string }>(r).map((x) => x.id)
}

/** Leaves exactly these administrators active (the others are disabled directly in the store). */
async function onlyActiveAdmins(ids: string[]) {
  await t.app.deps.database.db.execute(sql`UPDATE users SET disabled_at = now() WHERE disabled_at IS NULL
    AND role_id = ${roleId.Administrateur} AND NOT (id = ANY(${`{${ids.join(',')}}`}::uuid[]))`)
  assert.deepEqual(await activeAdmins(), [...ids].sort())
}

test('nobody disables themselves: 409 SELF_LOCKOUT', async () => {
  const me = await t.userWithRole('Administrateur')
  const self = await t.request('PATCH', `/users/${me.id}`, { token: me.token, body: { isActive: false } })
  assert.equal(self.status, 409)
  assert.equal(self.body.error.code, 'SELF_LOCKOUT')
  assert.ok((await activeAdmins()).includes(me.id))
})

test('the last active administrator is neither disabled nor demoted: 409 LAST_ADMINISTRATOR', async () => {
  // A caller is itself an active administrator when its request starts, so the rule bites
  // when the caller's own removal commits between its authentication and its change:
  // exactly that interleaving, made deterministic.
  const a = await t.userWithRole('Administrateur')
  const b = await t.userWithRole('Administrateur')
  await onlyActiveAdmins([a.id, b.id])
  const principalA = (await t.app.deps.access.loadPrincipal(a.id, Math.floor(Date.now() / 1000)))!
  const callerA = callerOf(principalA, await t.app.deps.access.permissions(principalA.role.id))
  assert.equal((await t.request('PATCH', `/users/${a.id}`, { token: b.token, body: { isActive: false } })).status, 200)
  for (const body of [{ isActive: false }, { roleId: roleId.Gestionnaire }]) {
    await assert.rejects(t.app.services.users.update(callerA, sitesOnlyScope(principalA), b.id, body), (err: { status: number; code: string }) => {
      assert.equal(err.status, 409)
      assert.equal(err.code, 'LAST_ADMINISTRATOR')
      return true
    })
  }
  assert.deepEqual(await activeAdmins(), [b.id])
  // With a second active administrator, the same change goes through.
  const c = await t.userWithRole('Administrateur')
  const demoted = await t.request('PATCH', `/users/${b.id}`, { token: c.token, body: { roleId: roleId.Gestionnaire } })
  assert.equal(demoted.status, 200)
  assert.deepEqual(await activeAdmins(), [c.id])
})

/**
 * Holds each updateUser call at the service's door until `n` calls are there: both requests
 * are then authenticated (a caller whose removal commits before its own authentication is
 * simply refused at the door, a different race) and race on the change itself.
 */
function meetAtTheService(n: number): () => void {
  const users = t.app.services.users
  const original = users.update
  let waiting: (() => void)[] = []
  users.update = (...args: Parameters<typeof original>) => new Promise<void>((resolve) => {
    waiting.push(resolve)
    if (waiting.length === n) {
      for (const go of waiting) go()
      waiting = []
    }
  }).then(() => original.apply(users, args))
  return () => { delete (users as { update?: unknown }).update }
}

test('two administrators removing each other at once, 20 rounds: exactly one stays, the other call is 409 LAST_ADMINISTRATOR', async () => {
  const restore = meetAtTheService(2)
  try {
    for (let round = 0; round < 20; round++) {
      const a = await t.userWithRole('Administrateur')
      const b = await t.userWithRole('Administrateur')
      await onlyActiveAdmins([a.id, b.id])
      // Every mix of disable and demote, in turn.
      const change = (demote: boolean) => (demote ? { roleId: round % 3 ? roleId.Technicien : roleId['Vue seule'] } : { isActive: false })
      const [ab, ba] = await Promise.all([
        t.request('PATCH', `/users/${b.id}`, { token: a.token, body: change(round % 2 === 1) }),
        t.request('PATCH', `/users/${a.id}`, { token: b.token, body: change(round % 4 >= 2) }),
      ])
      const statuses = [ab.status, ba.status].sort()
      assert.deepEqual(statuses, [200, 409], `round ${round}: ${JSON.stringify([ab.body, ba.body])}`)
      const lost = ab.status === 409 ? ab : ba
      assert.equal(lost.body.error.code, 'LAST_ADMINISTRATOR', `round ${round}`)
      assert.deepEqual(await activeAdmins(), [ab.status === 200 ? a.id : b.id], `round ${round}`)
    }
  } finally {
    restore()
  }
})

test('a disabled invited account gets no new link: 409 ACCOUNT_DISABLED', async () => {
  const admin = await t.tokenFor('Administrateur')
  const inv = await t.request('POST', '/users/invitations', { token: admin, body: { email: 'parti@test.palier', displayName: 'Parti Avant', roleId: roleId.Technicien } })
  assert.equal(inv.status, 201)
  const off = await t.request('PATCH', `/users/${inv.body.user.id}`, { token: admin, body: { isActive: false } })
  assert.equal(off.body.status, 'disabled')
  const resend = await t.request('POST', `/users/${inv.body.user.id}/invitation`, { token: admin })
  assert.equal(resend.status, 409)
  assert.equal(resend.body.error.code, 'ACCOUNT_DISABLED')
  // The link issued before the disable does not open the account either.
  const link = new URL(inv.body.activationUrl).searchParams.get('token')!
  const act = await t.request('POST', '/auth/activate', { body: { token: link, password: 'un mot de passe solide' } })
  assert.equal(act.status, 400)
  assert.equal(act.body.error.code, 'INVALID_ACTIVATION_LINK')
})
