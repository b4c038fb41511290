import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { CATEGORIES, ROLE_NAMES, defaultMatrix, rightsInclude } from './access.matrix.ts'
import { MATRIX_CACHE_SECONDS, MATRIX_LOCAL_SECONDS } from './access.service.ts'

const clock = new ManualClock('2026-11-23T09:00:00Z')
let t: TestApp
before(async () => { t = await startTestApp({ build: { clock } }) })
after(() => t.close())

test('the store holds 7 roles × 10 categories = 70 rows, seeded with the default matrix', async () => {
  const rows = await t.app.deps.database.db.execute(sql`SELECT r.name, p.object_category, p.can_view, p.can_view_other, p.can_create, p.can_edit, p.can_delete FROM permissions p JOIN roles r ON r.id = p.role_id`)
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows ?? (rows as unknown as Record<string, unknown>[])
  assert.equal(list.length, 70)
  for (const role of ROLE_NAMES) {
    for (const d of defaultMatrix(role)) {
      const row = list.find((r) => r.name === role && r.object_category === d.objectCategory)!
      assert.deepEqual([row.can_view, row.can_view_other, row.can_create, row.can_edit, row.can_delete],
        [d.canView, d.canViewOther, d.canCreate, d.canEdit, d.canDelete], `${role} ${d.objectCategory}`)
    }
  }
})

test('getMe returns the ten rows of the caller’s role', async () => {
  const me = await t.request('GET', '/users/me', { token: await t.tokenFor('Technicien limité') })
  assert.deepEqual(me.body.permissions.map((p: { objectCategory: string }) => p.objectCategory).sort(), [...CATEGORIES].sort())
  const wo = me.body.permissions.find((p: { objectCategory: string }) => p.objectCategory === 'WORK_ORDERS')
  assert.deepEqual(wo, { objectCategory: 'WORK_ORDERS', canView: true, canViewOther: false, canCreate: false, canEdit: true, canDelete: false })
})

test('a change in the store takes effect within 60 seconds', async (c) => {
  const token = await t.tokenFor('Vue seule')
  assert.equal((await t.request('GET', '/teams', { token })).status, 200)
  const setView = (on: boolean) => t.app.deps.database.db.execute(sql`UPDATE permissions SET can_view = ${on} WHERE object_category = 'PEOPLE_TEAMS' AND role_id = (SELECT id FROM roles WHERE name = 'Vue seule')`)
  await setView(false)
  // Put back afterwards: the other tests of this file read the default matrix.
  c.after(() => setView(true))
  // Still cached right after the change…
  assert.equal((await t.request('GET', '/teams', { token })).status, 200)
  const roleId = (await t.request('GET', '/users/me', { token })).body.role.id
  if (t.app.deps.cache.kind === 'redis') {
    // …for at most 60 seconds of Redis' own clock; expire it as Redis would.
    const { Redis } = await import('ioredis')
    const redis = new Redis(process.env.REDIS_URL!)
    const ttl = await redis.ttl(`${t.app.deps.config.redisKeyPrefix}perm:${roleId}`)
    await redis.del(`${t.app.deps.config.redisKeyPrefix}perm:${roleId}`)
    redis.disconnect()
    assert.ok(ttl > 0 && ttl <= MATRIX_CACHE_SECONDS - MATRIX_LOCAL_SECONDS, `ttl ${ttl}`)
    // …then this process' own copy, for at most the remaining few seconds.
    clock.advance(MATRIX_LOCAL_SECONDS * 1000)
  } else {
    clock.advance((MATRIX_CACHE_SECONDS + 1) * 1000)
  }
  const after = await t.request('GET', '/teams', { token })
  assert.equal(after.status, 403)
  assert.equal(after.body.error.code, 'FORBIDDEN')
})

test('rightsInclude: every flag of the target in every category must be the caller’s; a missing row holds nothing', () => {
  const admin = defaultMatrix('Administrateur')
  for (const role of ROLE_NAMES) {
    assert.equal(rightsInclude(admin, defaultMatrix(role)), true, role)
    assert.equal(rightsInclude(defaultMatrix(role), defaultMatrix(role)), true, role)
  }
  assert.equal(rightsInclude(defaultMatrix('Gestionnaire'), defaultMatrix('Vue seule')), true)
  assert.equal(rightsInclude(defaultMatrix('Gestionnaire'), defaultMatrix('Dispatcher')), false)
  assert.equal(rightsInclude(defaultMatrix('Vue seule'), defaultMatrix('Demandeur')), false) // REQUESTS create
  // One flag is enough to refuse: view-other alone on one category.
  const viewer = defaultMatrix('Vue seule')
  const withoutOne = viewer.map((r) => (r.objectCategory === 'METERS' ? { ...r, canViewOther: false } : r))
  assert.equal(rightsInclude(withoutOne, viewer), false)
  assert.equal(rightsInclude(viewer, withoutOne), true)
  assert.equal(rightsInclude(viewer.filter((r) => r.objectCategory !== 'METERS'), viewer), false)
  assert.equal(rightsInclude([], defaultMatrix('Demandeur')), false)
  assert.equal(rightsInclude([], []), true)
})
