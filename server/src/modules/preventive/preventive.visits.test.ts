// Visits at most six weeks apart (docs/compliance.md): the elevator's fields in getAsset and
// the fleet's lists in getPreventiveStatus, against the service's clock.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'

const NOW = '2026-03-15T10:00:00.000Z'
const DAY = 86_400_000
const clock = new ManualClock(NOW)
const ago = (days: number) => new Date(Date.parse(NOW) - days * DAY)
const iso = (days: number) => ago(days).toISOString()

let t: TestApp
let admin: string
let siteO: string
const ids: Record<string, string> = {}
let number = 910_000_000

async function elevator(reference: string, locationId: string, categoryId: string, opts: { createdDaysAgo?: number; underContract?: boolean } = {}) {
  const id = uuidv7()
  await t.app.deps.database.db.insert(assets).values({
    id, reference, brand: 'Schindler', categoryId, locationId, underContract: opts.underContract ?? true, createdAt: ago(opts.createdDaysAgo ?? 400),
  })
  ids[reference] = id
}

async function order(reference: string, type: 'PREVENTIVE' | 'CORRECTIVE', status: 'DONE' | 'CANCELLED' | 'OPEN', completedDaysAgo: number | null, circumstanceId?: string) {
  number++
  await t.app.deps.database.db.insert(workOrders).values({
    id: uuidv7(), reference: `OT-${number}`, number, type, status, assetId: ids[reference],
    completedAt: completedDaysAgo === null ? null : ago(completedDaysAgo),
    reportCircumstanceId: circumstanceId ?? null,
    ...(status === 'CANCELLED' ? { cancelReason: 'Accès impossible' } : {}),
  })
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur de test')
  const siteS = await createLocation(t, admin, { name: 'Résidence des Tilleuls' })
  siteO = await createLocation(t, admin, { name: 'Tour Horizon' })
  const [visit] = await t.app.deps.database.db.select({ id: referenceValues.id }).from(referenceValues)
    .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), eq(referenceValues.label, 'Visite d\'entretien')))
  const [call] = await t.app.deps.database.db.select({ id: referenceValues.id }).from(referenceValues)
    .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), eq(referenceValues.label, 'Appel client')))
  for (const ref of ['V10', 'V38', 'V50', 'CORR', 'CANC', 'CIRC']) await elevator(ref, siteS, categoryId)
  await elevator('NEW', siteS, categoryId, { createdDaysAgo: 40 })
  await elevator('NOC', siteS, categoryId, { underContract: false })
  await elevator('B50', siteO, categoryId)
  await order('V10', 'PREVENTIVE', 'DONE', 10)
  await order('V10', 'PREVENTIVE', 'DONE', 52)
  await order('V38', 'PREVENTIVE', 'DONE', 38)
  await order('V50', 'PREVENTIVE', 'DONE', 50)
  // A breakdown repaired, even with a coded report, is not a visit.
  await order('CORR', 'PREVENTIVE', 'DONE', 50)
  await order('CORR', 'CORRECTIVE', 'DONE', 5, call.id)
  // A cancelled grid (whatever its times) and an open one are not visits.
  await order('CANC', 'PREVENTIVE', 'DONE', 50)
  await order('CANC', 'PREVENTIVE', 'CANCELLED', 5)
  await order('CANC', 'PREVENTIVE', 'OPEN', null)
  // A repair made during the maintenance visit (its report says so) is the visit.
  await order('CIRC', 'PREVENTIVE', 'DONE', 50)
  await order('CIRC', 'CORRECTIVE', 'DONE', 3, visit.id)
  await order('NOC', 'PREVENTIVE', 'DONE', 50)
  await order('B50', 'PREVENTIVE', 'DONE', 50)
})
after(() => t.close())

const visitOf = async (ref: string, token = admin) => {
  const a = ok(await t.api.getAsset({ params: { id: ids[ref] } }, token))
  return { lastVisitAt: a.lastVisitAt, nextVisitDueAt: a.nextVisitDueAt, visitDaysLeft: a.visitDaysLeft, visitState: a.visitState }
}

describe('AssetDetail: the six-week visit', () => {
  test('visited 10 days ago: à jour, the next visit due 42 days after the last', async () => {
    assert.deepEqual(await visitOf('V10'), { lastVisitAt: iso(10), nextVisitDueAt: iso(10 - 42), visitDaysLeft: 32, visitState: 'UP_TO_DATE' })
  })

  test('visited 38 days ago: bientôt dû, 4 days left', async () => {
    assert.deepEqual(await visitOf('V38'), { lastVisitAt: iso(38), nextVisitDueAt: iso(38 - 42), visitDaysLeft: 4, visitState: 'DUE_SOON' })
  })

  test('visited 50 days ago: en retard by 8 days', async () => {
    assert.deepEqual(await visitOf('V50'), { lastVisitAt: iso(50), nextVisitDueAt: iso(50 - 42), visitDaysLeft: -8, visitState: 'OVERDUE' })
  })

  test('a corrective order does not count, nor a cancelled or open grid', async () => {
    assert.deepEqual(await visitOf('CORR'), await visitOf('V50'))
    assert.deepEqual(await visitOf('CANC'), await visitOf('V50'))
  })

  test('a finished order whose report says « Visite d’entretien » counts as the visit', async () => {
    assert.deepEqual(await visitOf('CIRC'), { lastVisitAt: iso(3), nextVisitDueAt: iso(3 - 42), visitDaysLeft: 39, visitState: 'UP_TO_DATE' })
  })

  test('never visited: due six weeks after it entered the register', async () => {
    assert.deepEqual(await visitOf('NEW'), { lastVisitAt: null, nextVisitDueAt: iso(40 - 42), visitDaysLeft: 2, visitState: 'DUE_SOON' })
  })

  test('not under contract: the last visit, no due date nor state', async () => {
    assert.deepEqual(await visitOf('NOC'), { lastVisitAt: iso(50), nextVisitDueAt: null, visitDaysLeft: null, visitState: null })
  })

  test('computed against the clock, never stored: 25 days later the 10-day visit is due within 7 days', async () => {
    try {
      clock.set(new Date(Date.parse(NOW) + 25 * DAY))
      const { token } = await t.userWithRole('Administrateur') // a token of the moved clock
      assert.deepEqual(await visitOf('V10', token), { lastVisitAt: iso(10), nextVisitDueAt: iso(10 - 42), visitDaysLeft: 7, visitState: 'DUE_SOON' })
    } finally {
      clock.set(NOW)
    }
  })
})

describe('PreventiveStatus: the elevators past six weeks and due within seven days', () => {
  const row = (ref: string, siteName: string, lastDays: number | null, daysLeft: number, dueDays: number) =>
    ({ id: ids[ref], reference: ref, siteName, lastVisitAt: lastDays === null ? null : iso(lastDays), nextVisitDueAt: iso(dueDays), visitDaysLeft: daysLeft })

  test('the whole fleet: counted and listed, the most urgent first (one statement)', async () => {
    const s = ok(await t.api.getPreventiveStatus({}, admin))
    assert.equal(s.overdueVisitCount, 4)
    assert.deepEqual(s.overdueVisits, [
      row('B50', 'Tour Horizon', 50, -8, 8), row('CANC', 'Résidence des Tilleuls', 50, -8, 8),
      row('CORR', 'Résidence des Tilleuls', 50, -8, 8), row('V50', 'Résidence des Tilleuls', 50, -8, 8),
    ])
    assert.equal(s.dueSoonVisitCount, 2)
    assert.deepEqual(s.dueSoonVisits, [row('NEW', 'Résidence des Tilleuls', null, 2, -2), row('V38', 'Résidence des Tilleuls', 38, 4, -4)])
  })

  test('a caller assigned to a site sees its elevators only', async () => {
    const { token } = await t.userWithRole('Dispatcher', { siteIds: [siteO] })
    const s = ok(await t.api.getPreventiveStatus({}, token))
    assert.deepEqual([s.overdueVisitCount, s.overdueVisits.map((v) => v.reference), s.dueSoonVisitCount, s.dueSoonVisits], [1, ['B50'], 0, []])
  })
})
