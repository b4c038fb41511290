// The carnet's periodic operations and inspections, and the annual report's state at the
// period's end (docs/compliance.md, "Carnet d'entretien", "Owner's annual activity report").
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { assetInspections, assets } from './assets.tables.ts'
import { documents } from '../documents/documents.tables.ts'
import { taskTemplates } from '../preventive/preventive.tables.ts'
import { checklistItems, workOrders } from '../work-orders/work-orders.tables.ts'
import { insertReferenceValue } from '../work-orders/work-orders.fixtures.ts'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

const clock = new ManualClock('2026-03-15T10:00:00.000Z')
const YEAR_2025 = 'from=2025-01-01&to=2025-12-31'
let t: TestApp
let admin: string
const ids: Record<string, string> = {}
const tpl: Record<string, string> = {}
const ref: Record<string, string> = {}
let number = 930_000_000
const db = () => t.app.deps.database.db
const at = (iso: string) => new Date(iso)

async function order(name: string, assetId: string, o: { type?: 'PREVENTIVE' | 'CORRECTIVE'; status: string; createdAt?: string; completedAt?: string; cancelledAt?: string; inspectionId?: string; action?: string }) {
  const id = uuidv7()
  number++
  ref[name] = `OT-${number}`
  await db().insert(workOrders).values({
    id, reference: ref[name], number, type: o.type ?? 'CORRECTIVE', status: o.status, assetId, description: name,
    createdAt: at(o.createdAt ?? '2024-01-01T00:00:00Z'), completedAt: o.completedAt ? at(o.completedAt) : null,
    cancelledAt: o.cancelledAt ? at(o.cancelledAt) : null, cancelReason: o.cancelledAt ? 'doublon' : null,
    inspectionId: o.inspectionId ?? null, reportActionId: o.action ?? null,
  })
  return id
}
async function grid(name: string, assetId: string, status: 'DONE' | 'OPEN', completedAt: string | undefined, items: Record<string, 'DONE' | 'NA'>) {
  const id = await order(name, assetId, { type: 'PREVENTIVE', status, completedAt })
  let position = 0
  for (const [label, s] of Object.entries(items)) {
    await db().insert(checklistItems).values({ id: uuidv7(), workOrderId: id, taskTemplateId: tpl[label], label, position: ++position, status: s })
  }
}
async function inspection(assetId: string, inspectedAt: string, body: string, reportDocumentId: string | null = null) {
  const id = uuidv7()
  await db().insert(assetInspections).values({ id, assetId, inspectedAt: at(inspectedAt), body, reportDocumentId })
  return id
}
const logbook = async (id: string, query = YEAR_2025) => {
  const res = await t.request('GET', `/assets/${id}?${query}`, { token: admin })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.logbook
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur (carnet)')
  const site = await createLocation(t, admin, { name: 'Résidence des Ormes' })
  for (const [name, underContract] of [['E', true], ['NOC', false]] as const) {
    ids[name] = uuidv7()
    await db().insert(assets).values({ id: ids[name], reference: `ORM-${name}`, brand: 'Otis', categoryId, locationId: site, underContract, createdAt: at('2023-01-01T00:00:00Z') })
  }
  for (const [label, months, active] of [['Freins', 6, true], ['Parachute', 12, true], ['Portes', 1, true], ['Ancienne tâche', 6, false]] as const) {
    tpl[label] = uuidv7()
    await db().insert(taskTemplates).values({ id: tpl[label], label, periodicityMonths: months, isActive: active })
  }
  const E = ids.E!
  // The period's first instant is in, its end is out; an open grid counts for nothing.
  await grid('before', E, 'DONE', '2024-12-31T23:59:59.999Z', { Freins: 'DONE' })
  await grid('first', E, 'DONE', '2025-01-01T00:00:00Z', { Freins: 'DONE', Portes: 'DONE', 'Ancienne tâche': 'DONE' })
  await grid('july', E, 'DONE', '2025-07-10T09:00:00Z', { Freins: 'DONE', Parachute: 'NA' })
  await grid('open', E, 'OPEN', undefined, { Parachute: 'DONE' })
  await grid('next', E, 'DONE', '2026-01-01T00:00:00Z', { Parachute: 'DONE' })

  const replaced = await insertReferenceValue(t, 'ACTION', 'Remplacement (carnet)')
  const old = await inspection(E, '2020-06-01T09:00:00Z', 'Apave')
  await order('oldFinding', E, { status: 'DONE', createdAt: '2024-05-01T00:00:00Z', completedAt: '2025-02-01T10:00:00Z', inspectionId: old })
  const doc = uuidv7()
  await db().insert(documents).values({
    id: doc, assetId: E, kind: 'REPORT', fileName: 'rapport-2025.pdf', contentType: 'application/pdf', sizeBytes: 10, sha256: 'x'.repeat(64), storageKey: `k-${doc}`, inCorpus: false,
  })
  const i2025 = await inspection(E, '2025-06-15T09:00:00Z', 'Bureau Veritas', doc)
  await order('remedied', E, { status: 'DONE', createdAt: '2025-06-20T00:00:00Z', completedAt: '2025-08-01T10:00:00Z', inspectionId: i2025, action: replaced })
  await order('remediedAfter', E, { status: 'DONE', createdAt: '2025-06-20T00:00:00Z', completedAt: '2026-02-01T10:00:00Z', inspectionId: i2025 })
  await order('stillOpen', E, { status: 'OPEN', createdAt: '2025-06-20T00:00:00Z', inspectionId: i2025 })
  await order('dropped', E, { status: 'CANCELLED', createdAt: '2025-06-20T00:00:00Z', cancelledAt: '2025-09-01T00:00:00Z', inspectionId: i2025 })
  await inspection(E, '2026-01-01T00:00:00Z', 'Dekra')
})
after(() => t.close())

describe('the carnet’s periodic operations and inspections', () => {
  test('lists the operations above one month ticked on finished grids completed in the period, ends included', async () => {
    const { periodicOperations } = await logbook(ids.E!)
    assert.deepEqual(periodicOperations.map((o: any) => [o.label, o.periodicityMonths, o.doneAt, o.reference]), [
      ['Ancienne tâche', 6, '2025-01-01T00:00:00.000Z', ref.first],
      ['Freins', 6, '2025-01-01T00:00:00.000Z', ref.first],
      ['Freins', 6, '2025-07-10T09:00:00.000Z', ref.july],
    ])
    assert.deepEqual(Object.keys(periodicOperations[0]).sort(), ['doneAt', 'label', 'periodicityMonths', 'reference', 'taskTemplateId', 'workOrderId'])
  })

  test('lists the period’s inspections and the earlier ones dealt with in it, with their report and each finding’s state and remedy', async () => {
    const { inspections } = await logbook(ids.E!)
    const plain = (i: any) => ({ ...i, id: undefined, findings: i.findings.map((f: any) => ({ ...f, workOrderId: undefined })) })
    assert.deepEqual(inspections.map(plain), [{
      // 2020's: its finding was remedied in the period.
      id: undefined, inspectedAt: '2020-06-01T09:00:00.000Z', body: 'Apave', reportDocumentName: null, notes: null,
      findings: [{ workOrderId: undefined, reference: ref.oldFinding, description: 'oldFinding', status: 'DONE', completedAt: '2025-02-01T10:00:00.000Z', action: null }],
    }, {
      id: undefined, inspectedAt: '2025-06-15T09:00:00.000Z', body: 'Bureau Veritas', reportDocumentName: 'rapport-2025.pdf', notes: null,
      findings: [
        { workOrderId: undefined, reference: ref.remedied, description: 'remedied', status: 'DONE', completedAt: '2025-08-01T10:00:00.000Z', action: 'Remplacement (carnet)' },
        { workOrderId: undefined, reference: ref.remediedAfter, description: 'remediedAfter', status: 'DONE', completedAt: '2026-02-01T10:00:00.000Z', action: null },
        { workOrderId: undefined, reference: ref.stillOpen, description: 'stillOpen', status: 'OPEN', completedAt: null, action: null },
        { workOrderId: undefined, reference: ref.dropped, description: 'dropped', status: 'CANCELLED', completedAt: null, action: null },
      ],
    }])
  })

  test('an inspection on the period’s first instant is in; an earlier one whose findings were all dealt with before is out', async () => {
    const next = await logbook(ids.E!, 'from=2026-01-01&to=2026-03-15')
    // 2025's still has findings open in 2026; 2020's had none left.
    assert.deepEqual(next.inspections.map((i: any) => i.body), ['Bureau Veritas', 'Dekra'])
    const before = await logbook(ids.E!, 'from=2024-01-01&to=2024-12-31')
    assert.deepEqual(before.inspections.map((i: any) => i.body), ['Apave']) // its finding open at 2024's end
    assert.deepEqual(next.periodicOperations.map((o: any) => [o.label, o.reference]), [['Parachute', ref.next]])
  })
})

describe('the annual report’s state at the period’s end', () => {
  test('counts each operation done in the period and gives its state at the period’s end', async () => {
    const { summary } = await logbook(ids.E!)
    assert.deepEqual(summary.periodicOperations.map((o: any) => ({ ...o, taskTemplateId: undefined })), [
      // Done 10 July: due 10 January, ten days after the period's last day.
      { taskTemplateId: undefined, label: 'Freins', periodicityMonths: 6, doneCount: 2, lastDoneAt: '2025-07-10T09:00:00.000Z', nextDueAt: '2026-01-10T09:00:00.000Z', state: 'DUE_SOON' },
      // Never done by the period's end (the January grid is after it): a year after entry.
      { taskTemplateId: undefined, label: 'Parachute', periodicityMonths: 12, doneCount: 0, lastDoneAt: null, nextDueAt: '2024-01-01T00:00:00.000Z', state: 'OVERDUE' },
      // Taken out of the programme: still counted, no longer due.
      { taskTemplateId: undefined, label: 'Ancienne tâche', periodicityMonths: 6, doneCount: 1, lastDoneAt: '2025-01-01T00:00:00.000Z', nextDueAt: null, state: null },
    ])
    assert.equal(summary.periodicOperationsOverdue, 1)
  })

  test('gives the inspection as it stood at the period’s end, not a later one', async () => {
    const { summary } = await logbook(ids.E!)
    assert.deepEqual(summary.inspection, { lastInspectionAt: '2025-06-15T09:00:00.000Z', body: 'Bureau Veritas', nextDueAt: '2030-06-15T09:00:00.000Z', state: 'UP_TO_DATE' })
  })

  test('counts findings remedied in the period and open at its end: one remedied after the period is open', async () => {
    const { summary } = await logbook(ids.E!)
    assert.equal(summary.findingsRemedied, 2) // oldFinding (an earlier inspection's), remedied
    assert.equal(summary.findingsOpen, 2) // remediedAfter, stillOpen; dropped was cancelled in the period
    const now = await logbook(ids.E!, 'from=2026-01-01&to=2026-03-15')
    assert.equal(now.summary.findingsRemedied, 1)
    assert.equal(now.summary.findingsOpen, 1)
  })

  test('a period still running is judged today: operations and inspection', async () => {
    const { summary } = await logbook(ids.E!, 'from=2026-01-01&to=2026-12-31')
    assert.deepEqual(summary.inspection, { lastInspectionAt: '2026-01-01T00:00:00.000Z', body: 'Dekra', nextDueAt: '2031-01-01T00:00:00.000Z', state: 'UP_TO_DATE' })
    // Freins: due 10 January 2026, passed by 15 March.
    assert.deepEqual(summary.periodicOperations.map((o: any) => [o.label, o.doneCount, o.state]), [['Freins', 0, 'OVERDUE'], ['Parachute', 1, 'UP_TO_DATE']])
  })

  test('out of contract nothing is due: no state, no due date', async () => {
    const { summary, periodicOperations, inspections } = await logbook(ids.NOC!)
    assert.deepEqual(periodicOperations, [])
    assert.deepEqual(inspections, [])
    assert.deepEqual(summary.inspection, { lastInspectionAt: null, body: null, nextDueAt: null, state: null })
    assert.deepEqual(summary.periodicOperations.map((o: any) => [o.label, o.nextDueAt, o.state]), [['Freins', null, null], ['Parachute', null, null]])
    assert.equal(summary.periodicOperationsOverdue, 0)
    assert.equal(summary.findingsOpen, 0)
  })
})
