import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { workOrderAssignees, workOrders } from '../work-orders/work-orders.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { insertAsset, insertReferenceValue } from '../work-orders/work-orders.fixtures.ts'
import { assets } from './assets.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: string
const clock = new ManualClock('2026-03-15T10:00:00.000Z')
let site: string
let otherSite: string
let elevator: string
const ref: Record<string, string> = {}
const db = () => t.app.deps.database.db
let orderSeq = 0

type Order = {
  type?: 'CORRECTIVE' | 'PREVENTIVE'; status?: string; createdAt: string; completedAt?: string; personBlocked?: boolean
  arrivedAt?: string; releasedAt?: string; leftAt?: string; circumstance?: string; cause?: string; notes?: string
}
async function order(name: string, o: Order, assetId = elevator): Promise<string> {
  const id = uuidv7()
  const number = ++orderSeq + 9000
  const at = (v?: string) => (v ? new Date(v) : null)
  await db().insert(workOrders).values({
    id, reference: `OT-${String(number).padStart(6, '0')}`, number, type: o.type ?? 'CORRECTIVE', status: o.status ?? 'DONE',
    priority: o.personBlocked ? 'URGENT' : 'NORMAL', priorityRank: o.personBlocked ? 4 : 2, personBlocked: o.personBlocked ?? false,
    assetId, description: name, createdAt: new Date(o.createdAt), completedAt: at(o.completedAt), startedAt: at(o.arrivedAt),
    arrivedAt: at(o.arrivedAt), releasedAt: at(o.releasedAt), leftAt: at(o.leftAt), cancelReason: o.status === 'CANCELLED' ? 'doublon' : null,
    cancelledAt: o.status === 'CANCELLED' ? new Date(o.createdAt) : null,
    reportCircumstanceId: o.circumstance ?? null, reportCauseId: o.cause ?? null, reportNotes: o.notes ?? null,
  })
  ref[name] = `OT-${String(number).padStart(6, '0')}`
  return id
}
const carnet = (id: string, query: string, token = admin) => t.request('GET', `/assets/${id}?${query}`, { token })
const YEAR_2025 = 'from=2025-01-01&to=2025-12-31'

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  site = await createLocation(t, admin, { name: 'Résidence du Parc', address: '3 allée du Parc', city: 'Nantes' })
  otherSite = await createLocation(t, admin, { name: 'Tour Sud', city: 'Nantes' })
  elevator = await insertAsset(t, site, { reference: 'NAN-PARC-A' })
  await db().update(assets).set({ underContract: true }).where(eq(assets.id, elevator))
  const [visit] = await db().select({ id: referenceValues.id }).from(referenceValues)
    .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), sql`lower(${referenceValues.label}) = 'visite d''entretien'`))
  const doors = await insertReferenceValue(t, 'CAUSE', 'Usure porte palière (test)')
  const dust = await insertReferenceValue(t, 'CAUSE', 'Encrassement (test)')
  const tech1 = await t.userWithRole('Technicien')
  const tech2 = await t.userWithRole('Technicien')

  await order('visitBefore', { type: 'PREVENTIVE', createdAt: '2024-12-01T08:00:00Z', completedAt: '2024-12-20T10:00:00Z' })
  // The period's first instant is in, its end is out.
  await order('firstInstant', { createdAt: '2024-12-31T22:00:00Z', completedAt: '2025-01-01T00:00:00Z' })
  const trapped = await order('trapped', {
    createdAt: '2025-02-01T06:00:00Z', completedAt: '2025-02-01T12:00:00Z', personBlocked: true, arrivedAt: '2025-02-01T06:40:00Z',
    releasedAt: '2025-02-01T07:15:30Z', leftAt: '2025-02-01T11:50:00Z', cause: doors, notes: 'Galet de porte remplacé.',
  })
  // The call came from a request created before the order: the call is the request's.
  await db().insert(requests).values({
    id: uuidv7(), reference: 'DEM-009001', number: 9001, source: 'APP', description: 'Personne bloquée', assetId: elevator, status: 'APPROVED',
    personBlocked: true, workOrderId: trapped, createdAt: new Date('2025-02-01T05:55:00Z'),
  })
  await db().insert(workOrderAssignees).values([{ workOrderId: trapped, userId: tech1.id }, { workOrderId: trapped, userId: tech2.id }])
  const part = uuidv7()
  await db().insert(parts).values({ id: part, reference: 'GAL-60', number: 9001, designation: 'Galet de porte 60 mm', quantity: 5 })
  await db().insert(stockMovements).values([1, 1].map(() => ({ id: uuidv7(), partId: part, kind: 'CONSUMPTION', quantity: -1, unitPriceCents: 1200, workOrderId: trapped })))
  await order('visit1', { type: 'PREVENTIVE', createdAt: '2025-02-01T08:00:00Z', completedAt: '2025-02-10T09:00:00Z' })
  // Called exactly 30 days after `trapped` was finished: a callback.
  await order('callback', { createdAt: '2025-03-03T12:00:00Z', completedAt: '2025-03-03T15:00:00Z', cause: dust })
  // Called 30 days and one second after `callback` was finished: not one.
  await order('late', { createdAt: '2025-04-02T15:00:01Z', completedAt: '2025-04-02T18:00:00Z', cause: doors })
  await order('visit2', { createdAt: '2025-05-19T08:00:00Z', completedAt: '2025-05-20T09:00:00Z', circumstance: visit.id })
  await order('cancelled', { status: 'CANCELLED', createdAt: '2025-06-01T08:00:00Z' })
  await order('open', { status: 'IN_PROGRESS', createdAt: '2025-06-02T08:00:00Z' })
  await order('lastInstant', { createdAt: '2025-12-31T20:00:00Z', completedAt: '2025-12-31T23:59:59.999Z' })
  await order('nextYear', { createdAt: '2025-12-31T21:00:00Z', completedAt: '2026-01-01T00:00:00Z' })
  await order('elsewhere', { createdAt: '2025-02-01T08:00:00Z', completedAt: '2025-03-01T09:00:00Z' }, await insertAsset(t, site))
})
after(() => t.close())

describe('getAsset with a period: the carnet', () => {
  test('lists the finished orders completed in the period, in order of completion, ends included', async () => {
    const res = await carnet(elevator, YEAR_2025)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.logbook.entries.map((e: any) => [e.reference, e.kind]), [
      [ref.firstInstant, 'BREAKDOWN'], [ref.trapped, 'BREAKDOWN'], [ref.visit1, 'VISIT'], [ref.callback, 'BREAKDOWN'],
      [ref.late, 'BREAKDOWN'], [ref.visit2, 'VISIT'], [ref.lastInstant, 'BREAKDOWN'],
    ])
    assert.equal(res.body.logbook.from, '2025-01-01')
    assert.equal(res.body.logbook.to, '2025-12-31')
  })

  test('an entry carries its times, technicians, labelled report and parts', async () => {
    const res = await carnet(elevator, YEAR_2025)
    const e = res.body.logbook.entries.find((x: any) => x.reference === ref.trapped)
    assert.deepEqual({ ...e, workOrderId: undefined, technicians: e.technicians.length }, {
      workOrderId: undefined, reference: ref.trapped, kind: 'BREAKDOWN', description: 'trapped', personBlocked: true,
      callReceivedAt: '2025-02-01T05:55:00.000Z', startedAt: '2025-02-01T06:40:00.000Z', arrivedAt: '2025-02-01T06:40:00.000Z',
      releasedAt: '2025-02-01T07:15:30.000Z', leftAt: '2025-02-01T11:50:00.000Z', completedAt: '2025-02-01T12:00:00.000Z',
      releaseDelayMinutes: 80, callbackOf: null, technicians: 2,
      report: { symptom: null, component: null, cause: 'Usure porte palière (test)', action: null, result: null, circumstance: null, notes: 'Galet de porte remplacé.' },
      parts: [{ reference: 'GAL-60', designation: 'Galet de porte 60 mm', quantity: 2 }],
    })
    const visit = res.body.logbook.entries.find((x: any) => x.reference === ref.visit2)
    assert.equal(visit.callReceivedAt, '2025-05-19T08:00:00.000Z')
    assert.equal(visit.report.circumstance, 'Visite d\'entretien')
  })

  test('a breakdown called at most 30 days after a finished repair is a callback; one second later is not', async () => {
    const { entries, summary } = (await carnet(elevator, YEAR_2025)).body.logbook
    const callbackOf = Object.fromEntries(entries.map((e: any) => [e.reference, e.callbackOf]))
    assert.equal(callbackOf[ref.callback], ref.trapped)
    assert.equal(callbackOf[ref.late], null)
    assert.equal(callbackOf[ref.visit1], null)
    assert.equal(summary.callbacks, 1)
  })

  test('the summary counts visits, gaps, breakdowns, releases, parts and causes', async () => {
    const { summary } = (await carnet(elevator, YEAR_2025)).body.logbook
    assert.deepEqual(summary, {
      visitsDone: 2,
      visitsDue: 9, // ceil(365 / 42)
      longestVisitGapDays: 225, // 20 May → 31 December (before: 20 Dec → 10 Feb 52, 10 Feb → 20 May 99)
      breakdowns: 5,
      callbacks: 1,
      controls: 0,
      trappedIncidents: 1,
      releasesOverOneHour: 1,
      releases: [{ workOrderId: summary.releases[0].workOrderId, reference: ref.trapped, callReceivedAt: '2025-02-01T05:55:00.000Z', releasedAt: '2025-02-01T07:15:30.000Z', releaseDelayMinutes: 80 }],
      partsReplaced: 2,
      mainCauses: [{ label: 'Usure porte palière (test)', count: 2 }, { label: 'Encrassement (test)', count: 1 }],
      // Periodic operations, inspection and findings: assets.logbook-compliance.test.ts.
      periodicOperations: [],
      periodicOperationsOverdue: 0,
      inspection: { lastInspectionAt: null, body: null, nextDueAt: summary.inspection.nextDueAt, state: 'UP_TO_DATE' },
      findingsOpen: 0,
      findingsRemedied: 0,
    })
  })

  test('a period reaching past today owes and counts only up to today', async () => {
    const { summary, entries } = (await carnet(elevator, 'from=2026-01-01&to=2026-12-31')).body.logbook
    assert.deepEqual(entries.map((e: any) => e.reference), [ref.nextYear])
    assert.equal(summary.visitsDue, 2) // 1 January → 15 March: 74 days
    assert.equal(summary.longestVisitGapDays, 299) // 20 May 2025 → 15 March 2026
  })

  test('a period after today owes nothing and has no gap', async () => {
    const { summary } = (await carnet(elevator, 'from=2026-06-01&to=2026-06-30')).body.logbook
    assert.equal(summary.visitsDue, 0)
    assert.equal(summary.longestVisitGapDays, null)
  })
})

describe('getAsset period validation', () => {
  const cases: [string, string][] = [
    ['from=2025-01-01', 'to'],
    ['to=2025-01-01', 'from'],
    ['from=2025-02-01&to=2025-01-31', 'to'],
    ['from=2025-01-01&to=2026-01-02', 'to'], // 367 days
  ]
  for (const [query, field] of cases) {
    test(`${query} answers 400 INVALID_PERIOD naming ${field}`, async () => {
      const res = await carnet(elevator, query)
      assertError(res, 400, 'INVALID_PERIOD')
      assert.equal(res.body.error.details[0].field, field)
    })
  }

  test('a leap year of 366 days is accepted', async () => {
    const res = await carnet(elevator, 'from=2024-01-01&to=2024-12-31')
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.logbook.entries.map((e: any) => e.reference), [ref.visitBefore])
  })

  for (const query of ['from=2025-13-01&to=2025-12-31', 'from=2025-01-01&to=31/12/2025', 'from=2025-01-01&to=2025-12-31&year=2025']) {
    test(`${query} answers 400`, async () => {
      assertError(await carnet(elevator, query), 400)
    })
  }
})

describe('getAsset with a period: scope and the plain detail', () => {
  test('a Demandeur of another site gets 404; of the elevator’s site, the carnet', async () => {
    const outsider = await t.userWithRole('Demandeur', { siteIds: [otherSite] })
    assertError(await carnet(elevator, YEAR_2025, outsider.token), 404)
    const insider = await t.userWithRole('Demandeur', { siteIds: [site] })
    const res = await carnet(elevator, YEAR_2025, insider.token)
    assert.equal(res.status, 200)
    assert.equal(res.body.logbook.entries.length, 7)
  })

  test('without a period the detail has no logbook and the same fields', async () => {
    const plain = await t.request('GET', `/assets/${elevator}`, { token: admin })
    assert.equal(plain.status, 200)
    assert.equal('logbook' in plain.body, false)
    const { logbook, ...rest } = (await carnet(elevator, YEAR_2025)).body
    assert.ok(logbook)
    assert.deepEqual(rest, plain.body)
  })
})
