import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { exactlyOneWins, startTestApp, type TestApp } from '../../test/harness.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'

let t: TestApp
let admin: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

const create = (body: unknown, token = admin) => t.request('POST', '/teams', { token, body })
const patch = (id: string, body: unknown, token = admin) => t.request('PATCH', `/teams/${id}`, { token, body })
const list = async (token = admin) => {
  const res = await t.request('GET', '/teams', { token })
  assert.equal(res.status, 200)
  return res.body.teams as any[]
}
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

describe('createTeam', () => {
  test('creates a team with members, persisted and listed', async () => {
    const tech = await t.userWithRole('Technicien')
    const disp = await t.userWithRole('Dispatcher')
    const res = await create({ name: '  Équipe Nord ', description: ' Secteur nord ', memberIds: [tech.id, disp.id] })
    assert.equal(res.status, 201)
    const team = res.body
    assert.match(team.id, /^[0-9a-f-]{36}$/)
    assert.equal(team.name, 'Équipe Nord')
    assert.equal(team.description, 'Secteur nord')
    assert.equal(team.memberCount, 2)
    assert.ok(!Number.isNaN(Date.parse(team.createdAt)))
    assert.deepEqual(team.members.map((m: any) => m.id), [disp.id, tech.id], 'sorted by display name')
    assert.deepEqual(team.members[1], { id: tech.id, displayName: 'Test Technicien', initials: 'TT', roleName: 'Technicien', status: 'active' })
    const listed = (await list()).find((x) => x.id === team.id)
    assert.deepEqual(listed, team)
  })

  test('without description or members', async () => {
    const res = await create({ name: 'Équipe vide' })
    assert.equal(res.status, 201)
    assert.equal(res.body.description, null)
    assert.deepEqual(res.body.members, [])
    assert.equal(res.body.memberCount, 0)
  })

  test('400 on invalid input, nothing stored', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'X', colour: 'red' }, 'colour'],
      [{ name: '   ' }, 'name'],
      [{ name: 'a'.repeat(81) }, 'name'],
      [{}, 'name'],
      [{ name: 'X', description: 'd'.repeat(501) }, 'description'],
      [{ name: 'X', memberIds: ['not-a-uuid'] }, 'memberIds.0'],
      [{ name: 'X', memberIds: [MISSING, MISSING] }, 'memberIds'],
    ]
    for (const [body, field] of cases) {
      const res = await create(body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.error.code, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assert.equal((await create({ name: 'a'.repeat(80) })).status, 201, '80 characters are allowed')
  })

  test('400 UNKNOWN_USER on an unknown member, and the team is not created', async () => {
    const tech = await t.userWithRole('Technicien')
    const res = await create({ name: 'Équipe fantôme', memberIds: [tech.id, MISSING] })
    assert.equal(res.status, 400)
    assert.equal(res.body.error.code, 'UNKNOWN_USER')
    assert.equal(res.body.error.details[0].field, 'memberIds')
    assert.ok(!(await list()).some((x) => x.name === 'Équipe fantôme'))
    assert.equal((await create({ name: 'Équipe fantôme' })).status, 201)
  })

  test('409 on a name already used, compared case-insensitively', async () => {
    assert.equal((await create({ name: 'Équipe Sud' })).status, 201)
    for (const name of ['Équipe Sud', 'ÉQUIPE SUD', ' équipe sud ']) {
      const res = await create({ name })
      assert.equal(res.status, 409, name)
      assert.equal(res.body.error.code, 'TEAM_NAME_TAKEN')
    }
  })

  test('8 concurrent creations of one name: exactly one 201', async () => {
    await exactlyOneWins(8, () => create({ name: 'Équipe concurrente' }), { winStatus: 201, loseStatus: 409 })
    assert.equal((await list()).filter((x) => x.name === 'Équipe concurrente').length, 1)
  })
})

describe('permissions', () => {
  test('401 without a token', async () => {
    assert.equal((await t.request('GET', '/teams')).status, 401)
    assert.equal((await t.request('POST', '/teams', { body: { name: 'X' } })).status, 401)
    assert.equal((await t.request('PATCH', `/teams/${MISSING}`, { body: { name: 'X' } })).status, 401)
  })

  test('403 for roles without PEOPLE_TEAMS, and for a Technicien creating', async () => {
    for (const role of ['Demandeur', 'Technicien limité'] as const) {
      const res = await t.request('GET', '/teams', { token: await t.tokenFor(role) })
      assert.equal(res.status, 403, role)
      assert.equal(res.body.error.code, 'FORBIDDEN')
    }
    const tech = await t.tokenFor('Technicien')
    assert.equal((await t.request('GET', '/teams', { token: tech })).status, 200)
    assert.equal((await create({ name: 'Équipe du technicien' }, tech)).status, 403)
    const { body: team } = await create({ name: 'Équipe à renommer' })
    assert.equal((await patch(team.id, { name: 'Renommée' }, tech)).status, 403)
  })

  test('without view-other: only own teams listed, others answer 404', async () => {
    const gest = await roleByName(t.app.deps.database.db, 'Gestionnaire')
    await setPermission(t.app.deps.database.db, gest.id, {
      objectCategory: 'PEOPLE_TEAMS', canView: true, canViewOther: false, canCreate: true, canEdit: true, canDelete: false,
    })
    await t.app.deps.cache.del(`perm:${gest.id}`)
    const me = await t.userWithRole('Gestionnaire')
    const mine = (await create({ name: 'Scope — la mienne', memberIds: [me.id] })).body
    const other = (await create({ name: 'Scope — une autre' })).body
    assert.deepEqual((await list(me.token)).map((x) => x.id), [mine.id])
    const res = await patch(other.id, { description: 'x' }, me.token)
    assert.equal(res.status, 404)
    assert.equal(res.body.error.code, 'NOT_FOUND')
    assert.equal((await patch(mine.id, { description: 'ok' }, me.token)).status, 200)
  })
})

describe('updateTeam', () => {
  test('renames, changes and clears the description, keeps members when not given', async () => {
    const tech = await t.userWithRole('Technicien')
    const { body: team } = await create({ name: 'Équipe Est', description: 'Ancienne', memberIds: [tech.id] })
    let res = await patch(team.id, { name: ' Équipe Est bis ', description: 'Nouvelle' })
    assert.equal(res.status, 200)
    assert.equal(res.body.name, 'Équipe Est bis')
    assert.equal(res.body.description, 'Nouvelle')
    assert.deepEqual(res.body.members.map((m: any) => m.id), [tech.id])
    res = await patch(team.id, { description: null })
    assert.equal(res.body.description, null)
    assert.equal(res.body.name, 'Équipe Est bis')
    assert.deepEqual((await list()).find((x) => x.id === team.id), res.body)
  })

  test('memberIds replaces the whole list', async () => {
    const [a, b, c] = await Promise.all([t.userWithRole('Technicien'), t.userWithRole('Technicien'), t.userWithRole('Dispatcher')])
    const { body: team } = await create({ name: 'Équipe Ouest', memberIds: [a.id, b.id] })
    let res = await patch(team.id, { memberIds: [b.id, c.id] })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.members.map((m: any) => m.id).sort(), [b.id, c.id].sort())
    assert.equal(res.body.memberCount, 2)
    res = await patch(team.id, { memberIds: [] })
    assert.deepEqual(res.body.members, [])
    assert.equal(res.body.memberCount, 0)
    assert.equal((await list()).find((x) => x.id === team.id).memberCount, 0)
  })

  test('concurrent replacements of one member list all succeed, one of them wins whole', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => t.userWithRole('Technicien')))
    const { body: team } = await create({ name: 'Équipe disputée' })
    const lists = [[0, 1], [1, 2], [2, 3], [3, 0], [0, 1, 2, 3]].map((ix) => ix.map((i) => people[i].id))
    const results = await Promise.all(lists.map((memberIds) => patch(team.id, { memberIds })))
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200, 200, 200])
    const final = (await list()).find((x) => x.id === team.id).members.map((m: any) => m.id).sort()
    assert.ok(lists.some((l) => JSON.stringify([...l].sort()) === JSON.stringify(final)), 'never a mix of two lists')
  })

  test('400 on invalid input, 404 on an unknown id', async () => {
    const { body: team } = await create({ name: 'Équipe test 400' })
    for (const body of [{}, { name: '' }, { name: 'b'.repeat(81) }, { members: [] }, { memberIds: ['nope'] }]) {
      const res = await patch(team.id, body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.error.code, 'VALIDATION_ERROR')
    }
    const res = await patch(team.id, { memberIds: [MISSING] })
    assert.equal(res.status, 400)
    assert.equal(res.body.error.code, 'UNKNOWN_USER')
    assert.equal(res.body.error.details[0].field, 'memberIds')
    assert.equal((await t.request('PATCH', '/teams/not-a-uuid', { token: admin, body: { name: 'X' } })).status, 400)
    const missing = await patch(MISSING, { name: 'X' })
    assert.equal(missing.status, 404)
    assert.equal(missing.body.error.code, 'NOT_FOUND')
  })

  test('409 when renaming onto another team; a change of case of its own name is fine', async () => {
    await create({ name: 'Équipe Alpha' })
    const { body: team } = await create({ name: 'Équipe Bêta' })
    const res = await patch(team.id, { name: 'équipe alpha' })
    assert.equal(res.status, 409)
    assert.equal(res.body.error.code, 'TEAM_NAME_TAKEN')
    const ok = await patch(team.id, { name: 'ÉQUIPE BÊTA' })
    assert.equal(ok.status, 200)
    assert.equal(ok.body.name, 'ÉQUIPE BÊTA')
  })
})

describe('listTeams', () => {
  test('sorted by name, case-insensitively', async () => {
    for (const name of ['tri bravo', 'Tri alpha', 'TRI charlie']) assert.equal((await create({ name })).status, 201)
    const names = (await list()).map((x) => x.name).filter((n: string) => n.toLowerCase().startsWith('tri '))
    assert.deepEqual(names, ['Tri alpha', 'tri bravo', 'TRI charlie'])
  })

  test('a member disabled later stays listed as disabled; an invited one as invited', async () => {
    const tech = await t.userWithRole('Technicien')
    const { body: team } = await create({ name: 'Équipe statuts', memberIds: [tech.id] })
    assert.equal((await t.request('PATCH', `/users/${tech.id}`, { token: admin, body: { isActive: false } })).status, 200)
    const roles = (await t.request('GET', '/roles', { token: admin })).body.roles as { id: string; name: string }[]
    const invited = await t.request('POST', '/users/invitations', {
      token: admin,
      body: { email: 'invite.equipe@test.palier', displayName: 'Zoé Invitée', roleId: roles.find((r) => r.name === 'Technicien')!.id, teamIds: [team.id] },
    })
    assert.equal(invited.status, 201)
    const listed = (await list()).find((x) => x.id === team.id)
    assert.equal(listed.memberCount, 2)
    assert.deepEqual(listed.members.map((m: any) => [m.displayName, m.status]), [['Test Technicien', 'disabled'], ['Zoé Invitée', 'invited']])
    assert.equal(listed.members[1].initials, 'ZI')
  })
})
