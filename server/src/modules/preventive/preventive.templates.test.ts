import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { assertError, exactlyOneWins, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import type { BodyOf } from '../../test/api-client.ts'

const TEMPLATE_FIELDS = ['id', 'isActive', 'label', 'periodicityMonths']
const UNKNOWN_ID = '0190f0e2-0000-7000-8000-000000000000'

let t: TestApp
let admin: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

const create = async (body: BodyOf<'createTaskTemplate'>) => ok(await t.api.createTaskTemplate({ body }, admin))
const list = async (active?: boolean, token = admin) => ok(await t.api.listTaskTemplates({ query: active === undefined ? {} : { active } }, token)).taskTemplates
const update = (id: string, body: Record<string, unknown>, token = admin) => t.request('PATCH', `/preventive/templates/${id}`, { token, body })

describe('createTaskTemplate', () => {
  test('201 with exactly the declared fields, label trimmed, active', async () => {
    const res = await t.api.createTaskTemplate({ body: { label: '  Contrôle du parachute  ', periodicityMonths: 12 } }, admin)
    assert.equal(res.status, 201)
    assert.deepEqual(Object.keys(res.body).sort(), TEMPLATE_FIELDS)
    assert.match(res.body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.deepEqual({ ...res.body, id: undefined }, { id: undefined, label: 'Contrôle du parachute', periodicityMonths: 12, isActive: true })
  })

  test('periodicity from 1 to 120 months', async () => {
    assert.equal((await create({ label: 'Tâche mensuelle limite', periodicityMonths: 1 })).periodicityMonths, 1)
    assert.equal((await create({ label: 'Tâche décennale limite', periodicityMonths: 120 })).periodicityMonths, 120)
  })

  test('409 TASK_TEMPLATE_TAKEN for a label already used, whatever the case and spaces', async () => {
    await create({ label: 'Câbles et attaches', periodicityMonths: 6 })
    for (const label of ['Câbles et attaches', 'CÂBLES ET ATTACHES', '  câbles et attaches ']) {
      assertError(await t.api.createTaskTemplate({ body: { label, periodicityMonths: 1 } }, admin), 409, 'TASK_TEMPLATE_TAKEN')
    }
  })

  test('concurrent creations of one label: exactly one 201, the others 409', async () => {
    await exactlyOneWins(6, () => t.api.createTaskTemplate({ body: { label: 'Téléalarme', periodicityMonths: 1 } }, admin), { winStatus: 201, loseStatus: 409, loseCode: 'TASK_TEMPLATE_TAKEN' })
    assert.equal((await list()).filter((x) => x.label === 'Téléalarme').length, 1)
  })

  test('400 for a bad label, periodicity, a missing or unknown field, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ label: '', periodicityMonths: 1 }, 'label'],
      [{ label: '   ', periodicityMonths: 1 }, 'label'],
      [{ label: 'x'.repeat(121), periodicityMonths: 1 }, 'label'],
      [{ label: 'Saut\u0007de ligne', periodicityMonths: 1 }, 'label'],
      [{ periodicityMonths: 1 }, 'label'],
      [{ label: 'Tâche', periodicityMonths: 0 }, 'periodicityMonths'],
      [{ label: 'Tâche', periodicityMonths: 121 }, 'periodicityMonths'],
      [{ label: 'Tâche', periodicityMonths: 1.5 }, 'periodicityMonths'],
      [{ label: 'Tâche', periodicityMonths: '6' }, 'periodicityMonths'],
      [{ label: 'Tâche' }, 'periodicityMonths'],
      [{ label: 'Tâche', periodicityMonths: 6, isActive: false }, 'isActive'],
      [{ label: 'Tâche', periodicityMonths: 6, description: 'x' }, 'description'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/preventive/templates', { token: admin, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.match(JSON.stringify(res.body.error.details), new RegExp(field), JSON.stringify(body))
    }
  })

  test('401 without a token; 403 for every role but Administrateur (SETTINGS create)', async () => {
    assertError(await t.request('POST', '/preventive/templates', { body: { label: 'Tâche', periodicityMonths: 1 } }), 401, 'UNAUTHORIZED')
    for (const role of ['Dispatcher', 'Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.api.createTaskTemplate({ body: { label: `Tâche de ${role}`, periodicityMonths: 1 } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
  })
})

describe('listTaskTemplates', () => {
  test('every task sorted by periodicity then label, exactly the declared fields; active filter', async () => {
    const off = await create({ label: 'Ancienne vérification', periodicityMonths: 3 })
    ok(await t.api.updateTaskTemplate({ params: { id: off.id }, body: { isActive: false } }, admin))
    const all = await list()
    for (const x of all) assert.deepEqual(Object.keys(x).sort(), TEMPLATE_FIELDS)
    const periodicities = all.map((x) => x.periodicityMonths)
    assert.deepEqual(periodicities, [...periodicities].sort((a, b) => a - b))
    assert.ok(all.some((x) => x.id === off.id))
    assert.deepEqual((await list(false)).map((x) => x.id), [off.id])
    assert.deepEqual((await list(true)).map((x) => x.id), all.filter((x) => x.id !== off.id).map((x) => x.id))
  })

  test('labels of one periodicity in alphabetical order', async () => {
    for (const label of ['Zz niveau', 'aa niveau', 'Mm niveau']) await create({ label, periodicityMonths: 7 })
    assert.deepEqual((await list()).filter((x) => x.periodicityMonths === 7).map((x) => x.label), ['aa niveau', 'Mm niveau', 'Zz niveau'])
  })

  test('readable by every role with SETTINGS view; 403 for a Demandeur, 401 without a token; 400 on a bad or unknown filter', async () => {
    const count = (await list()).length
    for (const role of ['Dispatcher', 'Technicien', 'Technicien limité', 'Gestionnaire', 'Vue seule'] as const) {
      assert.equal((await list(undefined, await t.tokenFor(role))).length, count)
    }
    assertError(await t.request('GET', '/preventive/templates', { token: await t.tokenFor('Demandeur') }), 403, 'FORBIDDEN')
    assertError(await t.request('GET', '/preventive/templates'), 401, 'UNAUTHORIZED')
    assertError(await t.request('GET', '/preventive/templates?active=oui', { token: admin }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/preventive/templates?periodicity=6', { token: admin }), 400, 'VALIDATION_ERROR')
  })
})

describe('updateTaskTemplate', () => {
  test('renames, changes the periodicity, deactivates and reactivates; answers the task with exactly its fields', async () => {
    const x = await create({ label: 'Éclairage cabine', periodicityMonths: 1 })
    const renamed = await update(x.id, { label: '  Éclairage de la cabine  ' })
    assert.equal(renamed.status, 200)
    assert.deepEqual(Object.keys(renamed.body).sort(), TEMPLATE_FIELDS)
    assert.deepEqual(renamed.body, { id: x.id, label: 'Éclairage de la cabine', periodicityMonths: 1, isActive: true })
    assert.deepEqual((await update(x.id, { periodicityMonths: 12, isActive: false })).body, { id: x.id, label: 'Éclairage de la cabine', periodicityMonths: 12, isActive: false })
    assert.deepEqual((await update(x.id, { isActive: true })).body, { id: x.id, label: 'Éclairage de la cabine', periodicityMonths: 12, isActive: true })
    // Its own label in another case is not a conflict.
    assert.equal((await update(x.id, { label: 'ÉCLAIRAGE DE LA CABINE' })).body.label, 'ÉCLAIRAGE DE LA CABINE')
    assert.deepEqual((await list()).find((y) => y.id === x.id), { id: x.id, label: 'ÉCLAIRAGE DE LA CABINE', periodicityMonths: 12, isActive: true })
  })

  test('409 TASK_TEMPLATE_TAKEN when renamed to another task’s label; nothing changes', async () => {
    await create({ label: 'Nivelage', periodicityMonths: 1 })
    const x = await create({ label: 'Précision d’arrêt', periodicityMonths: 1 })
    assertError(await update(x.id, { label: 'nivelage', periodicityMonths: 6 }), 409, 'TASK_TEMPLATE_TAKEN')
    assert.deepEqual((await list()).find((y) => y.id === x.id), x)
  })

  test('404 for an unknown id', async () => {
    assertError(await update(UNKNOWN_ID, { isActive: false }), 404, 'NOT_FOUND')
  })

  test('400 for an empty body, a bad value, an unknown field or a malformed id', async () => {
    const x = await create({ label: 'Boîte à boutons', periodicityMonths: 1 })
    for (const [body, field] of [[{}, ''], [{ label: '' }, 'label'], [{ periodicityMonths: 0 }, 'periodicityMonths'], [{ isActive: 'non' }, 'isActive'],
      [{ label: 'Boîte', kind: 'x' }, 'kind'], [{ id: UNKNOWN_ID }, 'id']] as const) {
      const res = await update(x.id, body)
      assertError(res, 400, 'VALIDATION_ERROR')
      if (field) assert.match(JSON.stringify(res.body.error.details), new RegExp(field), JSON.stringify(body))
    }
    assertError(await update('pas-un-uuid', { isActive: false }), 400, 'VALIDATION_ERROR')
  })

  test('401 without a token; 403 for every role but Administrateur (SETTINGS edit)', async () => {
    const x = await create({ label: 'Opérateur de porte', periodicityMonths: 1 })
    assertError(await t.request('PATCH', `/preventive/templates/${x.id}`, { body: { isActive: false } }), 401, 'UNAUTHORIZED')
    for (const role of ['Dispatcher', 'Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await update(x.id, { isActive: false }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assert.equal((await list()).find((y) => y.id === x.id)?.isActive, true)
  })
})
