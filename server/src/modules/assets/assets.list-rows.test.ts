// The register's rows are kept by the writers (migration 0016) and sent as stored: after every
// kind of write that changes what a row shows (the elevator edited, a component fitted or
// removed, its category or place renamed, its zone moved to another site), the listed row
// reads exactly as the elevator's own detail does, field for field, and no stored row differs
// from one built afresh.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'

const LIST_FIELDS = ['id', 'reference', 'brand', 'model', 'serialNumber', 'commissionedAt', 'loadKg', 'floors', 'status',
  'categoryId', 'categoryName', 'locationId', 'locationName', 'siteName', 'componentCount']

let t: TestApp
let admin: string
let category: string, otherCategory: string, doorType: string
let site: string, zone: string, otherSite: string
let assetId: string

/** The elevator's listed row, checked against its detail's fields of the same names. */
async function assertRowFollows() {
  const page = ok(await t.api.listAssets({ query: { limit: 200 } }, admin)).assets
  const row = page.find((a: { id: string }) => a.id === assetId)
  assert.ok(row, 'the elevator is listed')
  const detail = ok(await t.api.getAsset({ params: { id: assetId } }, admin))
  assert.deepEqual(Object.keys(row), LIST_FIELDS)
  assert.deepEqual(row, Object.fromEntries(LIST_FIELDS.map((k) => [k, (detail as Record<string, unknown>)[k]])))
  const { rows } = await t.app.deps.database.db.execute(sql`SELECT count(*)::int AS n FROM assets a WHERE a.list_row IS DISTINCT FROM json_stored(asset_list_row(a))`) as unknown as { rows: { n: number }[] }
  assert.equal(rows[0].n, 0, 'no stored row differs from one built afresh')
  return row
}

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  category = await insertCategory(t, 'EQUIPMENT', 'Ascenseur électrique (lignes)')
  otherCategory = await insertCategory(t, 'EQUIPMENT', 'Ascenseur hydraulique (lignes)')
  doorType = await insertCategory(t, 'COMPONENT_TYPE', 'Opérateur de porte (lignes)')
  site = await createLocation(t, admin, { name: 'Résidence des Tilleuls' })
  zone = await createLocation(t, admin, { name: 'Bâtiment B', parentId: site })
  otherSite = await createLocation(t, admin, { name: 'Gare de l’Est' })
  assetId = ok(await t.api.createAsset({ body: {
    reference: 'TIL-B-01', brand: 'Otis', model: 'Gen2 « Comfort »', serialNumber: 'OT-1', commissionedAt: '2012-06-15T10:30:00.123+02:00',
    loadKg: 630, floors: 9, categoryId: category, locationId: zone, components: [{ typeId: doorType, brand: 'Sematic' }],
  } }, admin)).id
})
after(() => t.close())

describe('listed elevators kept by the writers', () => {
  test('a new elevator is listed as its detail reads', async () => {
    const row = await assertRowFollows()
    assert.equal(row.componentCount, 1)
    assert.equal(row.siteName, 'Résidence des Tilleuls')
  })

  test('every listed field edited, the status and the category changed', async () => {
    ok(await t.api.updateAsset({ params: { id: assetId }, body: {
      reference: 'TIL-B-02', brand: 'Schindler', model: null, serialNumber: 'SC-9', commissionedAt: '2015-01-01T00:00:00Z',
      loadKg: 1000, floors: 12, status: 'OUT_OF_SERVICE', categoryId: otherCategory,
    } }, admin))
    const row = await assertRowFollows()
    assert.equal(row.reference, 'TIL-B-02')
    assert.equal(row.status, 'OUT_OF_SERVICE')
  })

  test('a component fitted, then removed: the count follows', async () => {
    const added = ok(await t.api.addAssetComponent({ params: { id: assetId }, body: { typeId: doorType, brand: 'Fermator' } }, admin))
    assert.equal((await assertRowFollows()).componentCount, 2)
    ok(await t.api.removeAssetComponent({ params: { id: assetId, componentId: added.id } }, admin))
    assert.equal((await assertRowFollows()).componentCount, 1)
  })

  test('its category and its places renamed, its zone moved to another site, the elevator moved back to a site', async () => {
    ok(await t.api.updateCategory({ params: { id: otherCategory }, body: { name: 'Monte-charge (lignes)' } }, admin))
    assert.equal((await assertRowFollows()).categoryName, 'Monte-charge (lignes)')
    ok(await t.api.updateLocation({ params: { id: zone }, body: { name: 'Bâtiment C' } }, admin))
    assert.equal((await assertRowFollows()).locationName, 'Bâtiment C')
    ok(await t.api.updateLocation({ params: { id: site }, body: { name: 'Résidence du Parc' } }, admin))
    assert.equal((await assertRowFollows()).siteName, 'Résidence du Parc')
    ok(await t.api.updateLocation({ params: { id: zone }, body: { parentId: otherSite } }, admin))
    assert.equal((await assertRowFollows()).siteName, 'Gare de l’Est')
    ok(await t.api.updateAsset({ params: { id: assetId }, body: { locationId: site } }, admin))
    const row = await assertRowFollows()
    assert.deepEqual([row.locationName, row.siteName], ['Résidence du Parc', 'Résidence du Parc'])
  })
})
