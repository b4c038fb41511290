// The places list's rows are kept by the writers (migration 0038) and sent as stored: after
// every kind of write that changes what a row shows (its own fields, its elevators, a zone's
// elevators for its site, a site renamed for its zones, a zone moved, a partner renamed), the
// listed place must read as the answer of its own update, in the list's order, and no stored
// row, count or sort key may differ from one computed afresh.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { insertSupplier } from '../parts/parts.fixtures.ts'
import { insertAsset } from '../work-orders/work-orders.fixtures.ts'
import { createLocation } from './locations.fixtures.ts'

let t: TestApp
let admin: string
let client: string
let north: string, south: string, zoneA: string, zoneB: string

type Place = { id: string; name: string; parentId: string | null; assetCount: number; partnerName: string | null }

async function listed(): Promise<Place[]> {
  const res = await t.request('GET', '/locations', { token: admin })
  assert.equal(res.status, 200)
  return res.body.locations
}
const count = async (id: string) => (await listed()).find((l) => l.id === id)!.assetCount

/** No stored row, site total or sort key differs from one computed afresh. */
async function assertStoredFresh() {
  const { rows } = await t.app.deps.database.db.execute(sql`SELECT count(*)::int AS n FROM locations l
    WHERE l.list_row IS DISTINCT FROM json_stored(location_list_row(l))
       OR l.fleet_count IS DISTINCT FROM l.asset_count + CASE WHEN l.parent_id IS NULL
            THEN coalesce((SELECT sum(z.asset_count) FROM locations z WHERE z.parent_id = l.id), 0) ELSE 0 END
       OR l.site_sort IS DISTINCT FROM (SELECT lower(s.name) FROM locations s WHERE s.id = l.site_id)`) as unknown as { rows: { n: number }[] }
  assert.equal(rows[0].n, 0, 'no stored row differs from one built afresh')
}

/** The place as listed reads exactly as the answer of a write to it (the schema's serialiser). */
async function assertListedAsWritten(id: string) {
  const written = await t.request('PATCH', `/locations/${id}`, { token: admin, body: { city: 'Lyon' } })
  assert.equal(written.status, 200, JSON.stringify(written.body))
  assert.deepEqual((await listed()).find((l) => l.id === id), written.body)
  await assertStoredFresh()
}

before(async () => {
  t = await startTestApp()
  admin = (await t.userWithRole('Administrateur')).token
  client = await insertSupplier(t, 'Syndic « Central »', { kind: 'CLIENT' })
  north = await createLocation(t, admin, { name: 'Résidence du Nord', partnerId: client, latitude: 45.7606, longitude: 4.857, guardianName: 'Mme Lefèvre' })
  south = await createLocation(t, admin, { name: 'Résidence du Sud' })
  zoneA = await createLocation(t, admin, { name: 'Bâtiment A', parentId: north })
  zoneB = await createLocation(t, admin, { name: 'Bâtiment B', parentId: north })
})
after(() => t.close())

describe('listed places kept by the writers', () => {
  test('a new site and its zones are listed as written (accents, quotes, coordinates)', async () => {
    await assertListedAsWritten(north)
    await assertListedAsWritten(zoneA)
    const row = (await listed()).find((l) => l.id === north)!
    assert.equal(row.partnerName, 'Syndic « Central »')
  })

  test('a site counts its own elevators and its zones\', each zone its own', async () => {
    await insertAsset(t, zoneA)
    await insertAsset(t, zoneA)
    await insertAsset(t, zoneB)
    await insertAsset(t, north)
    assert.equal(await count(zoneA), 2)
    assert.equal(await count(zoneB), 1)
    assert.equal(await count(north), 4)
    await assertListedAsWritten(north)
  })

  test('an elevator moved from a zone to another site: both sites\' totals follow', async () => {
    const moving = await insertAsset(t, zoneA)
    assert.equal(await count(north), 5)
    const res = await t.request('PATCH', `/assets/${moving}`, { token: admin, body: { locationId: south } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(await count(north), 4)
    assert.equal(await count(zoneA), 2)
    assert.equal(await count(south), 1)
    await assertStoredFresh()
  })

  test('a zone moved to another site takes its count and its place in the list along', async () => {
    const res = await t.request('PATCH', `/locations/${zoneB}`, { token: admin, body: { parentId: south } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(await count(north), 3)
    assert.equal(await count(south), 2)
    const ids = (await listed()).map((l) => l.id)
    assert.deepEqual(ids.filter((id) => [north, south, zoneA, zoneB].includes(id)), [north, zoneA, south, zoneB])
    await assertListedAsWritten(zoneB)
  })

  test('a site renamed: it and its zones move in the list, sorted by name whatever the case', async () => {
    const res = await t.request('PATCH', `/locations/${south}`, { token: admin, body: { name: 'alpha Résidence' } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const ids = (await listed()).map((l) => l.id)
    assert.deepEqual(ids.filter((id) => [north, south, zoneA, zoneB].includes(id)), [south, zoneB, north, zoneA])
    await assertListedAsWritten(south)
  })

  test('the client partner renamed: its places', async () => {
    const res = await t.request('PATCH', `/partners/${client}`, { token: admin, body: { name: 'Syndic de l’Ouest' } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal((await listed()).find((l) => l.id === north)!.partnerName, 'Syndic de l’Ouest')
    await assertListedAsWritten(north)
  })

  test('elevators added at once to two zones of one site: the site counts every one', async () => {
    const site = await createLocation(t, admin, { name: 'Résidence des Concurrents' })
    const zones = [await createLocation(t, admin, { name: 'Aile 1', parentId: site }), await createLocation(t, admin, { name: 'Aile 2', parentId: site })]
    await Promise.all(Array.from({ length: 16 }, (_, i) => insertAsset(t, zones[i % 2]!)))
    assert.equal(await count(site), 16)
    assert.equal(await count(zones[0]!), 8)
    await assertStoredFresh()
  })

  test('elevators moved at once between zones of two sites, both ways: every move lands and both totals follow', async () => {
    const east = await createLocation(t, admin, { name: 'Résidence Est' })
    const west = await createLocation(t, admin, { name: 'Résidence Ouest' })
    const eastZones = [await createLocation(t, admin, { name: 'Est 1', parentId: east }), await createLocation(t, admin, { name: 'Est 2', parentId: east })]
    const westZones = [await createLocation(t, admin, { name: 'Ouest 1', parentId: west }), await createLocation(t, admin, { name: 'Ouest 2', parentId: west })]
    const fromEast = await Promise.all(Array.from({ length: 6 }, (_, i) => insertAsset(t, eastZones[i % 2]!)))
    const fromWest = await Promise.all(Array.from({ length: 6 }, (_, i) => insertAsset(t, westZones[i % 2]!)))
    const moves = [
      ...fromEast.map((id, i) => t.request('PATCH', `/assets/${id}`, { token: admin, body: { locationId: westZones[(i + 1) % 2] } })),
      ...fromWest.map((id, i) => t.request('PATCH', `/assets/${id}`, { token: admin, body: { locationId: eastZones[(i + 1) % 2] } })),
    ]
    assert.deepEqual((await Promise.all(moves)).map((r) => r.status), Array(12).fill(200))
    assert.equal(await count(east), 6)
    assert.equal(await count(west), 6)
    await assertStoredFresh()

    // Then the zones themselves, each to the other site, all at once.
    const zoneMoves = [
      ...eastZones.map((id) => t.request('PATCH', `/locations/${id}`, { token: admin, body: { parentId: west } })),
      ...westZones.map((id) => t.request('PATCH', `/locations/${id}`, { token: admin, body: { parentId: east } })),
    ]
    assert.deepEqual((await Promise.all(zoneMoves)).map((r) => r.status), Array(4).fill(200))
    assert.equal(await count(east), 6)
    assert.equal(await count(west), 6)
    await assertStoredFresh()
  })

  test('a site renamed while elevators are added to and moved out of its zones: every write lands', async () => {
    // A zone older than its site (moved there), so that its id sorts before the site's.
    const first = await createLocation(t, admin, { name: 'Résidence Première' })
    const older = await createLocation(t, admin, { name: 'Ancien bâtiment', parentId: first })
    const site = await createLocation(t, admin, { name: 'Résidence Renommée' })
    assert.equal((await t.request('PATCH', `/locations/${older}`, { token: admin, body: { parentId: site } })).status, 200)
    const leaving = await Promise.all(Array.from({ length: 4 }, () => insertAsset(t, older)))
    const writes = [
      ...Array.from({ length: 4 }, (_, i) => t.request('PATCH', `/locations/${site}`, { token: admin, body: { name: `Résidence Renommée ${i}` } })),
      ...leaving.map((id) => t.request('PATCH', `/assets/${id}`, { token: admin, body: { locationId: first } })),
    ]
    const added = Array.from({ length: 8 }, () => insertAsset(t, older))
    assert.deepEqual((await Promise.all(writes)).map((r) => r.status), Array(8).fill(200))
    await Promise.all(added)
    assert.equal(await count(site), 8)
    assert.equal(await count(first), 4)
    await assertStoredFresh()
  })
})
