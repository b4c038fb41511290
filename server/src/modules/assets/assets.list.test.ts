import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { categories } from '../categories/categories.tables.ts'
import { assets } from './assets.tables.ts'
import { assertError, createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'

const LIST_FIELDS = ['id', 'reference', 'brand', 'model', 'serialNumber', 'commissionedAt', 'loadKg', 'floors', 'status',
  'categoryId', 'categoryName', 'locationId', 'locationName', 'siteName', 'componentCount']

let t: TestApp
let admin: string
let tech: string
let family: string
let family2: string
let doorType: string
// North: a site with two zones; South: a site with none.
const loc: Record<string, string> = {}

const db = () => t.app.deps.database.db
const category = (kind: 'EQUIPMENT' | 'COMPONENT_TYPE', name: string, isActive = true) => insertCategory(t, kind, name, isActive)
const location = (body: Record<string, unknown>) => createLocation(t, admin, body)
async function create(body: Record<string, unknown>) {
  const res = await t.request('POST', '/assets', { token: admin, body: { brand: 'Kone', categoryId: family, locationId: loc.north, ...body } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
/** One page: the body (exactly `{ assets }`) and the cursor of the `Link: rel="next"` header. */
async function listAll(query: string, token = tech) {
  const res = await t.request('GET', `/assets?${query}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.deepEqual(Object.keys(res.body), ['assets'])
  return { assets: res.body.assets as any[], nextCursor: nextPage(res.headers)?.cursor ?? null, link: res.headers.link as string | undefined }
}
const refs = async (query: string, token = tech) => (await listAll(query, token)).assets.map((a) => a.reference)

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  tech = await t.tokenFor('Technicien')
  family = await category('EQUIPMENT', 'Ascenseur (liste)')
  family2 = await category('EQUIPMENT', 'Escalier mécanique (liste)')
  doorType = await category('COMPONENT_TYPE', 'Porte (liste)')
  loc.north = await location({ name: 'Parc Nord' })
  loc.northA = await location({ name: 'Hall A', parentId: loc.north })
  loc.northB = await location({ name: 'Hall B', parentId: loc.north })
  loc.south = await location({ name: 'Résidence Sud' })
  loc.empty = await location({ name: 'Site vide' })
  loc.emptyZone = await location({ name: 'Zone vide', parentId: loc.empty })
  await create({ reference: 'FLT-001', brand: 'Otis', model: 'Gen2', serialNumber: 'SN-ALPHA', locationId: loc.north, components: [{ typeId: doorType }, { typeId: doorType }] })
  await create({ reference: 'flt-002', brand: 'Schindler', locationId: loc.northA, status: 'OUT_OF_SERVICE', underContract: true })
  await create({ reference: 'FLT-003', brand: 'TK Elevator', locationId: loc.northB, categoryId: family2, underContract: true })
  await create({ reference: 'FLT-004', brand: 'Orona', model: '3G_100%', locationId: loc.south, status: 'UNDER_MAINTENANCE' })
})
after(() => t.close())

describe('listAssets', () => {
  test('each item has exactly the 15 fields: names of category, location and site, fitted component count', async () => {
    const { assets: items, nextCursor } = await listAll('q=FLT-')
    assert.equal(nextCursor, null)
    assert.deepEqual(items.map((a) => a.reference), ['FLT-001', 'flt-002', 'FLT-003', 'FLT-004'])
    for (const a of items) assert.deepEqual(Object.keys(a), LIST_FIELDS)
    const [a1, a2] = items
    assert.deepEqual({ ...a1, id: undefined }, {
      id: undefined, reference: 'FLT-001', brand: 'Otis', model: 'Gen2', serialNumber: 'SN-ALPHA', commissionedAt: null, loadKg: null, floors: null,
      status: 'IN_SERVICE', categoryId: family, categoryName: 'Ascenseur (liste)', locationId: loc.north, locationName: 'Parc Nord',
      siteName: 'Parc Nord', componentCount: 2,
    })
    assert.deepEqual([a2.locationName, a2.siteName, a2.componentCount], ['Hall A', 'Parc Nord', 0])
  })

  test('filters: site (with its zones), location, category, status, contract, text', async () => {
    assert.deepEqual(await refs(`siteId=${loc.north}`), ['FLT-001', 'flt-002', 'FLT-003'])
    assert.deepEqual(await refs(`siteId=${loc.northA}`), [], 'a zone is not a site')
    assert.deepEqual(await refs(`locationId=${loc.north}`), ['FLT-001'])
    assert.deepEqual(await refs(`locationId=${loc.northB}`), ['FLT-003'])
    assert.deepEqual(await refs(`categoryId=${family2}`), ['FLT-003'])
    assert.deepEqual(await refs('status=OUT_OF_SERVICE&q=FLT'), ['flt-002'])
    assert.deepEqual(await refs('underContract=true&q=FLT'), ['flt-002', 'FLT-003'])
    assert.deepEqual(await refs('underContract=false&q=FLT'), ['FLT-001', 'FLT-004'])
    assert.deepEqual(await refs(`underContract=true&siteId=${loc.north}&categoryId=${family}`), ['flt-002'])
    // Text: reference, brand, model, serial number, location or site name, case-insensitive.
    for (const [q, expected] of [
      ['flt-00', ['FLT-001', 'flt-002', 'FLT-003', 'FLT-004']], ['ELEVATOR', ['FLT-003']], ['gen2', ['FLT-001']],
      ['sn-alpha', ['FLT-001']], ['hall b', ['FLT-003']], ['parc nord', ['FLT-001', 'flt-002', 'FLT-003']], ['sud', ['FLT-004']],
      ['100%', ['FLT-004']], ['3G_', ['FLT-004']], ['%', ['FLT-004']], ['_1', ['FLT-004']], ['_2', []], ['introuvable', []],
    ] as [string, string[]][]) {
      assert.deepEqual(await refs(`q=${encodeURIComponent(q)}`), expected, q)
    }
  })

  test('keyset pagination over 120 assets: pages neither overlap nor miss, sorted case-insensitively', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: uuidv7(), reference: `${i % 2 ? 'pag' : 'PAG'}-${String(i + 1).padStart(3, '0')}`, brand: 'Otis',
      categoryId: family, locationId: i % 3 ? loc.south : loc.northA,
    }))
    // Inserted out of order: the order comes from the query, not from insertion.
    await db().insert(assets).values([...rows].reverse())
    const expected = rows.map((r) => r.reference)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: { assets: any[]; nextCursor: string | null; link?: string } = await listAll(`q=pag-&limit=25${cursor ? `&cursor=${cursor}` : ''}`)
      assert.ok(page.assets.length <= 25)
      seen.push(...page.assets.map((a) => a.reference))
      cursor = page.nextCursor
      pages++
    } while (cursor)
    assert.equal(pages, 5)
    assert.deepEqual(seen, expected)
    // The Link header keeps the filters and the page size, and is absent on the last page.
    const second = await listAll('q=pag-&limit=25')
    assert.match(second.link!, /^<\/api\/assets\?q=pag-&cursor=[A-Za-z0-9_-]+&limit=25>; rel="next"$/)
    // An exact multiple of the page size still ends with null.
    const full = await listAll('q=pag-&limit=120')
    assert.deepEqual([full.assets.length, full.nextCursor], [120, null])
    // Default page of 50; filters hold across pages.
    const first = await listAll('q=pag-')
    assert.equal(first.assets.length, 50)
    const south: string[] = []
    cursor = null
    do {
      const page: { assets: any[]; nextCursor: string | null; link?: string } = await listAll(`siteId=${loc.south}&q=pag&limit=7${cursor ? `&cursor=${cursor}` : ''}`)
      south.push(...page.assets.map((a) => a.reference))
      cursor = page.nextCursor
    } while (cursor)
    assert.deepEqual(south, rows.filter((r) => r.locationId === loc.south).map((r) => r.reference))
  })

  test('400 on bad query: unknown parameter, bounds, malformed cursor, bad enum or id', async () => {
    const notJson = Buffer.from('pas du json').toString('base64url')
    const wrongShape = Buffer.from(JSON.stringify({ r: 'PAG-001' })).toString('base64url')
    const badKey = Buffer.from(JSON.stringify(['pag 001', uuidv7()])).toString('base64url')
    for (const [query, field] of [
      ['page=2', 'page'], ['limit=0', 'limit'], ['limit=201', 'limit'], ['limit=abc', 'limit'], ['status=BROKEN', 'status'],
      ['siteId=x', 'siteId'], ['underContract=peut-etre', 'underContract'], ['cursor=%2F%2F', 'cursor'], [`cursor=${notJson}`, 'cursor'],
      [`cursor=${wrongShape}`, 'cursor'], [`cursor=${badKey}`, 'cursor'], ['q=', 'q'], [`q=${'x'.repeat(101)}`, 'q'],
    ]) {
      const res = await t.request('GET', `/assets?${query}`, { token: tech })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, query)
    }
  })

  test('every role may list; 401 anonymous; a Demandeur with sites sees only theirs', async () => {
    for (const role of ['Technicien limité', 'Gestionnaire', 'Vue seule', 'Dispatcher', 'Demandeur'] as const) {
      assert.equal((await t.request('GET', '/assets', { token: await t.tokenFor(role) })).status, 200, role)
    }
    assertError(await t.request('GET', '/assets'), 401)
    const scoped = await t.userWithRole('Demandeur', { siteIds: [loc.north] })
    assert.deepEqual(await refs('q=FLT', scoped.token), ['FLT-001', 'flt-002', 'FLT-003'])
    assert.deepEqual(await refs(`siteId=${loc.south}`, scoped.token), [])
    const free = await t.userWithRole('Demandeur')
    assert.deepEqual(await refs('q=FLT', free.token), ['FLT-001', 'flt-002', 'FLT-003', 'FLT-004'])
  })
})

describe('listAssetOptions', () => {
  test('any authenticated role; sorted by reference; a Demandeur with sites sees only theirs', async () => {
    for (const role of ['Technicien limité', 'Vue seule', 'Demandeur'] as const) {
      const res = await t.request('GET', '/assets/options', { token: await t.tokenFor(role) })
      assert.equal(res.status, 200, role)
      assert.deepEqual(Object.keys(res.body), ['options'])
      assert.deepEqual(Object.keys(res.body.options[0]), ['id', 'reference', 'siteName'])
    }
    // Compared with what the file stored (whatever the other tests added), not with a count.
    const all = (await t.request('GET', '/assets/options', { token: tech })).body.options
    const stored = await db().select({ reference: assets.reference }).from(assets)
    assert.equal(all.length, stored.length)
    const byRef = (a: string, b: string) => a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0
    assert.deepEqual(all.map((o: any) => o.reference), stored.map((r) => r.reference).sort(byRef))
    assert.deepEqual(all.filter((o: any) => /^flt-/i.test(o.reference)).map((o: any) => [o.reference, o.siteName]),
      [['FLT-001', 'Parc Nord'], ['flt-002', 'Parc Nord'], ['FLT-003', 'Parc Nord'], ['FLT-004', 'Résidence Sud']])
    const scoped = await t.userWithRole('Demandeur', { siteIds: [loc.north] })
    const mine = (await t.request('GET', '/assets/options', { token: scoped.token })).body.options
    assert.deepEqual(mine, all.filter((o: any) => o.siteName === 'Parc Nord'))
    assert.ok(mine.length >= 3)
    const two = await t.userWithRole('Demandeur', { siteIds: [loc.north, loc.south] })
    assert.deepEqual((await t.request('GET', '/assets/options', { token: two.token })).body.options,
      all.filter((o: any) => ['Parc Nord', 'Résidence Sud'].includes(o.siteName)))
    assertError(await t.request('GET', '/assets/options'), 401)
  })
})

describe('Location.assetCount', () => {
  test('a zone counts its own assets, a site its own plus its zones’', async () => {
    const res = await t.request('GET', '/locations', { token: admin })
    const count = (id: string) => res.body.locations.find((l: any) => l.id === id).assetCount
    // Compared with the listing's own filters, so that rows other tests add count as well.
    const listed = async (query: string) => (await listAll(`${query}&limit=200`, admin)).assets.length
    const at = { north: await listed(`locationId=${loc.north}`), northA: await listed(`locationId=${loc.northA}`), south: await listed(`siteId=${loc.south}`) }
    assert.deepEqual([count(loc.north), count(loc.northA), count(loc.northB), count(loc.south), count(loc.empty), count(loc.emptyZone)],
      [at.north + at.northA + 1, at.northA, 1, at.south, 0, 0])
    assert.equal(count(loc.north), await listed(`siteId=${loc.north}`))
    const one = await t.request('PATCH', `/locations/${loc.northB}`, { token: admin, body: { city: 'Lille' } })
    assert.equal(one.body.assetCount, 1)
  })
})
