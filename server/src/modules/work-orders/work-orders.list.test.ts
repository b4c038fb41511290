// listWorkOrders: triage order, filters, keyset pagination with the Link header, scope.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const ITEM_FIELDS = [
  'asset', 'assignees', 'cancelledAt', 'completedAt', 'createdAt', 'description', 'dueAt', 'id', 'inspectionId', 'origin', 'periodKey',
  'personBlocked', 'priority', 'reference', 'releasedAt', 'startedAt', 'status', 'type',
]

let t: TestApp
const clock = new ManualClock(new Date('2025-07-01T08:00:00.000Z'))
let admin: { id: string; token: string }
let dispatcher: { id: string; token: string }
let tech: { id: string; token: string }
let limited: { id: string; token: string }
let siteA: string, zoneA: string, siteB: string, assetA: string, assetA2: string, assetB: string
const ids: Record<string, string> = {}

const db = () => t.app.deps.database.db
async function listAs(token: string, query = '') {
  const res = await t.request('GET', `/work-orders${query ? `?${query}` : ''}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.deepEqual(Object.keys(res.body), ['workOrders'])
  return { orders: res.body.workOrders as any[], next: nextPage(res.headers), link: res.headers.link as string | undefined }
}
const descriptions = (orders: any[]) => orders.map((o) => o.description)

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien')
  limited = await t.userWithRole('Technicien limité')
  siteA = await insertLocation(t, 'Résidence Lumière')
  zoneA = await insertLocation(t, 'Bâtiment C', siteA)
  siteB = await insertLocation(t, 'Gare du Nord')
  assetA = await insertAsset(t, siteA, { reference: 'LUM-01' })
  assetA2 = await insertAsset(t, zoneA, { reference: 'LUM-C-02' })
  assetB = await insertAsset(t, siteB, { reference: 'GARE-01' })
  // Created a minute apart, in this order; the listing reorders them.
  const make = async (key: string, body: Parameters<typeof createWorkOrder>[2], token = dispatcher.token) => {
    clock.advance(60_000)
    ids[key] = (await createWorkOrder(t, token, body)).id
  }
  await make('lowOld', { assetId: assetA, description: 'lowOld', priority: 'LOW' })
  await make('normal', { assetId: assetA2, description: 'normal', assigneeIds: [tech.id] })
  await make('urgent', { assetId: assetB, description: 'urgent', priority: 'URGENT', assigneeIds: [limited.id] })
  await make('blocked', { assetId: assetB, description: 'blocked', personBlocked: true })
  await make('high', { assetId: assetA, description: 'high', priority: 'HIGH', type: 'PREVENTIVE' })
  await make('lowNew', { assetId: assetA, description: 'lowNew porte coincée', priority: 'LOW' }, tech.token)
  await make('blocked2', { assetId: assetA2, description: 'blocked2', personBlocked: true, assigneeIds: [tech.id, limited.id] })
  await db().update(workOrders).set({ status: 'IN_PROGRESS' }).where(eq(workOrders.id, ids.normal))
})
after(() => t.close())

describe('listWorkOrders', () => {
  test('exact fields of a row, lighter than the detail', async () => {
    const { orders } = await listAs(admin.token)
    const row = orders.find((o) => o.id === ids.blocked2)
    assert.deepEqual(Object.keys(row).sort(), ITEM_FIELDS)
    assert.deepEqual(row.asset, { id: assetA2, reference: 'LUM-C-02', brand: 'Otis', locationId: zoneA, locationName: 'Bâtiment C', siteId: siteA, siteName: 'Résidence Lumière' })
    assert.deepEqual([row.type, row.status, row.priority, row.personBlocked, row.periodKey, row.dueAt], ['CORRECTIVE', 'OPEN', 'URGENT', true, null, null])
    assert.deepEqual(row.assignees.map((a: any) => a.id).sort(), [tech.id, limited.id].sort())
    assert.match(row.reference, /^OT-\d{6}$/)
    assert.equal(row.createdAt, clock.now().toISOString())
  })

  test('persons blocked first, then priority, then the oldest first', async () => {
    assert.deepEqual(descriptions((await listAs(admin.token)).orders), ['blocked', 'blocked2', 'urgent', 'high', 'normal', 'lowOld', 'lowNew porte coincée'])
  })

  test('filters: status, priority, type, asset, site (with its zones), assignee, mine, text — combined with AND', async () => {
    const cases: [string, string[]][] = [
      ['status=IN_PROGRESS', ['normal']],
      ['priority=LOW', ['lowOld', 'lowNew porte coincée']],
      ['type=PREVENTIVE', ['high']],
      [`assetId=${assetB}`, ['blocked', 'urgent']],
      [`siteId=${siteA}`, ['blocked2', 'high', 'normal', 'lowOld', 'lowNew porte coincée']],
      [`assigneeId=${tech.id}`, ['blocked2', 'normal']],
      ['q=COINC', ['lowNew porte coincée']],
      ['q=lum-c', ['blocked2', 'normal']],
      [`siteId=${siteA}&priority=URGENT`, ['blocked2']],
      ['status=DONE', []],
    ]
    for (const [query, expected] of cases) assert.deepEqual(descriptions((await listAs(admin.token, query)).orders), expected, query)
    const ref = (await listAs(admin.token)).orders.find((o) => o.id === ids.high).reference
    assert.deepEqual(descriptions((await listAs(admin.token, `q=${ref}`)).orders), ['high'])
    assert.deepEqual(descriptions((await listAs(tech.token, 'mine=true')).orders), ['blocked2', 'normal', 'lowNew porte coincée'], 'created by or assigned to the caller')
    assert.equal((await listAs(tech.token, 'mine=false')).orders.length, 7)
  })

  test('several states at once, and the late ones: not finished, due date passed (the dashboard’s counts)', async () => {
    const live = 'status=OPEN&status=IN_PROGRESS&status=ON_HOLD'
    assert.deepEqual(descriptions((await listAs(admin.token, live)).orders), ['blocked', 'blocked2', 'urgent', 'high', 'normal', 'lowOld', 'lowNew porte coincée'])
    assert.deepEqual(descriptions((await listAs(admin.token, 'status=IN_PROGRESS&status=DONE')).orders), ['normal'])
    const past = new Date(clock.now().getTime() - 60_000)
    const future = new Date(clock.now().getTime() + 3_600_000)
    const set = (key: string, v: Partial<typeof workOrders.$inferInsert>) => db().update(workOrders).set(v).where(eq(workOrders.id, ids[key]!))
    try {
      await set('urgent', { dueAt: past })
      await set('normal', { dueAt: past })
      await set('lowOld', { dueAt: past, status: 'DONE' }) // finished: never late
      await set('high', { dueAt: future })
      assert.deepEqual(descriptions((await listAs(admin.token, 'late=true')).orders), ['urgent', 'normal'])
      assert.deepEqual(descriptions((await listAs(admin.token, `late=true&${live}`)).orders), ['urgent', 'normal'])
      assert.deepEqual(descriptions((await listAs(admin.token, live)).orders), ['blocked', 'blocked2', 'urgent', 'high', 'normal', 'lowNew porte coincée'])
      assert.deepEqual(descriptions((await listAs(limited.token, 'late=true')).orders), ['urgent'], 'within the caller’s own orders')
      assert.deepEqual(descriptions((await listAs(tech.token, 'mine=true&late=true')).orders), ['normal'])
      // Pages of the several-state list keep their states in the next page's link.
      const first = await listAs(admin.token, `${live}&limit=4`)
      assert.match(first.link!, /status=OPEN&status=IN_PROGRESS&status=ON_HOLD/)
      const rest = await listAs(admin.token, `${live}&limit=4&cursor=${first.next!.cursor}`)
      assert.deepEqual(descriptions([...first.orders, ...rest.orders]), ['blocked', 'blocked2', 'urgent', 'high', 'normal', 'lowNew porte coincée'])
      assertError(await t.request('GET', '/work-orders?status=OPEN&status=OPEN', { token: admin.token }), 400, 'VALIDATION_ERROR')
    } finally {
      await set('urgent', { dueAt: null })
      await set('normal', { dueAt: null })
      await set('lowOld', { dueAt: null, status: 'OPEN' })
      await set('high', { dueAt: null })
    }
  })

  test('keyset pages follow the Link header to the same list, keeping filters and size', async () => {
    const whole = (await listAs(admin.token)).orders.map((o) => o.id)
    const seen: string[] = []
    let query = 'limit=2'
    let pages = 0
    for (;;) {
      const page = await listAs(admin.token, query)
      seen.push(...page.orders.map((o) => o.id))
      pages++
      if (!page.next) { assert.equal(page.link, undefined); break }
      assert.match(page.link!, /^<\/api\/work-orders\?cursor=[A-Za-z0-9_-]+&limit=2>; rel="next"$/)
      query = `cursor=${page.next.cursor}&limit=2`
    }
    assert.deepEqual(seen, whole)
    assert.equal(pages, 4)
    const filtered = await listAs(admin.token, `siteId=${siteA}&limit=3`)
    assert.match(filtered.link!, new RegExp(`siteId=${siteA}`))
    const rest = await listAs(admin.token, `siteId=${siteA}&limit=3&cursor=${filtered.next!.cursor}`)
    assert.deepEqual(descriptions([...filtered.orders, ...rest.orders]), ['blocked2', 'high', 'normal', 'lowOld', 'lowNew porte coincée'])
  })

  test('orders stamped by SQL writers (microseconds, same instant) are neither repeated nor skipped across pages', async () => {
    const app = await startTestApp()
    try {
      const adminX = await app.userWithRole('Administrateur')
      const site = await insertLocation(app, 'Site X')
      const asset = await insertAsset(app, site)
      const x = app.app.deps.database.db
      // Ten grids written at the same microsecond-precise instant, as a set-based writer does.
      await x.execute(sql`INSERT INTO work_orders (id, reference, number, type, asset_id, created_at, updated_at, period_key)
        SELECT gen_random_uuid(), 'OT-' || lpad(n::text, 6, '0'), n, 'PREVENTIVE', ${asset}, '2025-07-01 10:00:00.123456+00', now(), NULL
        FROM generate_series(900001, 900010) n`)
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const res = await app.request('GET', `/work-orders?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: adminX.token })
        seen.push(...res.body.workOrders.map((o: any) => o.id))
        cursor = nextPage(res.headers)?.cursor
      } while (cursor)
      assert.equal(seen.length, 10)
      assert.equal(new Set(seen).size, 10)
    } finally {
      await app.close()
    }
  })

  test('own orders, assigned or created (one both), come page by page in the triage order, once each; a raised priority moves one up', async () => {
    const app = await startTestApp({ build: { clock: new ManualClock(new Date('2025-07-01T08:00:00.000Z')) } })
    try {
      const disp = await app.userWithRole('Dispatcher')
      const me = await app.userWithRole('Technicien')
      const asset = await insertAsset(app, await insertLocation(app, 'Site Y'))
      const order = async (description: string, token: string, body: Partial<Parameters<typeof createWorkOrder>[2]> = {}) =>
        (await createWorkOrder(app, token, { assetId: asset, description, ...body })).id
      const lowAssigned = await order('low assigned', disp.token, { priority: 'LOW', assigneeIds: [me.id] })
      await order('urgent assigned', disp.token, { priority: 'URGENT', assigneeIds: [me.id] })
      await order('normal created', me.token)
      await order('high created and assigned', me.token, { priority: 'HIGH', assigneeIds: [me.id] })
      await order('not mine', disp.token, { priority: 'URGENT' })
      const pages: string[] = []
      let cursor: string | undefined
      do {
        const res = await app.request('GET', `/work-orders?mine=true&limit=1${cursor ? `&cursor=${cursor}` : ''}`, { token: me.token })
        assert.equal(res.status, 200, JSON.stringify(res.body))
        pages.push(...res.body.workOrders.map((o: any) => o.description))
        cursor = nextPage(res.headers)?.cursor
      } while (cursor)
      assert.deepEqual(pages, ['urgent assigned', 'high created and assigned', 'normal created', 'low assigned'])
      // The assignment's copy of the key follows its order (migration 0011's trigger).
      await app.app.deps.database.db.update(workOrders).set({ priority: 'URGENT', priorityRank: 4 }).where(eq(workOrders.id, lowAssigned))
      const first = await app.request('GET', '/work-orders?mine=true&limit=2', { token: me.token })
      assert.deepEqual(first.body.workOrders.map((o: any) => o.description), ['low assigned', 'urgent assigned'])
    } finally {
      await app.close()
    }
  })

  test('scope: a Technicien limité lists only its own orders; a site-assigned caller only its sites’', async () => {
    assert.deepEqual(descriptions((await listAs(limited.token)).orders), ['blocked2', 'urgent'])
    assert.deepEqual(descriptions((await listAs(limited.token, `siteId=${siteB}`)).orders), ['urgent'])
    const onSiteB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assert.deepEqual(descriptions((await listAs(onSiteB.token)).orders), ['blocked', 'urgent'])
    assert.deepEqual(descriptions((await listAs(onSiteB.token, `siteId=${siteA}`)).orders), [])
    const paged = await listAs(limited.token, 'limit=1')
    assert.deepEqual(descriptions((await listAs(limited.token, `limit=1&cursor=${paged.next!.cursor}`)).orders), ['urgent'])
  })

  test('400 on a bad query: unknown parameter, bounds, bad enum, id or cursor; 401; 403 for a Demandeur', async () => {
    const wrongShape = Buffer.from(JSON.stringify([true, 9, 'x', 'y'])).toString('base64url')
    for (const query of ['sort=asc', 'limit=0', 'limit=201', 'status=CLOSED', 'priority=HIGHEST', 'type=X', 'assetId=x', 'siteId=1', 'assigneeId=x',
      'mine=peut-etre', 'late=oui', 'q=', `q=${'x'.repeat(101)}`, 'cursor=%2F%2F', `cursor=${wrongShape}`]) {
      assertError(await t.request('GET', `/work-orders?${query}`, { token: admin.token }), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('GET', '/work-orders'), 401)
    assertError(await t.request('GET', '/work-orders', { token: await t.tokenFor('Demandeur') }), 403, 'FORBIDDEN')
    for (const role of ['Gestionnaire', 'Vue seule'] as const) assert.equal((await listAs(await t.tokenFor(role))).orders.length, 7, role)
  })
})
