// The legal record's figures of the summary (docs/analytics.md, "The legal record"), each at its
// boundaries: a callback at 30 days exactly and just after, a release at one hour exactly and
// just under, median and 90th percentile of a known set, the six-week share, scope by site.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { assets } from '../assets/assets.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { insertOrder } from '../search/search.fixtures.ts'

const clock = new ManualClock('2026-06-15T12:00:00.000Z')
const MIN = 60_000
const DAY = 86_400_000
let t: TestApp
let admin: string
let siteA: string
let siteB: string
let categoryId: string
const db = () => t.app.deps.database.db
const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs).toISOString()

async function elevator(siteId: string, o: { underContract?: boolean; createdAt?: string } = {}) {
  const id = uuidv7()
  await db().insert(assets).values({ id, reference: `LG-${id.slice(-8)}`, brand: 'Kone', categoryId, locationId: siteId, underContract: o.underContract ?? true, createdAt: new Date(o.createdAt ?? '2025-01-01T00:00:00Z') })
  return id
}
/** A breakdown created at `createdAt`, with its arrival / release `minutes` after the call. */
async function breakdown(assetId: string, o: { createdAt: string; completedAt?: string; status?: 'DONE' | 'OPEN' | 'CANCELLED'; arrival?: number; release?: number }) {
  const w = await insertOrder(t, { assetId, status: o.status ?? (o.completedAt ? 'DONE' : 'OPEN'), createdAt: o.createdAt, completedAt: o.completedAt, personBlocked: o.release !== undefined })
  const set: Partial<typeof workOrders.$inferInsert> = {}
  if (o.arrival !== undefined) set.arrivedAt = new Date(at(o.createdAt, o.arrival * MIN))
  if (o.release !== undefined) set.releasedAt = new Date(at(o.createdAt, o.release * MIN))
  if (Object.keys(set).length) await db().update(workOrders).set(set).where(eq(workOrders.id, w.id))
  return w
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur du registre')
  siteA = await createLocation(t, admin, { name: 'Résidence du Parc' })
  siteB = await createLocation(t, admin, { name: 'Tour Horizon' })
})
after(() => t.close())

const legal = async (token = admin, months: '3' | '6' | '12' = '3') => ok(await t.api.getAnalyticsSummary({ query: { months } }, token)).legal

describe('the legal record in getAnalyticsSummary', () => {
  test('callbacks: a breakdown called 30 days exactly after a repair is a callback, one millisecond later is not', async () => {
    const e1 = await elevator(siteA)
    const e2 = await elevator(siteA)
    const done = '2026-04-10T12:00:00.000Z'
    await breakdown(e1, { createdAt: '2026-04-10T08:00:00Z', completedAt: done })
    await breakdown(e1, { createdAt: at(done, 30 * DAY), completedAt: at(done, 31 * DAY) })
    await breakdown(e2, { createdAt: '2026-04-10T08:00:00Z', completedAt: done })
    await breakdown(e2, { createdAt: at(done, 30 * DAY + 1) })
    // A cancelled call is no callback; nor is a breakdown on another elevator.
    await breakdown(e2, { createdAt: at(done, DAY), status: 'CANCELLED' })
    const c = (await legal()).callbacks
    assert.deepEqual(c, { repairs: 3, calledBack: 1, rate: 0.333, firstTimeFixRate: 0.667 })
  })

  test('call → arrival and call → release: median and 90th percentile of a known set; releases under one hour', async () => {
    const e = await elevator(siteB)
    // Arrivals 10, 20, 30, 40, 100 minutes: median 30, p90 = 40 + 0.6 × 60 = 76.
    for (const [i, m] of [10, 20, 30, 40, 100].entries()) await breakdown(e, { createdAt: `2026-05-0${i + 1}T08:00:00Z`, arrival: m })
    // Releases at 59 min 59 s (59) and 60 min (60): one within the hour. Median 59.5, p90 59.9.
    await breakdown(e, { createdAt: '2026-05-10T08:00:00Z', release: 59 + 59 / 60 })
    await breakdown(e, { createdAt: '2026-05-11T08:00:00Z', release: 60 })
    // Before the period: not counted.
    await breakdown(e, { createdAt: '2026-03-31T23:59:00Z', arrival: 1000, release: 1000 })
    const manager = await t.userWithRole('Gestionnaire', { siteIds: [siteB] })
    const l = await legal(manager.token)
    assert.deepEqual(l.arrival, { measured: 5, medianMinutes: 30, p90Minutes: 76 })
    assert.deepEqual(l.release, { measured: 2, medianMinutes: 59.5, p90Minutes: 59.9, withinHour: 1, withinHourShare: 0.5 })
  })

  test('visits within six weeks: elevators under contract whose visit is not overdue today, by the caller’s sites', async () => {
    const site = await createLocation(t, admin, { name: 'Les Tilleuls' })
    const fresh = await elevator(site, { createdAt: '2026-06-01T00:00:00Z' }) // first visit due 13 July
    await elevator(site, { createdAt: '2026-05-04T00:00:00Z' }) // due 15 June: today, bientôt dû, not overdue
    await elevator(site, { createdAt: '2026-05-03T00:00:00Z' }) // due 14 June: overdue
    await elevator(site, { underContract: false, createdAt: '2020-01-01T00:00:00Z' })
    assert.ok(fresh)
    const manager = await t.userWithRole('Gestionnaire', { siteIds: [site] })
    assert.deepEqual((await legal(manager.token)).visits, { underContract: 3, withinSixWeeks: 2, share: 0.667 })
    const none = await t.userWithRole('Gestionnaire', { siteIds: [await createLocation(t, admin, { name: 'Vide' })] })
    assert.deepEqual(await legal(none.token), {
      visits: { underContract: 0, withinSixWeeks: 0, share: null },
      callbacks: { repairs: 0, calledBack: 0, rate: null, firstTimeFixRate: null },
      arrival: { measured: 0, medianMinutes: null, p90Minutes: null },
      release: { measured: 0, medianMinutes: null, p90Minutes: null, withinHour: 0, withinHourShare: null },
      inspections: { overdue: 0, dueSoon: 0, findingsOpen: 0 },
    })
  })

  test('a caller assigned to a site counts only its site’s repairs and times', async () => {
    const manager = await t.userWithRole('Gestionnaire', { siteIds: [siteA] })
    const l = await legal(manager.token)
    assert.equal(l.callbacks.repairs, 3)
    assert.equal(l.arrival.measured, 0)
    assert.equal(l.release.measured, 0)
  })
})
