// One scope pipeline: a site assignment restricts its user whatever the role (Administrateur
// excepted), on every read path, and counts follow what the caller can see.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { assertError, createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: string
const site: Record<string, string> = {}
const asset: Record<string, string> = {}
let family: string
let doorType: string

async function createAsset(reference: string, locationId: string) {
  const res = await t.request('POST', '/assets', {
    token: admin,
    body: { reference, brand: 'Otis', categoryId: family, locationId, components: [{ typeId: doorType }] },
  })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id as string
}

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  family = await insertCategory(t, 'EQUIPMENT', 'Ascenseur (portée)')
  doorType = await insertCategory(t, 'COMPONENT_TYPE', 'Porte (portée)')
  site.lyon = await createLocation(t, admin, { name: 'Agence Lyon — Part-Dieu' })
  site.lyonZone = await createLocation(t, admin, { name: 'Tour B', parentId: site.lyon })
  site.paris = await createLocation(t, admin, { name: 'Agence Paris — Bercy' })
  asset.lyon = await createAsset('SCOPE-LYON-1', site.lyon)
  asset.lyonZone = await createAsset('SCOPE-LYON-2', site.lyonZone)
  asset.paris = await createAsset('SCOPE-PARIS-1', site.paris)
})
after(() => t.close())

describe('a dispatcher assigned to the Lyon site', () => {
  let token: string
  before(async () => { token = (await t.userWithRole('Dispatcher', { siteIds: [site.lyon] })).token })

  test('lists only that site and its zone', async () => {
    const res = await t.request('GET', '/locations', { token })
    assert.deepEqual(res.body.locations.map((l: { id: string }) => l.id).sort(), [site.lyon, site.lyonZone].sort())
  })

  test('lists, picks and reads only the elevators standing there', async () => {
    const list = await t.request('GET', '/assets?q=SCOPE-', { token })
    assert.deepEqual(list.body.assets.map((a: { reference: string }) => a.reference), ['SCOPE-LYON-1', 'SCOPE-LYON-2'])
    const options = await t.request('GET', '/assets/options', { token })
    assert.ok(!options.body.options.some((o: { id: string }) => o.id === asset.paris))
    assert.ok(options.body.options.some((o: { id: string }) => o.id === asset.lyonZone))
    assert.equal((await t.request('GET', `/assets/${asset.lyonZone}`, { token })).status, 200)
    assertError(await t.request('GET', `/assets/${asset.paris}`, { token }), 404, 'NOT_FOUND')
    assertError(await t.request('GET', `/assets/${asset.paris}/meters`, { token }), 404, 'NOT_FOUND')
  })

  test('writes outside its sites answer 404 like a missing record', async () => {
    assertError(await t.request('PATCH', `/assets/${asset.paris}`, { token, body: { notes: 'x' } }), 404, 'NOT_FOUND')
    assertError(await t.request('PATCH', `/locations/${site.paris}`, { token, body: { city: 'Paris' } }), 404, 'NOT_FOUND')
    assertError(await t.request('POST', '/assets', { token, body: { reference: 'SCOPE-X', brand: 'Otis', categoryId: family, locationId: site.paris } }), 400, 'UNKNOWN_LOCATION')
  })

  test('category use counts only the elevators and components it can see', async () => {
    const res = await t.request('GET', '/categories', { token })
    const count = (id: string) => res.body.categories.find((c: { id: string }) => c.id === id).usageCount
    assert.equal(count(family), 2)
    assert.equal(count(doorType), 2)
    const all = await t.request('GET', '/categories', { token: admin })
    assert.equal(all.body.categories.find((c: { id: string }) => c.id === family).usageCount, 3)
  })
})

test('a technician assigned to a site is restricted the same way', async () => {
  const { token } = await t.userWithRole('Technicien', { siteIds: [site.paris] })
  const list = await t.request('GET', '/assets?q=SCOPE-', { token })
  assert.deepEqual(list.body.assets.map((a: { reference: string }) => a.reference), ['SCOPE-PARIS-1'])
  assertError(await t.request('GET', `/assets/${asset.lyon}/meters`, { token }), 404, 'NOT_FOUND')
})

test('an Administrateur with a site assignment still sees every site', async () => {
  const { token } = await t.userWithRole('Administrateur', { siteIds: [site.lyon] })
  const list = await t.request('GET', '/assets?q=SCOPE-', { token })
  assert.equal(list.body.assets.length, 3)
  assert.equal((await t.request('GET', `/assets/${asset.paris}`, { token })).status, 200)
})

test('no assignment means no restriction, for every role', async () => {
  const token = await t.tokenFor('Vue seule')
  const list = await t.request('GET', '/locations', { token })
  for (const id of Object.values(site)) assert.ok(list.body.locations.some((l: { id: string }) => l.id === id))
})
