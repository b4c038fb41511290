// Components of an asset, and the Demandeur site scope on every asset path.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { categories } from '../categories/categories.tables.ts'
import { assetComponents } from './assets.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { defaultMatrix } from '../access/access.matrix.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'

const COMPONENT_FIELDS = ['id', 'typeId', 'typeName', 'brand', 'model', 'serialNumber', 'installedAt', 'notes']
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
let admin: string
let dispatcher: string
const clock = new ManualClock('2025-03-10T08:00:00.000Z')
const cat: Record<string, string> = {}
let site: string
let zone: string
let otherSite: string

const db = () => t.app.deps.database.db
const category = (kind: 'EQUIPMENT' | 'COMPONENT_TYPE', name: string, isActive = true) => insertCategory(t, kind, name, isActive)
const location = (body: Record<string, unknown>) => createLocation(t, admin, body)

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  dispatcher = await t.tokenFor('Dispatcher')
  cat.traction = await category('EQUIPMENT', 'Ascenseur électrique (test)')
  cat.door = await category('COMPONENT_TYPE', 'Opérateur de porte (test)')
  cat.controller = await category('COMPONENT_TYPE', 'Armoire de commande (test)')
  cat.oldType = await category('COMPONENT_TYPE', 'Relais électromécanique (test)', false)
  site = await location({ name: 'Résidence Les Tilleuls', address: '12 rue des Tilleuls', city: 'Lyon', guardianName: 'Mme Durand', guardianPhone: '04 78 00 00 01' })
  zone = await location({ name: 'Bâtiment B', parentId: site })
  otherSite = await location({ name: 'Tour Horizon', city: 'Villeurbanne' })
})
after(() => t.close())

const base = (reference: string, extra: Record<string, unknown> = {}) => ({ reference, brand: 'Schindler', categoryId: cat.traction, locationId: site, ...extra })
async function create(body: Record<string, unknown>, token = dispatcher) {
  const res = await t.request('POST', '/assets', { token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
const patch = (id: string, body: unknown, token = dispatcher) => t.request('PATCH', `/assets/${id}`, { token, body })

describe('components', () => {
  test('add then remove: 201 AssetComponent, then 204, then 404; history kept, count follows', async () => {
    const a = await create(base('ASC-COMP', { components: [{ typeId: cat.controller }] }))
    clock.advance(1000)
    const add = await t.request('POST', `/assets/${a.id}/components`, { token: dispatcher, body: { typeId: cat.door, brand: 'Wittur', installedAt: '2024-02-29T12:00:00+01:00', notes: ' ' } })
    assert.equal(add.status, 201, JSON.stringify(add.body))
    assert.deepEqual(Object.keys(add.body), COMPONENT_FIELDS)
    assert.deepEqual({ ...add.body, id: undefined }, {
      id: undefined, typeId: cat.door, typeName: 'Opérateur de porte (test)', brand: 'Wittur', model: null, serialNumber: null,
      installedAt: '2024-02-29T11:00:00.000Z', notes: null,
    })
    const detail = (await t.request('GET', `/assets/${a.id}`, { token: dispatcher })).body
    assert.equal(detail.componentCount, 2)
    assert.equal(detail.updatedAt, clock.now().toISOString())
    const url = `/assets/${a.id}/components/${add.body.id}`
    const del = await t.request('DELETE', url, { token: dispatcher })
    assert.equal(del.status, 204)
    assert.equal(del.body, '')
    assertError(await t.request('DELETE', url, { token: dispatcher }), 404, 'NOT_FOUND')
    const after = (await t.request('GET', `/assets/${a.id}`, { token: dispatcher })).body
    assert.deepEqual([after.componentCount, after.components.map((c: any) => c.typeId)], [1, [cat.controller]])
    const list = (await t.request('GET', '/assets?q=ASC-COMP', { token: dispatcher })).body.assets
    assert.equal(list.find((x: any) => x.id === a.id).componentCount, 1)
    const [row] = await db().select().from(assetComponents).where(eq(assetComponents.id, add.body.id))
    assert.ok(row.removedAt instanceof Date)
  })

  test('400 INVALID_COMPONENT_TYPE for an EQUIPMENT, inactive or unknown type; 404 unknown asset or another asset’s component', async () => {
    const a = await create(base('ASC-COMP-2', { components: [{ typeId: cat.door }] }))
    const b = await create(base('ASC-COMP-3'))
    for (const typeId of [cat.traction, cat.oldType, MISSING]) {
      const res = await t.request('POST', `/assets/${a.id}/components`, { token: dispatcher, body: { typeId } })
      assertError(res, 400, 'INVALID_COMPONENT_TYPE')
      assert.equal(res.body.error.details[0].field, 'typeId')
    }
    assertError(await t.request('POST', `/assets/${a.id}/components`, { token: dispatcher, body: { typeId: cat.door, location: 'x' } }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('POST', `/assets/${MISSING}/components`, { token: dispatcher, body: { typeId: cat.door } }), 404, 'NOT_FOUND')
    assertError(await t.request('DELETE', `/assets/${b.id}/components/${a.components[0].id}`, { token: dispatcher }), 404, 'NOT_FOUND')
    assertError(await t.request('DELETE', `/assets/${a.id}/components/${MISSING}`, { token: dispatcher }), 404, 'NOT_FOUND')
    assert.equal((await t.request('GET', `/assets/${a.id}`, { token: dispatcher })).body.componentCount, 1)
  })

  test('401 anonymous; 403 without the edit right', async () => {
    const a = await create(base('ASC-COMP-403', { components: [{ typeId: cat.door }] }))
    const url = `/assets/${a.id}/components/${a.components[0].id}`
    assertError(await t.request('POST', `/assets/${a.id}/components`, { body: { typeId: cat.door } }), 401)
    assertError(await t.request('DELETE', url), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Demandeur'] as const) {
      const token = await t.tokenFor(role)
      assertError(await t.request('POST', `/assets/${a.id}/components`, { token, body: { typeId: cat.door } }), 403, 'FORBIDDEN')
      assertError(await t.request('DELETE', url, { token }), 403, 'FORBIDDEN')
    }
  })
})

describe('Demandeur site scope on every path', () => {
  test('detail and writes answer 404 outside the assigned sites, even with the rights', async () => {
    const mine = await create(base('ASC-SCOPE-MINE', { locationId: zone, components: [{ typeId: cat.door }] }))
    const theirs = await create(base('ASC-SCOPE-THEIRS', { locationId: otherSite, components: [{ typeId: cat.door }] }))
    const scoped = await t.userWithRole('Demandeur', { siteIds: [site] })
    assert.equal((await t.request('GET', `/assets/${mine.id}`, { token: scoped.token })).status, 200)
    assertError(await t.request('GET', `/assets/${theirs.id}`, { token: scoped.token }), 404, 'NOT_FOUND')

    const role = (await roleByName(db(), 'Demandeur'))!
    const row = defaultMatrix('Demandeur').find((r) => r.objectCategory === 'ASSETS')!
    const grant = async (on: boolean) => {
      await setPermission(db(), role.id, { ...row, canCreate: on, canEdit: on })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    await grant(true)
    try {
      const token = scoped.token
      assertError(await patch(theirs.id, { brand: 'X' }, token), 404, 'NOT_FOUND')
      assertError(await t.request('POST', `/assets/${theirs.id}/components`, { token, body: { typeId: cat.door } }), 404, 'NOT_FOUND')
      assertError(await t.request('DELETE', `/assets/${theirs.id}/components/${theirs.components[0].id}`, { token }), 404, 'NOT_FOUND')
      assertError(await patch(mine.id, { locationId: otherSite }, token), 400, 'UNKNOWN_LOCATION')
      assertError(await t.request('POST', '/assets', { token, body: base('ASC-SCOPE-NEW', { locationId: otherSite }) }), 400, 'UNKNOWN_LOCATION')
      assert.equal((await patch(mine.id, { brand: 'Kone' }, token)).status, 200)
      assert.equal((await t.request('POST', '/assets', { token, body: base('ASC-SCOPE-NEW', { locationId: zone }) })).status, 201)
    } finally {
      await grant(false)
    }
    assert.equal((await t.request('GET', `/assets/${theirs.id}`, { token: dispatcher })).body.brand, 'Schindler')
  })
})
