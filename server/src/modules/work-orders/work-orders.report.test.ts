// upsertWorkOrderReport and patchChecklistItem: values of the right field only, null clears,
// absent keeps, locked after closure; reference values' usageCount; checklist who/when.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { workOrderEvents, workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertChecklist, insertLocation, insertReferenceValue } from './work-orders.fixtures.ts'

const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
const clock = new ManualClock(new Date('2025-05-05T09:00:00.000Z'))
let admin: { id: string; token: string }
let tech: { id: string; token: string }
let siteA: string, siteB: string, assetA: string, assetB: string
const v: Record<string, string> = {}

const db = () => t.app.deps.database.db
const putReport = (id: string, body: Record<string, unknown>, token = tech.token) => t.request('PUT', `/work-orders/${id}/report`, { token, body })
const patchItem = (id: string, itemId: string, body: Record<string, unknown>, token = tech.token) =>
  t.request('PATCH', `/work-orders/${id}/checklist/${itemId}`, { token, body })
const order = async (assetId = assetA) => (await createWorkOrder(t, admin.token, { assetId, description: 'Panne', assigneeIds: [tech.id] })).id
const close = async (id: string, status: 'DONE' | 'CANCELLED') =>
  db().update(workOrders).set({ status, ...(status === 'CANCELLED' ? { cancelReason: 'Doublon' } : {}) }).where(eq(workOrders.id, id))

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  siteA = await insertLocation(t, 'Résidence Voltaire')
  siteB = await insertLocation(t, 'Hôtel de ville')
  assetA = await insertAsset(t, siteA)
  assetB = await insertAsset(t, siteB)
  v.symptom = await insertReferenceValue(t, 'SYMPTOM', 'Essai — arrêt')
  v.symptom2 = await insertReferenceValue(t, 'SYMPTOM', 'Essai — bruit')
  v.component = await insertReferenceValue(t, 'COMPONENT', 'Essai — serrure')
  v.cause = await insertReferenceValue(t, 'CAUSE', 'Essai — usure')
  v.action = await insertReferenceValue(t, 'ACTION', 'Essai — réglage')
  v.result = await insertReferenceValue(t, 'RESULT', 'Essai — remis en service')
  v.circumstance = await insertReferenceValue(t, 'CIRCUMSTANCE', 'Essai — appel')
  v.inactiveCause = await insertReferenceValue(t, 'CAUSE', 'Essai — ancienne cause', false)
})
after(() => t.close())

describe('upsertWorkOrderReport', () => {
  test('200: sets the six fields with labels, who and when; logs REPORT_UPDATED with the changed fields; closure unblocked', async () => {
    const id = await order()
    clock.advance(1000)
    const res = await putReport(id, {
      symptomId: v.symptom, componentId: v.component, causeId: v.cause, actionId: v.action, resultId: v.result, circumstanceId: v.circumstance,
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const me = { id: tech.id, displayName: 'Test Technicien' }
    assert.deepEqual(res.body.report, {
      symptom: { id: v.symptom, label: 'Essai — arrêt' },
      component: { id: v.component, label: 'Essai — serrure' },
      cause: { id: v.cause, label: 'Essai — usure' },
      action: { id: v.action, label: 'Essai — réglage' },
      result: { id: v.result, label: 'Essai — remis en service' },
      circumstance: { id: v.circumstance, label: 'Essai — appel' },
      notes: null,
      updatedAt: clock.now().toISOString(),
      updatedBy: me,
    })
    assert.deepEqual(res.body.closureBlockers, [])
    assert.equal(res.body.updatedAt, clock.now().toISOString())
    const ev = res.body.activity.at(-1)
    assert.deepEqual([ev.kind, ev.actor, ev.payload], ['REPORT_UPDATED', me, { fields: ['SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE'] }])
  })

  test('absent leaves a field as it is, null clears it; an unchanged body logs nothing', async () => {
    const id = await order()
    await putReport(id, { symptomId: v.symptom, causeId: v.cause, resultId: v.result })
    const res = await putReport(id, { symptomId: v.symptom2, resultId: null })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.report.symptom, { id: v.symptom2, label: 'Essai — bruit' })
    assert.deepEqual(res.body.report.cause, { id: v.cause, label: 'Essai — usure' }, 'absent: kept')
    assert.equal(res.body.report.result, null, 'null: cleared')
    assert.deepEqual(res.body.activity.at(-1).payload, { fields: ['SYMPTOM', 'RESULT'] })
    const events = await db().$count(workOrderEvents, eq(workOrderEvents.workOrderId, id))
    assert.equal((await putReport(id, { symptomId: v.symptom2, causeId: v.cause })).status, 200)
    assert.equal(await db().$count(workOrderEvents, eq(workOrderEvents.workOrderId, id)), events, 'nothing changed, nothing logged')
  })

  test('notes: stored trimmed with line breaks, logged as NOTES, a blank text clears them, over 4,000 characters refused', async () => {
    const id = await order()
    const text = 'Frein réglé : entrefer 0,4 mm.\r\nContacts de porte nettoyés.'
    const res = await putReport(id, { notes: `  ${text}\n` })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.report.notes, text)
    assert.deepEqual(res.body.activity.at(-1).payload, { fields: ['NOTES'] })
    assert.equal((await putReport(id, { notes: text, symptomId: v.symptom })).body.activity.at(-1).payload.fields.includes('NOTES'), false, 'unchanged notes are not logged')
    assert.equal((await putReport(id, { notes: '   ' })).body.report.notes, null)
    const long = await putReport(id, { notes: 'x'.repeat(4001) })
    assertError(long, 400, 'VALIDATION_ERROR')
    assert.equal(long.body.error.details[0].field, 'notes')
    assert.equal((await putReport(id, { notes: 'x'.repeat(4000) })).status, 200)
  })

  test('400 INVALID_REPORT_VALUE naming each bad field: another field’s value, an inactive one, an unknown one; nothing written', async () => {
    const id = await order()
    const res = await putReport(id, { symptomId: v.cause, causeId: v.inactiveCause, actionId: MISSING, resultId: v.result })
    assertError(res, 400, 'INVALID_REPORT_VALUE')
    assert.deepEqual(res.body.error.details, [
      { field: 'symptomId', message: 'valeur d’un autre champ du rapport' },
      { field: 'causeId', message: 'valeur désactivée' },
      { field: 'actionId', message: 'valeur inconnue' },
    ])
    const d = await t.api.getWorkOrder({ params: { id } }, tech.token)
    assert.equal(d.body.report.result, null, 'the valid field of a refused body is not written either')
  })

  test('a value deactivated after being chosen may stay on the report', async () => {
    const id = await order()
    const soon = await insertReferenceValue(t, 'ACTION', 'Essai — bientôt retirée')
    await putReport(id, { actionId: soon })
    await t.api.updateReferenceValue({ params: { id: soon }, body: { isActive: false } }, admin.token)
    assert.equal((await putReport(id, { actionId: soon, symptomId: v.symptom })).status, 200)
    const other = await order()
    assertError(await putReport(other, { actionId: soon }), 400, 'INVALID_REPORT_VALUE')
  })

  test('409 WORK_ORDER_CLOSED after DONE and after CANCELLED', async () => {
    for (const status of ['DONE', 'CANCELLED'] as const) {
      const id = await order()
      await close(id, status)
      assertError(await putReport(id, { symptomId: v.symptom }), 409, 'WORK_ORDER_CLOSED')
    }
  })

  test('400 for a bad or unknown field and an empty body; 401; 403 without WORK_ORDERS edit; 404 by scope', async () => {
    const id = await order()
    for (const body of [{}, { symptomId: 'x' }, { symptom: v.symptom }, { symptomId: 3 }]) assertError(await putReport(id, body), 400, 'VALIDATION_ERROR')
    assertError(await putReport(id, { symptomId: v.symptom }, null as never), 401)
    for (const role of ['Gestionnaire', 'Vue seule', 'Demandeur'] as const) assertError(await putReport(id, { symptomId: v.symptom }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    assertError(await putReport(MISSING, { symptomId: v.symptom }), 404, 'NOT_FOUND')
    const limited = await t.userWithRole('Technicien limité')
    assertError(await putReport(id, { symptomId: v.symptom }, limited.token), 404, 'NOT_FOUND')
    const onSiteB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await putReport(id, { symptomId: v.symptom }, onSiteB.token), 404, 'NOT_FOUND')
  })
})

describe('reference values usageCount', () => {
  test('counts the work orders whose report uses the value, within the caller’s sites; clearing uncounts', async () => {
    const used = await insertReferenceValue(t, 'CAUSE', 'Essai — comptée')
    const a1 = await order(assetA)
    const a2 = await order(assetA)
    const b1 = await order(assetB)
    for (const id of [a1, a2, b1]) await putReport(id, { causeId: used })
    const countAs = async (token: string) => {
      const res = await t.api.listReferenceValues({}, token)
      assert.equal(res.status, 200)
      return res.body.fields.find((f) => f.field === 'CAUSE')!.values.find((x) => x.id === used)!.usageCount
    }
    assert.equal(await countAs(admin.token), 3)
    const onSiteA = await t.userWithRole('Technicien', { siteIds: [siteA] })
    assert.equal(await countAs(onSiteA.token), 2, 'only the orders on its sites')
    await putReport(a2, { causeId: null })
    assert.equal(await countAs(admin.token), 2)
    const renamed = await t.api.updateReferenceValue({ params: { id: used }, body: { label: 'Essai — comptée (renommée)' } }, admin.token)
    assert.equal(renamed.body.usageCount, 2, 'updateReferenceValue answers the count too')
    assert.equal((await t.api.listReferenceValues({}, admin.token)).body.fields.find((f) => f.field === 'SYMPTOM')!.values.find((x) => x.id === v.symptom2)!.usageCount >= 1, true)
  })
  test('concurrent reports swapping two values each: every call answers 200 and the stored counts stay exact', async () => {
    const s1 = await insertReferenceValue(t, 'SYMPTOM', 'Essai — course A')
    const s2 = await insertReferenceValue(t, 'SYMPTOM', 'Essai — course B')
    const c1 = await insertReferenceValue(t, 'CAUSE', 'Essai — cause A')
    const c2 = await insertReferenceValue(t, 'CAUSE', 'Essai — cause B')
    const ids = await Promise.all(Array.from({ length: 12 }, () => order()))
    const first = (i: number) => (i % 2 ? { symptomId: s1, causeId: c2 } : { symptomId: s2, causeId: c1 })
    const swapped = (i: number) => (i % 2 ? { symptomId: s2, causeId: c1 } : { symptomId: s1, causeId: c2 })
    // Each value is taken by some orders while others give it up, in opposite orders: the
    // stored counts' locks are taken in one order, so no call meets a deadlock.
    for (const body of [first, swapped, first]) {
      const answers = await Promise.all(ids.map((id, i) => putReport(id, body(i), admin.token)))
      assert.deepEqual(answers.map((r) => r.status), ids.map(() => 200))
    }
    const counts = (await t.api.listReferenceValues({}, admin.token)).body.fields.flatMap((f) => f.values)
    const count = (id: string) => counts.find((x) => x.id === id)!.usageCount
    assert.deepEqual([count(s1), count(s2), count(c1), count(c2)], [6, 6, 6, 6])
  })
})

describe('patchChecklistItem', () => {
  test('200 ChecklistItem with who and when; CHECKLIST_UPDATED logged; the closure blocker follows', async () => {
    const id = await order()
    const [first, second] = await insertChecklist(t, id, [{ label: 'Essai parachute' }, { label: 'Graissage des guides' }])
    clock.advance(1000)
    const res = await patchItem(id, first, { status: 'DONE' })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body, {
      id: first, label: 'Essai parachute', position: 0, status: 'DONE', updatedBy: { id: tech.id, displayName: 'Test Technicien' }, updatedAt: clock.now().toISOString(),
    })
    const na = await patchItem(id, second, { status: 'NA' })
    assert.equal(na.body.status, 'NA')
    const d = (await t.api.getWorkOrder({ params: { id } }, tech.token)).body
    assert.deepEqual(d.checklist.map((c) => [c.label, c.status]), [['Essai parachute', 'DONE'], ['Graissage des guides', 'NA']])
    assert.ok(!d.closureBlockers.some((b) => b.includes('liste de contrôle')))
    assert.deepEqual(d.activity.filter((e) => e.kind === 'CHECKLIST_UPDATED').map((e) => e.payload), [
      { itemId: first, label: 'Essai parachute', from: 'TODO', to: 'DONE' },
      { itemId: second, label: 'Graissage des guides', from: 'TODO', to: 'NA' },
    ])
    const back = await patchItem(id, first, { status: 'TODO' })
    assert.equal(back.body.status, 'TODO')
    assert.deepEqual((await t.api.getWorkOrder({ params: { id } }, tech.token)).body.closureBlockers.at(-1), 'Une tâche de la liste de contrôle reste à faire.')
  })

  test('404 for an item of another order and an unknown item; 409 on a closed order', async () => {
    const id = await order()
    const other = await order()
    const [item] = await insertChecklist(t, other, [{ label: 'Éclairage' }])
    assertError(await patchItem(id, item, { status: 'DONE' }), 404, 'NOT_FOUND')
    assertError(await patchItem(id, MISSING, { status: 'DONE' }), 404, 'NOT_FOUND')
    await close(other, 'DONE')
    assertError(await patchItem(other, item, { status: 'DONE' }), 409, 'WORK_ORDER_CLOSED')
  })

  test('400 bad or unknown field; 401; 403; 404 by scope', async () => {
    const id = await order()
    const [item] = await insertChecklist(t, id, [{ label: 'Câbles' }])
    for (const body of [{}, { status: 'FAIT' }, { status: 'DONE', note: 'x' }]) assertError(await patchItem(id, item, body), 400, 'VALIDATION_ERROR')
    assertError(await t.request('PATCH', `/work-orders/${id}/checklist/nope`, { token: tech.token, body: { status: 'DONE' } }), 400, 'VALIDATION_ERROR')
    assertError(await patchItem(id, item, { status: 'DONE' }, null as never), 401)
    assertError(await patchItem(id, item, { status: 'DONE' }, await t.tokenFor('Vue seule')), 403, 'FORBIDDEN')
    const limited = await t.userWithRole('Technicien limité')
    assertError(await patchItem(id, item, { status: 'DONE' }, limited.token), 404, 'NOT_FOUND')
    const onSiteB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await patchItem(id, item, { status: 'DONE' }, onSiteB.token), 404, 'NOT_FOUND')
  })

  test('a closure racing with the last checklist tick never closes over an item still to do', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await order()
      await putReport(id, { symptomId: v.symptom, causeId: v.cause, actionId: v.action })
      const [item] = await insertChecklist(t, id, [{ label: 'Essai', status: 'DONE' }])
      await Promise.all([
        patchItem(id, item, { status: 'TODO' }),
        t.request('POST', `/work-orders/${id}/transition`, { token: tech.token, body: { to: 'DONE' } }),
      ])
      const d = (await t.api.getWorkOrder({ params: { id } }, tech.token)).body
      assert.ok(!(d.status === 'DONE' && d.checklist[0].status === 'TODO'), `round ${round}: closed with an item to do`)
    }
  })
})
