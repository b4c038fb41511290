import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { categories } from '../categories/categories.tables.ts'
import { referenceValues } from './reference-values.tables.ts'
import { seedReferenceData, STANDARD_CATEGORIES, STANDARD_REFERENCE_VALUES } from '../../seed/reference-data.ts'
import { assertError, exactlyOneWins, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import type { BodyOf, QueryOf } from '../../test/api-client.ts'

const VALUE_FIELDS = ['field', 'id', 'isActive', 'label', 'usageCount']
const SIX = [
  { field: 'SYMPTOM', label: 'Constat', required: true },
  { field: 'COMPONENT', label: 'Organe', required: false },
  { field: 'CAUSE', label: 'Cause', required: true },
  { field: 'ACTION', label: 'Action', required: true },
  { field: 'RESULT', label: 'Résultat', required: false },
  { field: 'CIRCUMSTANCE', label: 'Circonstance', required: false },
]

let t: TestApp
let admin: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

// Through the typed client: bodies and queries are checked against the schemas at compile time.
const listFields = async (query: QueryOf<'listReferenceValues'> = {}, token = admin) =>
  ok(await t.api.listReferenceValues({ query }, token)).fields

async function valuesOf(field: string, query: QueryOf<'listReferenceValues'> = {}) {
  const found = (await listFields(query)).find((f) => f.field === field)
  assert.ok(found, `field ${field} listed`)
  return found.values
}

const createValue = async (body: BodyOf<'createReferenceValue'>, token = admin) => ok(await t.api.createReferenceValue({ body }, token))

describe('seeded vocabulary', () => {
  test('six fields in report order, with labels, required flags and the standard values in order', async () => {
    const fields = await listFields()
    assert.deepEqual(fields.map(({ values, ...f }) => f), SIX)
    for (const f of fields) {
      assert.deepEqual(Object.keys(f).sort(), ['field', 'label', 'required', 'values'])
      const std = STANDARD_REFERENCE_VALUES[f.field as keyof typeof STANDARD_REFERENCE_VALUES]
      assert.ok(std.length >= 8)
      // Other tests add values (always after these): the standard ones keep their order.
      const standard = f.values.filter((v) => std.includes(v.label))
      assert.deepEqual(standard.map((v) => v.label), std)
      for (const v of standard) {
        assert.deepEqual(Object.keys(v).sort(), VALUE_FIELDS)
        assert.deepEqual([v.field, v.isActive, v.usageCount], [f.field, true, 0])
      }
    }
  })

  test('seeding again changes nothing; a set that is missing entirely is seeded, once', async () => {
    const db = t.app.deps.database.db
    const before = await listFields()
    const beforeCats = await db.select().from(categories)
    assert.deepEqual(await seedReferenceData(db), { categoryKinds: [], referenceFields: [] })
    assert.deepEqual(await listFields(), before)
    assert.deepEqual(await db.select().from(categories), beforeCats)

    // This file uses neither field nor kind: emptying them simulates a store from before the seeder.
    await db.delete(referenceValues).where(eq(referenceValues.field, 'RESULT'))
    await db.delete(categories).where(eq(categories.kind, 'COMPONENT_TYPE'))
    const runs = await Promise.all([seedReferenceData(db), seedReferenceData(db), seedReferenceData(db)])
    assert.deepEqual(runs.filter((r) => r.referenceFields.length), [{ categoryKinds: ['COMPONENT_TYPE'], referenceFields: ['RESULT'] }])
    assert.deepEqual((await valuesOf('RESULT')).map((v) => v.label), STANDARD_REFERENCE_VALUES.RESULT)
    const components = await db.select({ name: categories.name }).from(categories).where(eq(categories.kind, 'COMPONENT_TYPE'))
    assert.deepEqual(components.map((c) => c.name).sort(), [...STANDARD_CATEGORIES.COMPONENT_TYPE].sort())
    assert.deepEqual((await listFields()).filter((f) => f.field !== 'RESULT'), before.filter((f) => f.field !== 'RESULT'))
  })
})

describe('listReferenceValues', () => {
  test('values sorted by position, then label; new ones last', async () => {
    const db = t.app.deps.database.db
    // Two values sharing a position (concurrent creations may do that): the label decides.
    await db.insert(referenceValues).values([
      { id: uuidv7(), field: 'CIRCUMSTANCE', label: 'Zz égalité', position: 900 },
      { id: uuidv7(), field: 'CIRCUMSTANCE', label: 'Aa égalité', position: 900 },
    ])
    const created = await createValue({ field: 'CIRCUMSTANCE', label: 'Demande du syndic' })
    assert.deepEqual((await valuesOf('CIRCUMSTANCE')).slice(-3).map((v) => v.label), ['Aa égalité', 'Zz égalité', 'Demande du syndic'])
    assert.equal((await valuesOf('CIRCUMSTANCE')).at(-1)?.id, created.id)
  })

  test('active filter: the six fields are always listed', async () => {
    const v = await createValue({ field: 'CAUSE', label: 'Cause retirée' })
    await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { isActive: false } })
    const inactive = await listFields({ active: false })
    assert.deepEqual(inactive.map((f) => f.field), SIX.map((f) => f.field))
    assert.deepEqual(inactive.flatMap((f) => f.values.map((x: any) => x.id)), [v.id])
    assert.ok(!(await valuesOf('CAUSE', { active: true })).some((x) => x.id === v.id))
  })

  test('roles with the SETTINGS view right may list', async () => {
    for (const role of ['Technicien', 'Technicien limité', 'Dispatcher', 'Gestionnaire', 'Vue seule'] as const) {
      assert.equal((await listFields({}, await t.tokenFor(role))).length, 6)
    }
  })

  test('400 on a bad filter, 401 without token, 403 for a Demandeur', async () => {
    assertError(await t.request('GET', '/reference-values?active=oui', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/reference-values?field=CAUSE', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/reference-values'), 401, 'UNAUTHORIZED')
    assertError(await t.request('GET', '/reference-values', { token: await t.tokenFor('Demandeur') }), 403, 'FORBIDDEN')
  })
})

describe('createReferenceValue', () => {
  test('creates a value with exactly the listed fields, trimmed, last in its field', async () => {
    const v = await createValue({ field: 'SYMPTOM', label: '  Odeur de brûlé en cabine  ' })
    assert.deepEqual(Object.keys(v).sort(), VALUE_FIELDS)
    assert.match(v.id, /^[0-9a-f-]{36}$/)
    assert.deepEqual({ ...v, id: 'x' }, { id: 'x', field: 'SYMPTOM', label: 'Odeur de brûlé en cabine', isActive: true, usageCount: 0 })
    assert.deepEqual((await valuesOf('SYMPTOM')).at(-1), v)
  })

  test('400 on invalid or unknown fields; 120 characters is fine', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ field: 'CAUSE', label: '' }, 'label'],
      [{ field: 'CAUSE', label: '  ' }, 'label'],
      [{ field: 'CAUSE', label: 'x'.repeat(121) }, 'label'],
      [{ field: 'CAUSE' }, 'label'],
      [{ label: 'Sans champ' }, 'field'],
      [{ field: 'COLOR', label: 'Mauvais champ' }, 'field'],
      [{ field: 'cause', label: 'Casse du champ' }, 'field'],
      [{ field: 'CAUSE', label: 'Position', position: 1 }, 'position'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/reference-values', { token: admin, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assert.equal((await createValue({ field: 'CAUSE', label: 'c'.repeat(120) })).label.length, 120)
  })

  test('401 without token; 403 without the SETTINGS create right', async () => {
    assertError(await t.request('POST', '/reference-values', { body: { field: 'CAUSE', label: 'Anonyme' } }), 401)
    for (const role of ['Technicien', 'Dispatcher', 'Gestionnaire', 'Demandeur'] as const) {
      const res = await t.request('POST', '/reference-values', { token: await t.tokenFor(role), body: { field: 'CAUSE', label: `Refusé ${role}` } })
      assertError(res, 403, 'FORBIDDEN')
    }
  })

  test('409 on a label of the same field (case-insensitive); another field is fine', async () => {
    assertError(await t.request('POST', '/reference-values', { token: admin, body: { field: 'CAUSE', label: ' USURE ' } }), 409, 'REFERENCE_VALUE_TAKEN')
    const other = await createValue({ field: 'SYMPTOM', label: 'Usure' })
    assert.equal(other.field, 'SYMPTOM')
  })

  test('8 concurrent creations of one label: exactly one 201, the others 409', async () => {
    await exactlyOneWins(8, (i) => t.api.createReferenceValue({ body: { field: 'ACTION', label: i % 2 ? 'Remplacement du galet' : 'REMPLACEMENT DU GALET' } }, admin),
      { winStatus: 201, loseStatus: 409, loseCode: 'REFERENCE_VALUE_TAKEN' })
    assert.equal((await valuesOf('ACTION')).filter((v) => v.label.toLowerCase() === 'remplacement du galet').length, 1)
  })
})

describe('updateReferenceValue', () => {
  test('renames (trimmed), deactivates, reactivates, keeps its place, and persists', async () => {
    const v = await createValue({ field: 'COMPONENT', label: 'Galets de porte' })
    const res = await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { label: ' Galets de suspension ', isActive: false } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(Object.keys(res.body).sort(), VALUE_FIELDS)
    assert.deepEqual(res.body, { ...v, label: 'Galets de suspension', isActive: false })
    assert.deepEqual((await valuesOf('COMPONENT')).at(-1), res.body)
    const back = await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { isActive: true } })
    assert.deepEqual(back.body, { ...res.body, isActive: true })
    const recase = await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { label: 'GALETS DE SUSPENSION' } })
    assert.equal(recase.status, 200)
  })

  test('400 on empty body, bad values, a field change, unknown field, bad id', async () => {
    const v = await createValue({ field: 'RESULT', label: 'Validation' })
    for (const body of [{}, { label: '' }, { label: ' ' }, { label: 'x'.repeat(121) }, { label: null }, { isActive: 'non' }, { field: 'CAUSE' }, { usageCount: 3 }]) {
      assertError(await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body }), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('PATCH', '/reference-values/123', { token: admin, body: { isActive: false } }), 400, 'VALIDATION_ERROR')
    assert.deepEqual((await valuesOf('RESULT')).find((x) => x.id === v.id), v)
  })

  test('401, 403, 404', async () => {
    const v = await createValue({ field: 'RESULT', label: 'Droits' })
    assertError(await t.request('PATCH', `/reference-values/${v.id}`, { body: { isActive: false } }), 401)
    for (const role of ['Technicien', 'Gestionnaire', 'Demandeur'] as const) {
      assertError(await t.request('PATCH', `/reference-values/${v.id}`, { token: await t.tokenFor(role), body: { isActive: false } }), 403, 'FORBIDDEN')
    }
    assertError(await t.request('PATCH', `/reference-values/${randomUUID()}`, { token: admin, body: { isActive: false } }), 404, 'NOT_FOUND')
  })

  test('409 when renamed to a label of its field; a label of another field is fine', async () => {
    const v = await createValue({ field: 'ACTION', label: 'Libellé libre' })
    assertError(await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { label: 'graissage' } }), 409, 'REFERENCE_VALUE_TAKEN')
    assert.equal((await valuesOf('ACTION')).find((x) => x.id === v.id)?.label, 'Libellé libre')
    const ok = await t.request('PATCH', `/reference-values/${v.id}`, { token: admin, body: { label: 'Vandalisme' } })
    assert.equal(ok.status, 200)
  })
})
