import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq } from 'drizzle-orm'
import { permissions, roles } from '../access/access.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset } from '../requests/requests.fixtures.ts'
import { consume, insertOrder, insertPart, labour } from '../search/search.fixtures.ts'

const clock = new ManualClock('2026-06-15T12:00:00.000Z')
let t: TestApp
let admin: { id: string; token: string }
let siteB: string
const el: Record<string, { id: string; reference: string }> = {}
let lowPart: string
let viewer: { id: string; token: string }
const END_MAY = '2026-05-31T23:59:59.999Z'

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  viewer = await t.userWithRole('Vue seule')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  const siteA = await createLocation(t, admin.token, { name: 'Résidence du Parc' })
  const zoneA = await createLocation(t, admin.token, { name: 'Bâtiment A', parentId: siteA })
  siteB = await createLocation(t, admin.token, { name: 'Tour Horizon' })
  el.a1 = await insertAsset(t, { categoryId, locationId: zoneA, reference: `A1-${process.pid}` })
  el.a2 = await insertAsset(t, { categoryId, locationId: siteA, reference: `A2-${process.pid}` })
  el.b1 = await insertAsset(t, { categoryId, locationId: siteB, reference: `B1-${process.pid}` })
  const c1 = await insertOrder(t, { assetId: el.a1.id, status: 'DONE', personBlocked: true, createdAt: '2026-04-10T08:00:00Z', releasedAt: '2026-04-10T08:30:00Z', completedAt: '2026-04-10T12:00:00Z' })
  const c2 = await insertOrder(t, { assetId: el.a1.id, status: 'DONE', assigneeId: viewer.id, createdAt: '2026-05-05T10:00:00Z', completedAt: '2026-05-05T18:00:00Z' })
  await insertOrder(t, { assetId: el.a2.id, status: 'OPEN', personBlocked: true, createdAt: '2026-06-01T09:00:00Z', releasedAt: '2026-06-01T11:00:00Z' })
  const c4 = await insertOrder(t, { assetId: el.b1.id, status: 'IN_PROGRESS', createdBy: viewer.id, createdAt: '2026-06-02T09:00:00Z' })
  await insertOrder(t, { assetId: el.a1.id, status: 'CANCELLED', createdAt: '2026-06-03T09:00:00Z' })
  await insertOrder(t, { assetId: el.a1.id, status: 'DONE', createdAt: '2026-02-01T09:00:00Z', completedAt: '2026-02-02T09:00:00Z' })
  await insertOrder(t, { assetId: el.a1.id, type: 'PREVENTIVE', status: 'DONE', periodKey: '2026-05', dueAt: END_MAY, createdAt: '2026-05-01T00:00:00Z', completedAt: '2026-05-20T10:00:00Z' })
  await insertOrder(t, { assetId: el.a2.id, type: 'PREVENTIVE', status: 'OPEN', periodKey: '2026-05', dueAt: END_MAY, createdAt: '2026-05-01T00:00:00Z' })
  await insertOrder(t, { assetId: el.b1.id, type: 'PREVENTIVE', status: 'ON_HOLD', periodKey: '2026-06', dueAt: '2026-06-30T23:59:59.999Z', createdAt: '2026-06-01T00:00:00Z' })
  const stocked = await insertPart(t, { threshold: 1, quantity: 10 })
  lowPart = await insertPart(t, { threshold: 5, quantity: 2 })
  await insertPart(t, { threshold: 3, quantity: 3 })
  await insertPart(t, { threshold: 0, quantity: 0 })
  await consume(t, { partId: stocked, workOrderId: c1.id, quantity: 2, unitPriceCents: 1500, at: '2026-04-10T10:00:00Z' })
  await consume(t, { partId: stocked, workOrderId: c4.id, quantity: 1, unitPriceCents: 1000, at: '2026-06-02T10:00:00Z' })
  await labour(t, { workOrderId: c2.id, userId: admin.id, workedOn: '2026-05-05', minutes: 90, hourlyRateCents: 4000 })
  await labour(t, { workOrderId: c4.id, userId: admin.id, workedOn: '2026-06-02', minutes: 30, hourlyRateCents: 3000 })
})
after(() => t.close())

const summary = async (query: Record<string, string>, token = admin.token) => ok(await t.api.getAnalyticsSummary({ query }, token))
const month = (m: string, oc: number, op: number, cc: number, cp: number, parts: number, labor: number | null) =>
  ({ month: m, opened: { corrective: oc, preventive: op }, closed: { corrective: cc, preventive: cp }, partsCostCents: parts, laborCostCents: labor })

describe('getAnalyticsSummary', () => {
  test('three months, every figure, exact fields', async () => {
    const s = await summary({ months: '3' })
    assert.deepEqual(s, {
      months: 3, from: '2026-04-01T00:00:00.000Z', to: '2026-06-15T12:00:00.000Z',
      monthly: [month('2026-04', 1, 0, 1, 0, 3000, 0), month('2026-05', 1, 2, 1, 1, 0, 6000), month('2026-06', 3, 1, 0, 0, 1000, 1500)],
      backlog: { OPEN: 2, IN_PROGRESS: 1, ON_HOLD: 1, total: 4 },
      breakdowns: {
        total: 4, elevators: 3, perElevatorPerYear: 5.3,
        worst: [
          { assetId: el.a1.id, reference: el.a1.reference, siteName: 'Résidence du Parc', breakdowns: 2 },
          { assetId: el.a2.id, reference: el.a2.reference, siteName: 'Résidence du Parc', breakdowns: 1 },
          { assetId: el.b1.id, reference: el.b1.reference, siteName: 'Tour Horizon', breakdowns: 1 },
        ],
      },
      // 3 elevators × 1,812 h (1 April to 15 June noon) / 4 breakdowns; repairs of 4 h and 8 h.
      reliability: { mtbfHours: 1359, mttrHours: 6, repairs: 2 },
      trapped: { calls: 2, released: 2, meanReleaseMinutes: 75, releasedWithinHour: 1 },
      preventive: [
        { month: '2026-04', generated: 0, completed: 0, late: 0 },
        { month: '2026-05', generated: 2, completed: 1, late: 1 },
        { month: '2026-06', generated: 1, completed: 0, late: 0 },
      ],
      // Insert-made elevators are not under contract. c1 (A1, done 10 April) is called back by c2
      // 25 days later; releases of 30 and 120 minutes after the call.
      legal: {
        visits: { underContract: 0, withinSixWeeks: 0, share: null },
        callbacks: { repairs: 2, calledBack: 1, rate: 0.5, firstTimeFixRate: 0.5 },
        arrival: { measured: 0, medianMinutes: null, p90Minutes: null },
        release: { measured: 2, medianMinutes: 75, p90Minutes: 111, withinHour: 1, withinHourShare: 0.5 },
        inspections: { overdue: 0, dueSoon: 0, findingsOpen: 0 },
      },
      parts: { underThreshold: 1, items: [{ id: lowPart, reference: s.parts.items[0]?.reference, designation: s.parts.items[0]?.designation, quantity: 2, reorderThreshold: 5 }] },
    })
    assert.match(s.parts.items[0].reference, /^P-\d{6}$/)
  })

  test('twelve months by default, oldest first, months without activity included', async () => {
    const s = await summary({})
    assert.equal(s.months, 12)
    assert.equal(s.from, '2025-07-01T00:00:00.000Z')
    assert.deepEqual(s.monthly.map((m) => m.month), ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'])
    assert.deepEqual(s.monthly[7], month('2026-02', 1, 0, 1, 0, 0, 0))
    assert.deepEqual(s.monthly[0], month('2025-07', 0, 0, 0, 0, 0, 0))
    assert.equal(s.breakdowns.total, 5)
    assert.equal(s.reliability.repairs, 3)
    assert.equal(s.preventive.length, 12)
  })

  test('a caller assigned to a site counts only the orders of that site', async () => {
    const manager = await t.userWithRole('Gestionnaire', { siteIds: [siteB] })
    const s = await summary({ months: '3' }, manager.token)
    assert.deepEqual(s.monthly, [month('2026-04', 0, 0, 0, 0, 0, 0), month('2026-05', 0, 0, 0, 0, 0, 0), month('2026-06', 1, 1, 0, 0, 1000, 1500)])
    assert.deepEqual(s.backlog, { OPEN: 0, IN_PROGRESS: 1, ON_HOLD: 1, total: 2 })
    assert.deepEqual(s.breakdowns.worst.map((w) => w.assetId), [el.b1.id])
    assert.equal(s.breakdowns.elevators, 1)
    assert.deepEqual(s.reliability, { mtbfHours: 1812, mttrHours: null, repairs: 0 })
    assert.deepEqual(s.trapped, { calls: 0, released: 0, meanReleaseMinutes: null, releasedWithinHour: 0 })
    assert.deepEqual(s.preventive.map((p) => p.generated), [0, 0, 1])
  })

  test('without view-other on ANALYTICS, only the orders the caller created or is assigned to', async () => {
    // No default role is in that case: the Vue seule row loses view-other before its first call.
    const db = t.app.deps.database.db
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Vue seule'))
    await db.update(permissions).set({ canViewOther: false }).where(and(eq(permissions.roleId, role.id), eq(permissions.objectCategory, 'ANALYTICS')))
    const s = await summary({ months: '3' }, viewer.token)
    assert.deepEqual(s.monthly, [month('2026-04', 0, 0, 0, 0, 0, null), month('2026-05', 1, 0, 1, 0, 0, null), month('2026-06', 1, 0, 0, 0, 1000, null)])
    assert.deepEqual(s.backlog, { OPEN: 0, IN_PROGRESS: 1, ON_HOLD: 0, total: 1 })
    assert.equal(s.breakdowns.total, 2)
    assert.deepEqual(s.breakdowns.worst.map((w) => w.assetId), [el.a1.id, el.b1.id])
  })

  test('labour costs (pay) only for callers who may see pay, PEOPLE_TEAMS edit; null for the others, parts costs for all', async () => {
    const figures = async (role: 'Gestionnaire' | 'Dispatcher' | 'Vue seule' | 'Administrateur', siteIds?: string[]) =>
      (await summary({ months: '3' }, (await t.userWithRole(role, { siteIds })).token)).monthly.map((m) => [m.partsCostCents, m.laborCostCents])
    assert.deepEqual(await figures('Administrateur'), [[3000, 0], [0, 6000], [1000, 1500]])
    assert.deepEqual(await figures('Gestionnaire'), [[3000, 0], [0, 6000], [1000, 1500]])
    // One technician's time on one site in a month, divided into that month's labour, is his rate.
    assert.deepEqual(await figures('Dispatcher'), [[3000, null], [0, null], [1000, null]])
    assert.deepEqual(await figures('Dispatcher', [siteB]), [[0, null], [0, null], [1000, null]])
    assert.deepEqual((await figures('Vue seule')).map(([, labor]) => labor), [null, null, null])
  })

  test('400 for another period or an unknown field; 401 without a token; 403 without ANALYTICS view', async () => {
    for (const q of ['months=5', 'months=abc', 'months=', 'period=3']) assertError(await t.request('GET', `/analytics/summary?${q}`, { token: admin.token }), 400)
    assertError(await t.request('GET', '/analytics/summary'), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Demandeur'] as const) {
      assertError(await t.request('GET', '/analytics/summary', { token: await t.tokenFor(role) }), 403)
    }
    for (const role of ['Gestionnaire', 'Dispatcher', 'Vue seule'] as const) {
      assert.equal((await t.request('GET', '/analytics/summary', { token: await t.tokenFor(role) })).status, 200)
    }
  })
})
