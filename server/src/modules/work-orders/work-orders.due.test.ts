// listWorkOrders with sort=due (the day's triage) and unassigned=true.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

let t: TestApp
const clock = new ManualClock(new Date('2025-07-01T08:00:00.000Z'))
let admin: { id: string; token: string }
let tech: { id: string; token: string }
let limited: { id: string; token: string }
let siteA: string, siteB: string
const ids: Record<string, string> = {}
const LIVE = 'status=OPEN&status=IN_PROGRESS&status=ON_HOLD'
const hours = (h: number) => new Date(clock.now().getTime() + h * 3_600_000)

const db = () => t.app.deps.database.db
async function listAs(token: string, query: string) {
  const res = await t.request('GET', `/work-orders?${query}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return { orders: res.body.workOrders as any[], next: nextPage(res.headers) }
}
const descriptions = (orders: any[]) => orders.map((o) => o.description)
/** Every page of a listing, following the cursors. */
async function allPages(token: string, query: string) {
  const seen: any[] = []
  let cursor: string | undefined
  do {
    const page = await listAs(token, `${query}${cursor ? `&cursor=${cursor}` : ''}`)
    seen.push(...page.orders)
    cursor = page.next?.cursor
  } while (cursor)
  return seen
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  limited = await t.userWithRole('Technicien limité')
  siteA = await insertLocation(t, 'Résidence Lumière')
  siteB = await insertLocation(t, 'Gare du Nord')
  const assetA = await insertAsset(t, siteA, { reference: 'LUM-01' })
  const assetB = await insertAsset(t, siteB, { reference: 'GARE-01' })
  const make = async (key: string, body: Omit<Parameters<typeof createWorkOrder>[2], 'description'>) => {
    clock.advance(60_000)
    ids[key] = (await createWorkOrder(t, admin.token, { description: key, ...body })).id
  }
  await make('urgentUndated', { assetId: assetA, priority: 'URGENT', assigneeIds: [tech.id] })
  await make('dueTomorrow', { assetId: assetA, priority: 'LOW', dueAt: hours(24).toISOString() })
  await make('lateLow', { assetId: assetB, priority: 'LOW', dueAt: hours(-48).toISOString(), assigneeIds: [limited.id] })
  await make('dueSoon', { assetId: assetB, dueAt: hours(2).toISOString() })
  await make('blockedLate', { assetId: assetA, personBlocked: true, dueAt: hours(-1).toISOString(), assigneeIds: [limited.id] })
  await make('blockedUndated', { assetId: assetB, personBlocked: true })
  await make('lateNormal', { assetId: assetA, dueAt: hours(-5).toISOString(), assigneeIds: [tech.id] })
  await make('doneLate', { assetId: assetA, dueAt: hours(-72).toISOString() })
  await db().update(workOrders).set({ status: 'DONE' }).where(eq(workOrders.id, ids.doneLate!))
})
after(() => t.close())

describe('listWorkOrders sort=due', () => {
  test('trapped persons first, then by due date (so the late ones lead), undated last; the default order is unchanged', async () => {
    const dueOrder = ['blockedLate', 'blockedUndated', 'lateLow', 'lateNormal', 'dueSoon', 'dueTomorrow', 'urgentUndated']
    assert.deepEqual(descriptions((await listAs(admin.token, `${LIVE}&sort=due`)).orders), dueOrder)
    assert.deepEqual(descriptions((await listAs(admin.token, 'sort=due')).orders), ['blockedLate', 'blockedUndated', 'doneLate', 'lateLow', 'lateNormal', 'dueSoon', 'dueTomorrow', 'urgentUndated'])
    assert.deepEqual(descriptions((await listAs(admin.token, `${LIVE}&sort=due&siteId=${siteA}`)).orders), ['blockedLate', 'lateNormal', 'dueTomorrow', 'urgentUndated'])
    assert.deepEqual(descriptions((await listAs(admin.token, 'late=true&sort=due')).orders), ['blockedLate', 'lateLow', 'lateNormal'])
    // Without `sort`, or with sort=priority: blocked, then priority, then the oldest.
    const priorityOrder = ['blockedLate', 'blockedUndated', 'urgentUndated', 'dueSoon', 'lateNormal', 'dueTomorrow', 'lateLow']
    assert.deepEqual(descriptions((await listAs(admin.token, LIVE)).orders), priorityOrder)
    assert.deepEqual(descriptions((await listAs(admin.token, `${LIVE}&sort=priority`)).orders), priorityOrder)
  })

  test('keyset pages (live list, filtered list) follow the due order with no repeat or skip, ties and undated included', async () => {
    // Twelve more live orders sharing one due instant (microseconds) and six undated ones.
    const asset = await insertAsset(t, siteA, { reference: 'LUM-09' })
    await db().execute(sql`INSERT INTO work_orders (id, reference, number, type, asset_id, description, due_at, created_at, updated_at)
      SELECT gen_random_uuid(), 'OT-' || lpad(n::text, 6, '0'), n, 'CORRECTIVE', ${asset}, 'bulk', CASE WHEN n % 3 = 0 THEN NULL ELSE '2025-07-01 09:00:00.123456+00'::timestamptz END, now(), now()
      FROM generate_series(800001, 800018) n`)
    try {
      for (const query of [`${LIVE}&sort=due`, `sort=due&siteId=${siteA}`, 'sort=due&priority=NORMAL']) {
        const whole = (await listAs(admin.token, `${query}&limit=200`)).orders.map((o) => o.id)
        for (const limit of [1, 4, 7]) {
          const paged = (await allPages(admin.token, `${query}&limit=${limit}`)).map((o) => o.id)
          assert.deepEqual(paged, whole, `${query} by ${limit}`)
        }
        assert.equal(new Set(whole).size, whole.length)
      }
      const live = await allPages(admin.token, `${LIVE}&sort=due&limit=5`)
      assert.equal(live.length, 25)
      const dues = live.filter((o) => !o.personBlocked).map((o) => (o.dueAt === null ? Infinity : Date.parse(o.dueAt)))
      assert.deepEqual(dues, [...dues].sort((a, b) => a - b), 'by due date, undated last')
    } finally {
      await db().execute(sql`DELETE FROM work_orders WHERE description = 'bulk'`)
    }
  })

  test('scope: a Technicien limité gets only its own orders in that order, page by page; a site-assigned caller only its sites’', async () => {
    assert.deepEqual(descriptions(await allPages(limited.token, 'sort=due&limit=1')), ['blockedLate', 'lateLow'])
    assert.deepEqual(descriptions((await listAs(tech.token, `mine=true&sort=due&${LIVE}`)).orders), ['lateNormal', 'urgentUndated'])
    const onSiteB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assert.deepEqual(descriptions(await allPages(onSiteB.token, `${LIVE}&sort=due&limit=2`)), ['blockedUndated', 'lateLow', 'dueSoon'])
  })

  test('unassigned=true: the live orders nobody is assigned to (the dashboard’s « Ordres non affectés »)', async () => {
    assert.deepEqual(descriptions((await listAs(admin.token, `${LIVE}&unassigned=true&sort=due`)).orders), ['blockedUndated', 'dueSoon', 'dueTomorrow'])
    assert.deepEqual(descriptions((await listAs(admin.token, `${LIVE}&unassigned=true`)).orders), ['blockedUndated', 'dueSoon', 'dueTomorrow'])
    assert.deepEqual(descriptions((await listAs(limited.token, 'unassigned=true')).orders), [], 'none of one’s own')
  })

  test('400 naming the field for a bad sort, a bad unassigned or a cursor of the other order', async () => {
    for (const [query, field] of [['sort=date', 'sort'], ['sort=', 'sort'], ['unassigned=oui', 'unassigned']] as const) {
      const res = await t.request('GET', `/work-orders?${query}`, { token: admin.token })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.match(JSON.stringify(res.body.error), new RegExp(field), query)
    }
    const first = await listAs(admin.token, 'limit=1')
    const res = await t.request('GET', `/work-orders?sort=due&cursor=${first.next!.cursor}`, { token: admin.token })
    assertError(res, 400, 'VALIDATION_ERROR')
    assert.match(res.body.error.message, /cursor/)
  })
})
