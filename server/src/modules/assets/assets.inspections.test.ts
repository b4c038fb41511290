// The periodic operations and the five-yearly technical inspection (docs/compliance.md): the
// elevator's fields in getAsset, recording an inspection through createAsset/updateAsset, the
// findings as work orders (origin, inspectionId) and the fleet's lists in getPreventiveStatus.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { assets } from './assets.tables.ts'
import { documents } from '../documents/documents.tables.ts'
import { taskTemplates } from '../preventive/preventive.tables.ts'
import { checklistItems, workOrders } from '../work-orders/work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'

const NOW = '2026-03-15T10:00:00.000Z'
const DAY = 86_400_000
const clock = new ManualClock(NOW)
const daysFromNow = (days: number) => new Date(Date.parse(NOW) + days * DAY)
/** The instant `months` calendar months before `d` (as PostgreSQL's intervals count them). */
const monthsBefore = (d: Date, months: number) => { const r = new Date(d); r.setUTCMonth(r.getUTCMonth() - months); return r }
const yearsBefore = (d: Date, years: number) => { const r = new Date(d); r.setUTCFullYear(r.getUTCFullYear() - years); return r }

let t: TestApp
let admin: string
let siteS: string, siteO: string
const ids: Record<string, string> = {}
const tpl: Record<string, string> = {}
let number = 920_000_000
const db = () => t.app.deps.database.db

async function elevator(reference: string, locationId: string, categoryId: string, opts: { createdAt?: Date; underContract?: boolean } = {}) {
  const id = uuidv7()
  await db().insert(assets).values({
    id, reference, brand: 'Otis', categoryId, locationId, underContract: opts.underContract ?? true, createdAt: opts.createdAt ?? daysFromNow(-400),
  })
  ids[reference] = id
}

/** A grid of the elevator with its ticked (DONE) and not applicable (NA) template items. */
async function grid(reference: string, status: 'DONE' | 'OPEN', completedAt: Date | null, items: Record<string, 'DONE' | 'NA' | 'TODO'>) {
  number++
  const id = uuidv7()
  await db().insert(workOrders).values({ id, reference: `OT-${number}`, number, type: 'PREVENTIVE', status, assetId: ids[reference], completedAt })
  let position = 0
  for (const [label, s] of Object.entries(items)) {
    await db().insert(checklistItems).values({ id: uuidv7(), workOrderId: id, taskTemplateId: tpl[label], label, position: ++position, status: s })
  }
}

const patch = (ref: string, body: unknown, token = admin) => t.request('PATCH', `/assets/${ids[ref]}`, { token, body })
const detail = async (ref: string, token = admin) => ok(await t.api.getAsset({ params: { id: ids[ref] } }, token))
const inspect = async (ref: string, inspectedAt: Date, extra: Record<string, unknown> = {}) => {
  const res = await patch(ref, { inspection: { inspectedAt: inspectedAt.toISOString(), body: 'Bureau Veritas', ...extra } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}
function assertField(res: { status: number; body: any }, code: 'INVALID_INSPECTION' | 'UNKNOWN_INSPECTION' | 'VALIDATION_ERROR', field: string) {
  assertError(res, 400, code)
  assert.ok(res.body.error.details.some((d: any) => d.field === field), JSON.stringify(res.body.error.details))
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur de test')
  siteS = await createLocation(t, admin, { name: 'Résidence des Tilleuls' })
  siteO = await createLocation(t, admin, { name: 'Tour Horizon' })
  for (const [label, months, active] of [['Freins', 6, true], ['Parachute', 12, true], ['Portes', 1, true], ['Ancienne tâche', 6, false]] as const) {
    tpl[label] = uuidv7()
    await db().insert(taskTemplates).values({ id: tpl[label], label, periodicityMonths: months, isActive: active })
  }
  for (const ref of ['OPS', 'OPS31', 'OPSM1', 'I90', 'I91', 'IM1', 'FIND']) await elevator(ref, siteS, categoryId)
  await elevator('NOC', siteS, categoryId, { underContract: false })
  await elevator('NEVER', siteO, categoryId, { createdAt: daysFromNow(-10) })
  await elevator('OLD', siteO, categoryId, { createdAt: yearsBefore(daysFromNow(-3), 5) })
  // OPS: the brakes ticked on a grid whose six months end in 30 days; the safety gear on a later one.
  await grid('OPS', 'DONE', monthsBefore(daysFromNow(30), 6), { Freins: 'DONE', Parachute: 'NA', Portes: 'DONE' })
  await grid('OPS', 'DONE', daysFromNow(-10), { Freins: 'NA', Parachute: 'DONE', Portes: 'DONE' })
  // An unfinished grid does not count, whatever its items say.
  await grid('OPS', 'OPEN', null, { Freins: 'DONE' })
  await grid('OPS31', 'DONE', monthsBefore(daysFromNow(31), 6), { Freins: 'DONE' })
  await grid('OPSM1', 'DONE', monthsBefore(daysFromNow(-1), 6), { Freins: 'DONE' })
  await grid('NOC', 'DONE', daysFromNow(-20), { Freins: 'DONE' })
})
after(() => t.close())

describe('AssetDetail: the periodic operations', () => {
  const op = (label: string, months: number, lastDoneAt: Date | null, nextDueAt: Date | null, daysLeft: number | null, state: string | null) =>
    ({ taskTemplateId: tpl[label], label, periodicityMonths: months, lastDoneAt: lastDoneAt?.toISOString() ?? null, nextDueAt: nextDueAt?.toISOString() ?? null, daysLeft, state })

  test('active tasks above one month, each last done on its latest finished grid where ticked; 30 days left is due soon', async () => {
    const a = await detail('OPS')
    assert.deepEqual(a.periodicOperations, [
      op('Freins', 6, monthsBefore(daysFromNow(30), 6), daysFromNow(30), 30, 'DUE_SOON'),
      op('Parachute', 12, daysFromNow(-10), monthsBefore(daysFromNow(-10), -12), 355, 'UP_TO_DATE'),
    ])
  })

  test('31 days left is up to date; never done is due a periodicity after its entry; a passed due day is overdue', async () => {
    const entered = daysFromNow(-400)
    assert.deepEqual((await detail('OPS31')).periodicOperations, [
      op('Freins', 6, monthsBefore(daysFromNow(31), 6), daysFromNow(31), 31, 'UP_TO_DATE'),
      op('Parachute', 12, null, monthsBefore(entered, -12), -35, 'OVERDUE'),
    ])
    assert.deepEqual((await detail('OPSM1')).periodicOperations[0], op('Freins', 6, monthsBefore(daysFromNow(-1), 6), daysFromNow(-1), -1, 'OVERDUE'))
  })

  test('not under contract: the last time done, no due date nor state', async () => {
    assert.deepEqual((await detail('NOC')).periodicOperations[0], op('Freins', 6, daysFromNow(-20), null, null, null))
  })
})

describe('AssetDetail: the technical inspection', () => {
  const fields = (a: any) => ({ lastInspectionAt: a.lastInspectionAt, inspectionBody: a.inspectionBody, nextInspectionDueAt: a.nextInspectionDueAt, inspectionDaysLeft: a.inspectionDaysLeft, inspectionState: a.inspectionState })
  const expected = (at: Date | null, due: Date, daysLeft: number, state: string) =>
    ({ lastInspectionAt: at?.toISOString() ?? null, inspectionBody: at ? 'Bureau Veritas' : null, nextInspectionDueAt: due.toISOString(), inspectionDaysLeft: daysLeft, inspectionState: state })

  test('recorded through updateAsset: due five years later; 90 days left is due soon, 91 up to date, a passed due day overdue', async () => {
    const at90 = yearsBefore(daysFromNow(90), 5)
    assert.deepEqual(fields(await inspect('I90', at90)), expected(at90, daysFromNow(90), 90, 'DUE_SOON'))
    const at91 = yearsBefore(daysFromNow(91), 5)
    assert.deepEqual(fields(await inspect('I91', at91)), expected(at91, daysFromNow(91), 91, 'UP_TO_DATE'))
    const atM1 = yearsBefore(daysFromNow(-1), 5)
    assert.deepEqual(fields(await inspect('IM1', atM1)), expected(atM1, daysFromNow(-1), -1, 'OVERDUE'))
  })

  test('never inspected: due five years after it entered the register', async () => {
    assert.deepEqual(fields(await detail('NEVER')), expected(null, daysFromNow(-10 + 1826), 1816, 'UP_TO_DATE'))
  })

  test('the history, newest first, with its report document and notes', async () => {
    const docId = uuidv7()
    await db().insert(documents).values({
      id: docId, assetId: ids.FIND, kind: 'REPORT', fileName: 'rapport-ct.pdf', contentType: 'application/pdf', sizeBytes: 10, sha256: 'x'.repeat(64), storageKey: `k-${docId}`, inCorpus: false,
    })
    await inspect('FIND', daysFromNow(-2000))
    const a = await inspect('FIND', daysFromNow(-30), { reportDocumentId: docId, notes: '  Deux observations. ', body: ' Apave ' })
    assert.deepEqual(a.inspections.map((i: any) => [i.inspectedAt, i.body, i.reportDocumentId, i.notes]), [
      [daysFromNow(-30).toISOString(), 'Apave', docId, 'Deux observations.'],
      [daysFromNow(-2000).toISOString(), 'Bureau Veritas', null, null],
    ])
    assert.deepEqual([a.lastInspectionAt, a.inspectionBody], [daysFromNow(-30).toISOString(), 'Apave'])
  })

  test('a date in the future, a blank or long body, a report not of this elevator, an unknown field: 400 naming the field', async () => {
    const [other] = await db().insert(documents).values({
      id: uuidv7(), assetId: ids.OPS, kind: 'REPORT', fileName: 'autre.pdf', contentType: 'application/pdf', sizeBytes: 10, sha256: 'y'.repeat(64), storageKey: `k-${uuidv7()}`, inCorpus: false,
    }).returning({ id: documents.id })
    const good = { inspectedAt: daysFromNow(-1).toISOString(), body: 'Dekra' }
    assertField(await patch('I91', { inspection: { ...good, inspectedAt: daysFromNow(1).toISOString() } }), 'INVALID_INSPECTION', 'inspection.inspectedAt')
    assertField(await patch('I91', { inspection: { ...good, body: '   ' } }), 'VALIDATION_ERROR', 'inspection.body')
    assertField(await patch('I91', { inspection: { ...good, body: 'x'.repeat(121) } }), 'VALIDATION_ERROR', 'inspection.body')
    assertField(await patch('I91', { inspection: { ...good, reportDocumentId: other.id } }), 'INVALID_INSPECTION', 'inspection.reportDocumentId')
    assertField(await patch('I91', { inspection: { ...good, reportDocumentId: uuidv7() } }), 'INVALID_INSPECTION', 'inspection.reportDocumentId')
    assertField(await patch('I91', { inspection: { ...good, result: 'OK' } }), 'VALIDATION_ERROR', 'inspection.result')
    assertField(await patch('I91', { inspection: { body: 'Dekra' } }), 'VALIDATION_ERROR', 'inspection.inspectedAt')
    // Nothing was recorded by the refused calls.
    assert.equal((await detail('I91')).inspections.length, 1)
  })

  test('createAsset records one too; a report cannot be given there (no document is the new elevator’s yet)', async () => {
    const base = { reference: 'NEW-CT', brand: 'Kone', categoryId: (await db().select({ c: assets.categoryId }).from(assets).where(eq(assets.id, ids.OPS)))[0].c, locationId: siteS, underContract: true }
    assertField(await t.request('POST', '/assets', { token: admin, body: { ...base, inspection: { inspectedAt: daysFromNow(-5).toISOString(), body: 'Socotec', reportDocumentId: uuidv7() } } }), 'INVALID_INSPECTION', 'inspection.reportDocumentId')
    const res = await t.request('POST', '/assets', { token: admin, body: { ...base, inspection: { inspectedAt: daysFromNow(-5).toISOString(), body: 'Socotec' } } })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.deepEqual([res.body.inspectionBody, res.body.inspections.length, res.body.inspectionState], ['Socotec', 1, 'UP_TO_DATE'])
  })

  test('an elevator outside the caller’s sites: 404, nothing recorded', async () => {
    const { token } = await t.userWithRole('Dispatcher', { siteIds: [siteO] })
    assertError(await patch('I91', { inspection: { inspectedAt: daysFromNow(-1).toISOString(), body: 'Dekra' } }, token), 404, 'NOT_FOUND')
    assert.equal((await detail('I91')).inspections.length, 1)
  })
})

describe('findings as work orders', () => {
  let inspectionId: string
  before(async () => { inspectionId = (await detail('FIND')).inspections[0].id })
  const create = (body: Record<string, unknown>) => t.request('POST', '/work-orders', { token: admin, body: { assetId: ids.FIND, description: 'Observation', ...body } })

  test('an inspection of another elevator, or unknown: 400 naming inspectionId', async () => {
    const otherInspection = (await detail('I91')).inspections[0].id
    assertField(await create({ inspectionId: otherInspection }), 'UNKNOWN_INSPECTION', 'inspectionId')
    assertField(await create({ inspectionId: uuidv7() }), 'UNKNOWN_INSPECTION', 'inspectionId')
  })

  test('origin and inspectionId on the detail and the listed row; the history counts findings and open ones', async () => {
    const made: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await create({ inspectionId, description: `Observation ${i + 1}` })
      assert.equal(res.status, 201, JSON.stringify(res.body))
      assert.deepEqual([res.body.origin, res.body.inspectionId], ['INSPECTION_FINDING', inspectionId])
      made.push(res.body.id as string)
    }
    await db().update(workOrders).set({ status: 'DONE', completedAt: daysFromNow(-1) }).where(eq(workOrders.id, made[0]))
    await db().update(workOrders).set({ status: 'CANCELLED', cancelledAt: daysFromNow(-1), cancelReason: 'Doublon' }).where(eq(workOrders.id, made[1]))
    const list = await t.request('GET', `/work-orders?assetId=${ids.FIND}&limit=200`, { token: admin })
    const listed = (list.body.workOrders as any[]).filter((o) => made.includes(o.id))
    assert.deepEqual(listed.map((o) => [o.origin, o.inspectionId]), made.map(() => ['INSPECTION_FINDING', inspectionId]))
    const h = (await detail('FIND')).inspections
    assert.deepEqual(h.map((i: any) => [i.findingsCount, i.openFindingsCount]), [[3, 1], [0, 0]])
  })

  test('the other origins: MANUAL, PREVENTIVE, REQUEST', async () => {
    const manual = await create({})
    assert.deepEqual([manual.body.origin, manual.body.inspectionId], ['MANUAL', null])
    const [g] = await db().select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.assetId, ids.OPS)).limit(1)
    assert.equal(ok(await t.api.getWorkOrder({ params: { id: g.id } }, admin)).origin, 'PREVENTIVE')
    const req = ok(await t.api.createRequest({ body: { assetId: ids.FIND, description: 'Bruit en cabine' } }, admin))
    const approved = ok(await t.api.approveRequest({ params: { id: req.id }, body: {} }, admin))
    const orderId = approved.id
    assert.equal(approved.origin, 'REQUEST')
    const list = await t.request('GET', `/work-orders?assetId=${ids.FIND}&limit=200`, { token: admin })
    assert.equal((list.body.workOrders as any[]).find((o) => o.id === orderId).origin, 'REQUEST')
  })
})

describe('PreventiveStatus: inspections overdue and due within 90 days', () => {
  test('counted and listed, the most urgent first; by the caller’s sites', async () => {
    const s = ok(await t.api.getPreventiveStatus({}, admin))
    const refs = (l: { reference: string; inspectionDaysLeft: number }[]) => l.map((r) => [r.reference, r.inspectionDaysLeft])
    assert.deepEqual(refs(s.inspectionsOverdue), [['OLD', -3], ['IM1', -1]])
    assert.equal(s.inspectionsOverdueCount, 2)
    assert.deepEqual(refs(s.inspectionsDueSoon), [['I90', 90]])
    assert.equal(s.inspectionsDueSoonCount, 1)
    assert.deepEqual(Object.keys(s.inspectionsOverdue[1]).sort(), ['id', 'inspectionBody', 'inspectionDaysLeft', 'lastInspectionAt', 'nextInspectionDueAt', 'reference', 'siteName'])
    assert.deepEqual(s.inspectionsOverdue[1], {
      id: ids.IM1, reference: 'IM1', siteName: 'Résidence des Tilleuls', lastInspectionAt: yearsBefore(daysFromNow(-1), 5).toISOString(),
      inspectionBody: 'Bureau Veritas', nextInspectionDueAt: daysFromNow(-1).toISOString(), inspectionDaysLeft: -1,
    })
    const { token } = await t.userWithRole('Dispatcher', { siteIds: [siteO] })
    const o = ok(await t.api.getPreventiveStatus({}, token))
    assert.deepEqual([o.inspectionsOverdueCount, refs(o.inspectionsOverdue), o.inspectionsDueSoonCount], [1, [['OLD', -3]], 0])
  })
})
