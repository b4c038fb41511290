import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { assetComponents, assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { STANDARD_CATEGORIES } from '../../seed/reference-data.ts'
import { assertError, exactlyOneWins, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import type { BodyOf, QueryOf } from '../../test/api-client.ts'
import { activeCategoriesOfKind } from './categories.queries.ts'

const CATEGORY_FIELDS = ['id', 'isActive', 'kind', 'name', 'usageCount']

let t: TestApp
let admin: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

// Through the typed client: bodies and queries are checked against the schemas at compile time.
const createCategory = async (body: BodyOf<'createCategory'>, token = admin) => ok(await t.api.createCategory({ body }, token))
const listCategories = async (query: QueryOf<'listCategories'> = {}, token = admin) =>
  ok(await t.api.listCategories({ query }, token)).categories

async function find(id: string) {
  const found = (await listCategories()).find((c) => c.id === id)
  assert.ok(found, `category ${id} listed`)
  return found
}

describe('createCategory', () => {
  test('creates a category with exactly the spec fields, trimmed, and lists it', async () => {
    const c = await createCategory({ kind: 'EQUIPMENT', name: '  Ascenseur panoramique  ' })
    assert.deepEqual(Object.keys(c).sort(), CATEGORY_FIELDS)
    assert.match(c.id, /^[0-9a-f-]{36}$/)
    assert.deepEqual({ ...c, id: undefined }, { id: undefined, kind: 'EQUIPMENT', name: 'Ascenseur panoramique', isActive: true, usageCount: 0 })
    assert.deepEqual(await find(c.id), c)
  })

  test('400 on invalid or unknown fields; 80 characters is fine', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'EQUIPMENT', name: '' }, 'name'],
      [{ kind: 'EQUIPMENT', name: '   ' }, 'name'],
      [{ kind: 'EQUIPMENT', name: 'x'.repeat(81) }, 'name'],
      [{ kind: 'EQUIPMENT', name: 12 }, 'name'],
      [{ kind: 'EQUIPMENT' }, 'name'],
      [{ name: 'Sans type' }, 'kind'],
      [{ kind: 'BUILDING', name: 'Mauvais type' }, 'kind'],
      [{ kind: 'EQUIPMENT', name: 'Inconnu', color: 'red' }, 'color'],
      [{ kind: 'EQUIPMENT', name: 'Actif imposé', isActive: false }, 'isActive'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/categories', { token: admin, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assert.equal((await createCategory({ kind: 'COMPONENT_TYPE', name: 'n'.repeat(80) })).name.length, 80)
  })

  test('401 without or with a bad token', async () => {
    const body = { kind: 'EQUIPMENT', name: 'Anonyme' }
    assertError(await t.request('POST', '/categories', { body }), 401, 'UNAUTHORIZED')
    assertError(await t.request('POST', '/categories', { token: 'nope', body }), 401)
  })

  test('403 for roles without the SETTINGS create right', async () => {
    for (const role of ['Technicien', 'Dispatcher', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      const res = await t.request('POST', '/categories', { token: await t.tokenFor(role), body: { kind: 'EQUIPMENT', name: `Refusé ${role}` } })
      assertError(res, 403, 'FORBIDDEN')
    }
  })

  test('409 on a name used in the same kind (case-insensitive); the other kind is fine', async () => {
    await createCategory({ kind: 'COMPONENT_TYPE', name: 'Moteur' })
    assertError(await t.request('POST', '/categories', { token: admin, body: { kind: 'COMPONENT_TYPE', name: ' MOTEUR ' } }), 409, 'CATEGORY_NAME_TAKEN')
    const other = await createCategory({ kind: 'EQUIPMENT', name: 'moteur' })
    assert.equal(other.kind, 'EQUIPMENT')
    // The seeded vocabulary counts as used names too.
    assertError(await t.request('POST', '/categories', { token: admin, body: { kind: 'EQUIPMENT', name: 'monte-charge' } }), 409, 'CATEGORY_NAME_TAKEN')
  })

  test('8 concurrent creations of one name: exactly one 201, the others 409', async () => {
    await exactlyOneWins(8, (i) => t.api.createCategory({ body: { kind: 'EQUIPMENT', name: i % 2 ? 'Élévateur de chantier' : 'ÉLÉVATEUR DE CHANTIER' } }, admin),
      { winStatus: 201, loseStatus: 409, loseCode: 'CATEGORY_NAME_TAKEN' })
    assert.equal((await listCategories({ kind: 'EQUIPMENT' })).filter((c) => c.name.toLowerCase() === 'élévateur de chantier').length, 1)
  })
})

describe('listCategories', () => {
  test('the standard categories are there from the start', async () => {
    for (const kind of ['EQUIPMENT', 'COMPONENT_TYPE'] as const) {
      const names = (await listCategories({ kind })).map((c) => c.name)
      for (const name of STANDARD_CATEGORIES[kind]) assert.ok(names.includes(name), name)
    }
  })

  test('sorted by kind (EQUIPMENT first) then name, with kind and active filters', async () => {
    for (const name of ['zeta Tri', 'Alpha Tri', 'mu Tri']) await createCategory({ kind: 'COMPONENT_TYPE', name })
    const all = await listCategories()
    const firstComponent = all.findIndex((c) => c.kind === 'COMPONENT_TYPE')
    assert.ok(firstComponent > 0 && all.slice(firstComponent).every((c) => c.kind === 'COMPONENT_TYPE'))
    assert.deepEqual(all.map((c) => c.name).filter((n) => n.endsWith(' Tri')), ['Alpha Tri', 'mu Tri', 'zeta Tri'])
    // The order of names among accents follows the database collation; the kind filter keeps it.
    const equipment = await listCategories({ kind: 'EQUIPMENT' })
    const components = await listCategories({ kind: 'COMPONENT_TYPE' })
    assert.ok(equipment.every((c) => c.kind === 'EQUIPMENT') && components.every((c) => c.kind === 'COMPONENT_TYPE'))
    assert.deepEqual(all, [...equipment, ...components])
    const old = await createCategory({ kind: 'EQUIPMENT', name: 'Ancien modèle' })
    await t.request('PATCH', `/categories/${old.id}`, { token: admin, body: { isActive: false } })
    // Other tests may have deactivated categories of their own: this one is among the inactive.
    const inactive = await listCategories({ active: false, kind: 'EQUIPMENT' })
    assert.ok(inactive.some((c) => c.id === old.id) && inactive.every((c) => !c.isActive && c.kind === 'EQUIPMENT'))
    assert.ok(!(await listCategories({ active: true })).some((c) => c.id === old.id))
  })

  test('every role with the ASSETS view right may list, a Demandeur included', async () => {
    for (const role of ['Technicien limité', 'Demandeur', 'Vue seule', 'Gestionnaire'] as const) {
      const cats = await listCategories({}, await t.tokenFor(role))
      assert.deepEqual(Object.keys(cats[0]).sort(), CATEGORY_FIELDS)
    }
  })

  test('400 on a bad filter, 401 without token', async () => {
    assertError(await t.request('GET', '/categories?kind=BUILDING', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/categories?active=peut-etre', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/categories?color=red', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/categories'), 401)
  })
})

describe('usageCount', () => {
  test('counts assets of an equipment category and fitted components of a type; deactivation keeps them', async () => {
    const db = t.app.deps.database.db
    const equipment = await createCategory({ kind: 'EQUIPMENT', name: 'Ascenseur de test (usage)' })
    const type = await createCategory({ kind: 'COMPONENT_TYPE', name: 'Type de test (usage)' })
    const unused = await createCategory({ kind: 'COMPONENT_TYPE', name: 'Type jamais posé' })
    const locationId = uuidv7()
    await db.insert(locations).values({ id: locationId, name: 'Résidence Usage' })
    const assetIds = [uuidv7(), uuidv7()]
    await db.insert(assets).values(assetIds.map((id, i) => ({
      id, reference: `ASC-USAGE-${i}`, brand: 'Otis', categoryId: equipment.id, locationId,
    })))
    // Two fitted components of the type, one removed (no longer a use).
    await db.insert(assetComponents).values([
      { id: uuidv7(), assetId: assetIds[0], typeId: type.id },
      { id: uuidv7(), assetId: assetIds[1], typeId: type.id },
      { id: uuidv7(), assetId: assetIds[1], typeId: type.id, removedAt: new Date() },
    ])
    assert.equal((await find(equipment.id)).usageCount, 2)
    assert.equal((await find(type.id)).usageCount, 2)
    assert.equal((await find(unused.id)).usageCount, 0)

    for (const c of [equipment, type]) {
      const res = await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { isActive: false } })
      assert.equal(res.status, 200)
      assert.deepEqual(res.body, { ...c, isActive: false, usageCount: 2 })
      assert.deepEqual(await find(c.id), res.body)
    }
    // The uses themselves are untouched.
    assert.equal((await db.select().from(assets).where(eq(assets.categoryId, equipment.id))).length, 2)
  })
})

describe('activeCategoriesOfKind', () => {
  test('accepts an active category of the kind; refuses an inactive, wrong-kind or unknown one', async () => {
    const db = t.app.deps.database.db
    const active = await createCategory({ kind: 'EQUIPMENT', name: 'Choisissable' })
    const inactive = await createCategory({ kind: 'EQUIPMENT', name: 'Plus choisissable' })
    await t.request('PATCH', `/categories/${inactive.id}`, { token: admin, body: { isActive: false } })
    const all = [active.id, inactive.id, randomUUID()]
    assert.deepEqual([...await activeCategoriesOfKind(db, all, 'EQUIPMENT')], [active.id])
    assert.deepEqual([...await activeCategoriesOfKind(db, all, 'COMPONENT_TYPE')], [])
    // Inside a transaction, as the assets module calls it.
    const found = await db.transaction((tx) => activeCategoriesOfKind(tx, [active.id, active.id], 'EQUIPMENT'))
    assert.deepEqual([...found], [active.id])
  })
})

describe('updateCategory', () => {
  test('renames (trimmed), deactivates, reactivates, and persists', async () => {
    const c = await createCategory({ kind: 'COMPONENT_TYPE', name: 'Contacteur' })
    const renamed = await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { name: '  Contacteur de ligne ', isActive: false } })
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body))
    assert.deepEqual(Object.keys(renamed.body).sort(), CATEGORY_FIELDS)
    assert.deepEqual(renamed.body, { ...c, name: 'Contacteur de ligne', isActive: false })
    assert.deepEqual(await find(c.id), renamed.body)
    const back = await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { isActive: true } })
    assert.deepEqual(back.body, { ...renamed.body, isActive: true })
  })

  test('keeping its own name in another case is not a clash', async () => {
    const c = await createCategory({ kind: 'EQUIPMENT', name: 'Ascenseur de façade' })
    const res = await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { name: 'ASCENSEUR DE FAÇADE' } })
    assert.equal(res.status, 200)
    assert.equal(res.body.name, 'ASCENSEUR DE FAÇADE')
  })

  test('400 on empty body, bad values, a kind change, unknown field, bad id', async () => {
    const c = await createCategory({ kind: 'EQUIPMENT', name: 'Validation' })
    const bodies = [{}, { name: '' }, { name: ' ' }, { name: 'x'.repeat(81) }, { name: null }, { isActive: 'no' }, { kind: 'COMPONENT_TYPE' }, { color: 'red' }]
    for (const body of bodies) {
      assertError(await t.request('PATCH', `/categories/${c.id}`, { token: admin, body }), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('PATCH', '/categories/not-a-uuid', { token: admin, body: { isActive: false } }), 400, 'VALIDATION_ERROR')
    assert.deepEqual(await find(c.id), c)
  })

  test('401, 403, 404', async () => {
    const c = await createCategory({ kind: 'EQUIPMENT', name: 'Droits' })
    assertError(await t.request('PATCH', `/categories/${c.id}`, { body: { isActive: false } }), 401)
    for (const role of ['Technicien', 'Dispatcher', 'Demandeur'] as const) {
      assertError(await t.request('PATCH', `/categories/${c.id}`, { token: await t.tokenFor(role), body: { isActive: false } }), 403, 'FORBIDDEN')
    }
    assertError(await t.request('PATCH', `/categories/${randomUUID()}`, { token: admin, body: { isActive: false } }), 404, 'NOT_FOUND')
    assert.equal((await find(c.id)).isActive, true)
  })

  test('409 when renamed to a name of its kind; a name of the other kind is fine', async () => {
    await createCategory({ kind: 'EQUIPMENT', name: 'Nom Pris' })
    await createCategory({ kind: 'COMPONENT_TYPE', name: 'Nom Composant' })
    const c = await createCategory({ kind: 'EQUIPMENT', name: 'Nom Libre' })
    assertError(await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { name: 'nom pris' } }), 409, 'CATEGORY_NAME_TAKEN')
    assert.equal((await find(c.id)).name, 'Nom Libre')
    const ok = await t.request('PATCH', `/categories/${c.id}`, { token: admin, body: { name: 'Nom Composant' } })
    assert.equal(ok.status, 200)
  })
})

