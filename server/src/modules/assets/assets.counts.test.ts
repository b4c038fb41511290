// The stored counts (assets.component_count, locations.asset_count, migration 0003) always
// equal the counts recomputed from the rows, after every kind of write, concurrent ones
// included; and the answers built from them are those the rows give.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: string
const cat: Record<string, string> = {}
const loc: Record<string, string> = {}
const db = () => t.app.deps.database.db
// A raw query's rows, whichever driver answered.
const rowsOf = <R>(r: unknown): R[] => ((r as { rows?: R[] }).rows ?? (r as R[]))

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  cat.elevator = await insertCategory(t, 'EQUIPMENT', 'Ascenseur (compteurs)')
  cat.door = await insertCategory(t, 'COMPONENT_TYPE', 'Porte (compteurs)')
  loc.s1 = await createLocation(t, admin, { name: 'Compteurs S1' })
  loc.s2 = await createLocation(t, admin, { name: 'Compteurs S2' })
  loc.s3 = await createLocation(t, admin, { name: 'Compteurs S3' })
  loc.z1 = await createLocation(t, admin, { name: 'Z1', parentId: loc.s1 })
  loc.z2 = await createLocation(t, admin, { name: 'Z2', parentId: loc.s2 })
})
after(() => t.close())

async function create(reference: string, locationId: string, components = 0): Promise<string> {
  const res = await t.request('POST', '/assets', { token: admin, body: {
    reference, brand: 'Otis', categoryId: cat.elevator, locationId, components: Array.from({ length: components }, () => ({ typeId: cat.door })),
  } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id
}
const ok = (res: { status: number; body: unknown }, status = 200) => assert.equal(res.status, status, JSON.stringify(res.body))
const move = async (id: string, locationId: string) => ok(await t.request('PATCH', `/assets/${id}`, { token: admin, body: { locationId } }))
const addComponent = async (id: string) => {
  const res = await t.request('POST', `/assets/${id}/components`, { token: admin, body: { typeId: cat.door } })
  ok(res, 201)
  return res.body.id as string
}
const removeComponent = async (id: string, componentId: string) => ok(await t.request('DELETE', `/assets/${id}/components/${componentId}`, { token: admin }), 204)

/** Stored counts that differ from the rows (empty: all equal), and the API's against the rows. */
async function assertCountsMatchRows() {
  const wrong = await db().execute(sql`
    SELECT 'asset ' || a.reference AS what, a.component_count AS stored,
      (SELECT count(*)::int FROM asset_components c WHERE c.asset_id = a.id AND c.removed_at IS NULL) AS actual FROM assets a
    UNION ALL
    SELECT 'location ' || l.name, l.asset_count, (SELECT count(*)::int FROM assets a WHERE a.location_id = l.id) FROM locations l`)
  assert.deepEqual(rowsOf<{ stored: number; actual: number }>(wrong).filter((r) => r.stored !== r.actual), [])

  const fleet = (await db().execute(sql`
    SELECT l.id, (SELECT count(*)::int FROM assets a JOIN locations p ON p.id = a.location_id WHERE p.id = l.id OR p.parent_id = l.id) AS n
    FROM locations l`).then((r) => rowsOf<{ id: string; n: number }>(r)))
  const listed = (await t.request('GET', '/locations', { token: admin })).body.locations as { id: string; assetCount: number }[]
  assert.deepEqual(Object.fromEntries(listed.map((l) => [l.id, l.assetCount])), Object.fromEntries(fleet.map((r) => [r.id, r.n])))
}

// Drizzle wraps the driver's error; the constraint's name is on its cause.
const violates = (constraint: string) => (err: any) => (err.cause ?? err).constraint === constraint

describe('stored counts', () => {
  test('equal the rows after creates, moves, component changes and location moves, concurrent ones included', async () => {
    const a = await create('CNT-A', loc.z1, 3)
    const b = await create('CNT-B', loc.s1, 1)
    const c = await create('CNT-C', loc.s3)
    await assertCountsMatchRows()

    // Concurrent creations in one place and in another site's zone.
    await Promise.all(Array.from({ length: 8 }, (_, i) => create(`CNT-P${i}`, i % 2 ? loc.z2 : loc.z1, i % 3)))
    // Opposite moves at once (locations updated in id order: no deadlock), and a no-op move.
    await Promise.all([move(a, loc.s2), move(b, loc.z2), move(c, loc.s3)])
    await Promise.all([move(a, loc.z2), move(b, loc.s2)])
    await assertCountsMatchRows()

    // Concurrent component changes on one asset.
    const fitted = (await t.request('GET', `/assets/${a}`, { token: admin })).body.components.map((x: { id: string }) => x.id) as string[]
    await Promise.all([addComponent(a), addComponent(a), removeComponent(a, fitted[0]), removeComponent(a, fitted[1])])
    const detail = (await t.request('GET', `/assets/${a}`, { token: admin })).body
    assert.equal(detail.componentCount, 3)
    assert.equal(detail.components.length, 3)
    await assertCountsMatchRows()

    // A zone moved to another site, a site with assets turned into a zone (LocationUpdate
    // cannot make a zone a site: parentId takes no null).
    ok(await t.request('PATCH', `/locations/${loc.z1}`, { token: admin, body: { parentId: loc.s2 } }))
    ok(await t.request('PATCH', `/locations/${loc.s3}`, { token: admin, body: { parentId: loc.s1 } }))
    await assertCountsMatchRows()
    // Then assets moved in and out of those places at once.
    await Promise.all([move(a, loc.s3), move(c, loc.z1), create('CNT-D', loc.s3, 2)])
    await assertCountsMatchRows()
  })

  test('the database refuses a negative count', async () => {
    await assert.rejects(db().execute(sql`UPDATE assets SET component_count = -1 WHERE reference = 'CNT-A'`), violates('assets_component_count_check'))
    await assert.rejects(db().execute(sql`UPDATE locations SET asset_count = -1 WHERE id = ${loc.s1}`), violates('locations_asset_count_check'))
  })

  test('the migration’s backfill recomputes every count from the rows', async () => {
    // Counts made wrong behind the triggers' back, then the backfill statements of 0003.
    await db().execute(sql`UPDATE assets SET component_count = component_count + 5`)
    await db().execute(sql`UPDATE locations SET asset_count = asset_count + 7`)
    const migration = readFileSync(new URL('../../db/migrations/0003_stored_counts.sql', import.meta.url), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => /^(--.*\n)*UPDATE/.test(s))
    assert.equal(backfill.length, 2)
    for (const statement of backfill) await db().execute(sql.raw(statement))
    await assertCountsMatchRows()
  })
})
