// Who may hand out which role, who may change their own, who sees pay: every role against
// every role, with the default matrix and with a matrix changed in the store.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { ROLE_NAMES, type RoleName } from '../access/access.matrix.ts'

let t: TestApp
let roleId: Record<RoleName, string>
let seq = 0
const email = (tag: string) => `${tag.replace(/\W/g, '').toLowerCase()}.${++seq}@rights.test.palier`

before(async () => {
  t = await startTestApp()
  roleId = Object.fromEntries((await t.app.services.users.roles()).roles.map((r) => [r.name, r.id])) as Record<RoleName, string>
})
after(() => t.close())

// Target ⊆ caller, worked out by hand from the default matrix (docs/architecture.md). Only
// these two roles hold PEOPLE_TEAMS create and edit by default.
const DEFAULT_GRANTS: Partial<Record<RoleName, RoleName[]>> = {
  Administrateur: [...ROLE_NAMES],
  Gestionnaire: ['Gestionnaire', 'Vue seule'],
}
// The same after every role was given all five PEOPLE_TEAMS rights in the store.
const WIDENED_GRANTS: Record<RoleName, RoleName[]> = {
  Administrateur: [...ROLE_NAMES],
  Dispatcher: ['Dispatcher', 'Technicien', 'Technicien limité', 'Demandeur', 'Vue seule'],
  Technicien: ['Technicien', 'Technicien limité', 'Demandeur'],
  'Technicien limité': ['Technicien limité', 'Demandeur'],
  Gestionnaire: ['Gestionnaire', 'Vue seule'],
  Demandeur: ['Demandeur'],
  'Vue seule': ['Vue seule'],
}

/** [status, code] expected when `caller` hands `target` out. */
function expected(grants: Partial<Record<RoleName, RoleName[]>>, caller: RoleName, target: RoleName, ok: number): [number, string | null] {
  const grantable = grants[caller]
  if (!grantable) return [403, 'FORBIDDEN']
  if (target === 'Administrateur' && caller !== 'Administrateur') return [403, 'ADMIN_ONLY']
  return grantable.includes(target) ? [ok, null] : [403, 'ROLE_NOT_GRANTABLE']
}

async function checkEveryPair(grants: Partial<Record<RoleName, RoleName[]>>) {
  const failures: string[] = []
  for (const caller of ROLE_NAMES) {
    const { token } = await t.userWithRole(caller)
    for (const target of ROLE_NAMES) {
      const inv = await t.request('POST', '/users/invitations', { token, body: { email: email(target), displayName: 'Nouvelle Personne', roleId: roleId[target] } })
      const [status, code] = expected(grants, caller, target, 201)
      if (inv.status !== status || (code && inv.body.error?.code !== code)) failures.push(`invite ${caller} → ${target}: ${inv.status} ${inv.body.error?.code ?? ''}, expected ${status} ${code ?? ''}`)

      const from: RoleName = target === 'Vue seule' ? 'Demandeur' : 'Vue seule'
      const someone = await t.userWithRole(from)
      const upd = await t.request('PATCH', `/users/${someone.id}`, { token, body: { roleId: roleId[target] } })
      const [uStatus, uCode] = expected(grants, caller, target, 200)
      if (upd.status !== uStatus || (uCode && upd.body.error?.code !== uCode)) failures.push(`update ${caller} → ${target}: ${upd.status} ${upd.body.error?.code ?? ''}, expected ${uStatus} ${uCode ?? ''}`)
      const [row] = await t.app.deps.database.db.execute(sql`SELECT r.name FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = ${someone.id}`).then((r) => rowsOf<{ name: string }>(r))
      if (row.name !== (uStatus === 200 ? target : from)) failures.push(`update ${caller} → ${target}: stored role ${row.name}`)
    }
  }
  assert.deepEqual(failures, [])
}

const rowsOf = <R>(r: unknown): R[] => ((r as { rows?: R[] }).rows ?? (r as R[]))

async function forgetCachedMatrix() {
  for (const id of Object.values(roleId)) await t.app.deps.cache.del(`perm:${id}`)
}

describe('granting roles', () => {
  test('default matrix: invite and role change succeed exactly when the target role’s rights are all the caller’s', async () => {
    await checkEveryPair(DEFAULT_GRANTS)
  })

  test('resending an invitation hands its link to the caller: only for a role the caller may grant', async () => {
    const admin = await t.tokenFor('Administrateur')
    const manager = await t.tokenFor('Gestionnaire')
    const invited = async (role: RoleName) =>
      (await t.request('POST', '/users/invitations', { token: admin, body: { email: email(role), displayName: 'En Attente', roleId: roleId[role] } })).body.user.id as string
    const dispatcher = await t.request('POST', `/users/${await invited('Dispatcher')}/invitation`, { token: manager })
    assert.equal(dispatcher.status, 403)
    assert.equal(dispatcher.body.error.code, 'ROLE_NOT_GRANTABLE')
    assert.equal((await t.request('POST', `/users/${await invited('Vue seule')}/invitation`, { token: manager })).status, 201)
  })

  test('nobody changes their own role (403 OWN_ROLE), sending the current one is a no-op', async () => {
    for (const role of ['Administrateur', 'Gestionnaire'] as const) {
      const me = await t.userWithRole(role)
      const other = role === 'Administrateur' ? 'Gestionnaire' : 'Vue seule'
      const res = await t.request('PATCH', `/users/${me.id}`, { token: me.token, body: { roleId: roleId[other] } })
      assert.equal(res.status, 403, role)
      assert.equal(res.body.error.code, 'OWN_ROLE')
      const same = await t.request('PATCH', `/users/${me.id}`, { token: me.token, body: { roleId: roleId[role], displayName: 'Moi Même' } })
      assert.equal(same.status, 200, role)
      assert.equal(same.body.role.name, role)
      assert.equal(same.body.displayName, 'Moi Même')
    }
  })
})

describe('who sees pay', () => {
  test('hourly rates show only to callers who may edit people; each person sees their own', async () => {
    const colleague = await t.userWithRole('Technicien', { hourlyRateCents: 4321 })
    for (const role of ROLE_NAMES) {
      const me = await t.userWithRole(role, { hourlyRateCents: 1234 })
      const res = await t.request('GET', '/users', { token: me.token })
      if (role === 'Technicien limité' || role === 'Demandeur') {
        assert.equal(res.status, 403, role) // no PEOPLE_TEAMS view at all
        continue
      }
      assert.equal(res.status, 200, role)
      const rateOf = (id: string) => {
        const u = res.body.users.find((x: { id: string }) => x.id === id)
        assert.ok(u && 'hourlyRateCents' in u, `${role}: field present`)
        return u.hourlyRateCents
      }
      const mayEdit = role === 'Administrateur' || role === 'Gestionnaire'
      assert.equal(rateOf(colleague.id), mayEdit ? 4321 : null, role)
      assert.equal(rateOf(me.id), 1234, `${role} sees their own rate`)
    }
  })

  test('the rule follows the stored matrix: PEOPLE_TEAMS edit given to Vue seule shows it the rates', async () => {
    const colleague = await t.userWithRole('Technicien', { hourlyRateCents: 5100 })
    const viewer = await t.userWithRole('Vue seule')
    await t.app.deps.database.db.execute(sql`UPDATE permissions SET can_edit = true WHERE object_category = 'PEOPLE_TEAMS' AND role_id = ${roleId['Vue seule']}`)
    await forgetCachedMatrix()
    const res = await t.request('GET', '/users', { token: viewer.token })
    assert.equal(res.body.users.find((u: { id: string }) => u.id === colleague.id).hourlyRateCents, 5100)
    await t.app.deps.database.db.execute(sql`UPDATE permissions SET can_edit = false WHERE object_category = 'PEOPLE_TEAMS' AND role_id = ${roleId['Vue seule']}`)
    await forgetCachedMatrix()
  })
})

describe('granting roles under a matrix changed in the store', () => {
  test('every role given all PEOPLE_TEAMS rights: each grants exactly the roles within its rights', async () => {
    await t.app.deps.database.db.execute(sql`UPDATE permissions SET can_view = true, can_view_other = true, can_create = true, can_edit = true, can_delete = true WHERE object_category = 'PEOPLE_TEAMS'`)
    await forgetCachedMatrix()
    await checkEveryPair(WIDENED_GRANTS)
  })

  test('with the right to edit people, still nobody changes their own role', async () => {
    for (const role of ROLE_NAMES) {
      const me = await t.userWithRole(role)
      const other = role === 'Demandeur' ? 'Vue seule' : 'Demandeur'
      const res = await t.request('PATCH', `/users/${me.id}`, { token: me.token, body: { roleId: roleId[other] } })
      assert.equal(res.status, 403, role)
      assert.equal(res.body.error.code, 'OWN_ROLE', role)
    }
  })
})
