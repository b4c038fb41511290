// The stored monthly counters (migration 0008) against the live aggregation they replace:
// after every kind of write the triggers follow (orders created, moved through their states
// one by one and in bulk, given another asset; assets moved to another site; parts consumed;
// labour logged, corrected, removed), and under concurrent writers, both give the same figures.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, inArray, sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { workOrderLabor, workOrders } from '../work-orders/work-orders.tables.ts'
import type { Scope } from '../../http/principal.ts'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset } from '../requests/requests.fixtures.ts'
import { consume, insertOrder, insertPart, labour } from '../search/search.fixtures.ts'
import { monthlyFromCounters, totalsFromCounters } from './analytics.counters.queries.ts'
import { monthly, type Period, totals } from './analytics.queries.ts'

const NOW = new Date('2026-06-15T12:00:00.000Z')
const clock = new ManualClock(NOW.toISOString())
let t: TestApp
let userId: string
const sites: string[] = []
const locationsOf: string[] = []
const elevators: string[] = []
const orders: { id: string; assetId: string; createdAt: Date }[] = []

// A fixed pseudo-random sequence: the same data on every run.
let state = 20261126
const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]
const minutesAfter = (d: Date, max: number) => new Date(Math.min(d.getTime() + Math.ceil(random() * max) * 60_000, NOW.getTime()))

function period(months: number): Period {
  const from = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - (months - 1), 1))
  return { from, to: NOW, firstMonth: from.toISOString().slice(0, 7), lastMonth: NOW.toISOString().slice(0, 7) }
}

/** Every figure of both paths, for every scope and period, compared. */
async function assertSameFigures(when: string) {
  const db = t.app.deps.database.db
  const scopes: Scope[] = [
    { userId, viewOther: true, siteIds: null },
    { userId, viewOther: true, siteIds: [sites[0]] },
    { userId, viewOther: true, siteIds: [sites[1], sites[2]] },
  ]
  for (const scope of scopes) {
    for (const months of [3, 6, 12]) {
      const p = period(months)
      const what = `${when}, ${months} months, sites ${scope.siteIds?.length ?? 'all'}`
      assert.deepEqual(await monthlyFromCounters(db, scope, p), await monthly(db, scope, p), what)
      const [live, stored] = [await totals(db, scope, p), await totalsFromCounters(db, scope, p)]
      // Means: a sum of milliseconds against an average of epochs, equal to the microsecond.
      const close = (a: number | null, b: number | null) => (a === null || b === null ? a === b : Math.abs(a - b) < 1e-6)
      assert.ok(close(stored.repairHours, live.repairHours), `${what}: repair hours ${stored.repairHours} ≠ ${live.repairHours}`)
      assert.ok(close(stored.releaseMinutes, live.releaseMinutes), `${what}: release minutes ${stored.releaseMinutes} ≠ ${live.releaseMinutes}`)
      assert.deepEqual({ ...stored, repairHours: 0, releaseMinutes: 0 }, { ...live, repairHours: 0, releaseMinutes: 0 }, what)
    }
  }
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  const admin = await t.userWithRole('Administrateur')
  userId = admin.id
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  for (const name of ['Résidence Les Tilleuls', 'Clinique du Lac', 'Tour Europe']) {
    const site = await createLocation(t, admin.token, { name })
    sites.push(site)
    locationsOf.push(site, await createLocation(t, admin.token, { name: `${name}, bâtiment B`, parentId: site }))
  }
  for (let i = 0; i < 8; i++) elevators.push((await insertAsset(t, { categoryId, locationId: locationsOf[i % locationsOf.length] })).id)
  const part = await insertPart(t, { threshold: 0, quantity: 10_000 })
  for (let i = 0; i < 160; i++) {
    const assetId = pick(elevators)
    const createdAt = new Date(Date.UTC(2025, 2, 1) + Math.floor(random() * (NOW.getTime() - Date.UTC(2025, 2, 1))))
    const preventive = random() < 0.4
    const status = pick(['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'DONE', 'DONE', 'CANCELLED'] as const)
    const blocked = !preventive && random() < 0.3
    const month = createdAt.toISOString().slice(0, 7)
    const o = await insertOrder(t, {
      assetId, type: preventive ? 'PREVENTIVE' : 'CORRECTIVE', status, personBlocked: blocked, createdAt: createdAt.toISOString(),
      completedAt: status === 'DONE' ? minutesAfter(createdAt, 20_000).toISOString() : null,
      releasedAt: blocked && random() < 0.8 ? minutesAfter(createdAt, 150).toISOString() : null,
      // One grid per elevator and month: the others of that month stay plain orders.
      periodKey: preventive && !orders.some((x) => x.assetId === assetId && x.createdAt.toISOString().startsWith(month)) ? month : null,
      dueAt: preventive ? new Date(createdAt.getTime() + 20 * 86_400_000).toISOString() : null,
    })
    orders.push({ id: o.id, assetId, createdAt })
    if (random() < 0.3) await consume(t, { partId: part, workOrderId: o.id, quantity: 1 + Math.floor(random() * 3), unitPriceCents: 500 + Math.floor(random() * 5000), at: minutesAfter(createdAt, 600).toISOString() })
    if (random() < 0.3) await labour(t, { workOrderId: o.id, userId, workedOn: createdAt.toISOString().slice(0, 10), minutes: 15 + Math.floor(random() * 300), hourlyRateCents: 4_000 + Math.floor(random() * 3_000) })
  }
})
after(() => t.close())

describe('analytics counters', () => {
  test('orders, parts and labour written one by one: the counters give the live figures', async () => {
    await assertSameFigures('after the inserts')
  })

  test('states changed one by one and in one statement, a release recorded: the same figures', async () => {
    const db = t.app.deps.database.db
    for (const o of orders.slice(0, 20)) {
      const done = random() < 0.5
      await db.update(workOrders).set(done
        ? { status: 'DONE', completedAt: minutesAfter(o.createdAt, 5_000) }
        : { status: 'CANCELLED', cancelReason: 'Doublon', cancelledAt: NOW, completedAt: null }).where(eq(workOrders.id, o.id))
    }
    await db.update(workOrders).set({ status: 'OPEN', completedAt: null, cancelReason: null, cancelledAt: null })
      .where(inArray(workOrders.id, orders.slice(20, 50).map((o) => o.id)))
    await db.update(workOrders).set({ releasedAt: sql`${workOrders.createdAt} + interval '42 minutes'` })
      .where(sql`${workOrders.personBlocked} AND ${workOrders.releasedAt} IS NULL`)
    await assertSameFigures('after the transitions')
  })

  test('an order given another asset, an asset moved to another site: their history follows them', async () => {
    const db = t.app.deps.database.db
    for (const o of orders.slice(50, 60)) await db.update(workOrders).set({ assetId: pick(elevators) }).where(eq(workOrders.id, o.id))
    await db.update(assets).set({ locationId: locationsOf[5] }).where(eq(assets.id, elevators[0]))
    await db.update(assets).set({ locationId: locationsOf[0] }).where(inArray(assets.id, [elevators[3], elevators[4]]))
    await assertSameFigures('after the moves')
  })

  test('labour corrected and removed: the same figures', async () => {
    const db = t.app.deps.database.db
    const lines = await db.select({ id: workOrderLabor.id }).from(workOrderLabor)
    await db.update(workOrderLabor).set({ minutes: 45, hourlyRateCents: 5_500 }).where(inArray(workOrderLabor.id, lines.slice(0, 5).map((l) => l.id)))
    await db.delete(workOrderLabor).where(inArray(workOrderLabor.id, lines.slice(5, 10).map((l) => l.id)))
    await assertSameFigures('after the labour changes')
  })

  test('thirty orders of one elevator closed by concurrent writers: no count is lost', async () => {
    const db = t.app.deps.database.db
    const at = new Date('2026-06-10T08:00:00Z')
    const batch = []
    for (let i = 0; i < 30; i++) batch.push(await insertOrder(t, { assetId: elevators[1], status: 'IN_PROGRESS', createdAt: at.toISOString() }))
    await Promise.all(batch.map((o, i) => db.transaction(async (tx) => {
      await tx.update(workOrders).set({ status: 'DONE', completedAt: new Date(at.getTime() + (i + 1) * 60_000) }).where(eq(workOrders.id, o.id))
      await tx.insert(workOrderLabor).values({ id: crypto.randomUUID(), workOrderId: o.id, userId, workedOn: '2026-06-10', minutes: 30, hourlyRateCents: 6_000 })
    })))
    await assertSameFigures('after the concurrent closures')
    const june = (await monthlyFromCounters(db, { siteIds: null }, period(3))).at(-1)
    assert.ok(june && june.closedCorrective >= 30, `June closed ${june?.closedCorrective}`)
  })
})
