import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset } from '../requests/requests.fixtures.ts'
import { insertOrder } from './search.fixtures.ts'
import { RECENT } from './search.queries.ts'

let t: TestApp
let admin: { id: string; token: string }
let siteA: string
let siteB: string
let a1: { id: string; reference: string }
let b1: { id: string; reference: string }
const o: Record<string, { id: string; number: number; reference: string }> = {}
const tag = `${process.pid}`

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteA = await createLocation(t, admin.token, { name: 'Résidence Les Églantiers', address: '12 rue des Lilas', city: 'Mâcon' })
  const zoneA = await createLocation(t, admin.token, { name: 'Bâtiment C', parentId: siteA })
  siteB = await createLocation(t, admin.token, { name: 'Tour Horizon', address: '3 avenue du Port', city: 'Nantes' })
  a1 = await insertAsset(t, { categoryId, locationId: zoneA, reference: `EGL-${tag}-A1`, brand: 'Kone', model: 'MonoSpace' })
  b1 = await insertAsset(t, { categoryId, locationId: siteB, reference: `HOR-${tag}-B1`, brand: 'Otis' })
  o.a = await insertOrder(t, { assetId: a1.id, description: 'Ascenseur bloqué au 3e étage' })
  o.b = await insertOrder(t, { assetId: b1.id, description: 'Bruit de câble dans la gaine' })
  for (let i = 0; i < 7; i++) await insertOrder(t, { assetId: b1.id, description: `Graissage des guides n°${i}` })
})
after(() => t.close())

const search = async (q: string, token = admin.token) => ok(await t.api.globalSearch({ query: { q } }, token))

describe('globalSearch', () => {
  test('a work order by its reference, with or without the zero padding, with exact fields', async () => {
    for (const q of [o.a.reference, `OT-${o.a.number}`, `ot ${o.a.number}`]) {
      const res = await search(q)
      assert.deepEqual(res.workOrders[0], {
        id: o.a.id, reference: o.a.reference, type: 'CORRECTIVE', status: 'OPEN', description: 'Ascenseur bloqué au 3e étage',
        assetReference: a1.reference, siteName: 'Résidence Les Églantiers',
      }, q)
    }
  })

  test('words ignore accents and letter case, and match French stems', async () => {
    for (const q of ['ascenseür', 'ASCENSEUR', 'ascenseurs bloqués', 'etage']) {
      assert.deepEqual((await search(q)).workOrders.map((w) => w.id), [o.a.id], q)
    }
    assert.deepEqual((await search('câbles')).workOrders.map((w) => w.id), [o.b.id])
  })

  test('an elevator by part of its reference, with exact fields; by brand', async () => {
    const res = await search(`${tag}-a`)
    assert.deepEqual(res.assets, [{ id: a1.id, reference: a1.reference, brand: 'Kone', model: 'MonoSpace', status: 'IN_SERVICE', siteName: 'Résidence Les Églantiers' }])
    assert.deepEqual((await search('otis')).assets.map((a) => a.id), [b1.id])
  })

  test('a site by part of its name (accents ignored), by its address or city, with exact fields', async () => {
    const expected = [{ id: siteA, name: 'Résidence Les Églantiers', address: '12 rue des Lilas', city: 'Mâcon' }]
    assert.deepEqual((await search('eglant')).sites, expected)
    assert.deepEqual((await search('LILAS')).sites, expected)
    assert.deepEqual((await search('macon')).sites, expected)
    // Zones are not sites.
    assert.deepEqual((await search('Bâtiment C')).sites, [])
  })

  test('at most 5 results per family', async () => {
    const res = await search('graissage')
    assert.equal(res.workOrders.length, 5)
  })

  test('400 without q, with an empty or too long q, or an unknown field; 401 without a token', async () => {
    assertError(await t.request('GET', '/search', { token: admin.token }), 400)
    assertError(await t.request('GET', '/search?q=', { token: admin.token }), 400)
    assertError(await t.request('GET', `/search?q=${'a'.repeat(101)}`, { token: admin.token }), 400)
    assertError(await t.request('GET', '/search?q=a&x=1', { token: admin.token }), 400)
    assertError(await t.request('GET', '/search?q=a'), 401)
  })

  test('each family only with its view right: a Demandeur finds no work orders', async () => {
    const demandeur = await t.userWithRole('Demandeur')
    const res = await search('ascenseur', demandeur.token)
    assert.deepEqual(res.workOrders, [])
    assert.deepEqual((await search(a1.reference, demandeur.token)).assets.map((a) => a.id), [a1.id])
    assert.deepEqual((await search('eglantiers', demandeur.token)).sites.map((s) => s.id), [siteA])
  })

  test('without view-other on WORK_ORDERS, only the orders the caller created or is assigned to', async () => {
    const limited = await t.userWithRole('Technicien limité')
    const mine = await insertOrder(t, { assetId: a1.id, description: 'Ascenseur lent', assigneeId: limited.id })
    const created = await insertOrder(t, { assetId: b1.id, description: 'Ascenseur bruyant', createdBy: limited.id })
    const ids = (await search('ascenseur', limited.token)).workOrders.map((w) => w.id).sort()
    assert.deepEqual(ids, [mine.id, created.id].sort())
    assert.deepEqual((await search(o.a.reference, limited.token)).workOrders, [])
  })

  test('a caller assigned to a site never finds the records of other sites', async () => {
    const dispatcher = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    const res = await search('ascenseur', dispatcher.token)
    assert.ok(res.workOrders.every((w) => w.siteName === 'Tour Horizon'))
    assert.deepEqual((await search(o.a.reference, dispatcher.token)).workOrders, [])
    assert.deepEqual((await search(a1.reference, dispatcher.token)).assets, [])
    assert.deepEqual((await search('eglantiers', dispatcher.token)).sites, [])
    assert.deepEqual((await search('horizon', dispatcher.token)).sites.map((s) => s.id), [siteB])
    assert.deepEqual((await search(o.b.reference, dispatcher.token)).workOrders.map((w) => w.id), [o.b.id])
  })
})

describe('globalSearch past the newest orders', () => {
  test('matches older than the newest orders read first are found, the newest of all first', async () => {
    const newest = (d: string) => `${d}T08:00:00Z`
    const old1 = await insertOrder(t, { assetId: a1.id, description: 'Câble de traction effiloché', createdAt: newest('2020-01-01') })
    const old2 = await insertOrder(t, { assetId: a1.id, description: 'Câble effiloché, remplacement prévu', createdAt: newest('2020-02-01') })
    const recent = await insertOrder(t, { assetId: b1.id, description: 'Poulie et câble effilochés', createdAt: newest('2030-01-02') })
    // The newest orders of all: none mentions the word.
    await t.app.deps.database.db.execute(sql`
      INSERT INTO work_orders (id, reference, number, type, asset_id, description, created_at)
      SELECT gen_random_uuid(), 'OT-' || (900000 + i), 900000 + i, 'CORRECTIVE', ${b1.id}::uuid, 'Contrôle périodique', '2030-01-01'::timestamptz + i * interval '1 minute'
      FROM generate_series(1, ${RECENT}) i`)
    const res = await search('effiloché')
    assert.deepEqual(res.workOrders.map((w) => w.id), [recent.id, old2.id, old1.id])
    assert.equal((await search('périodique')).workOrders.length, 5)
  })
})
