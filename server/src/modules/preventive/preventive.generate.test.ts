// generatePreventive as an operation: its answer, what it writes, idempotence (also under ten
// concurrent calls), the month window, and its refusals. The due-task rule: preventive.rule.test.ts.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { checklistItems, workOrderEvents, workOrders } from '../work-orders/work-orders.tables.ts'
import { preventiveRuns } from './preventive.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAssets, storedGrids } from './preventive.fixtures.ts'
import { generateGrids } from './preventive.generate.queries.ts'
import { monthEnd, monthIndex } from './preventive.months.ts'

const NOW = '2026-03-15T10:00:00.000Z'
const clock = new ManualClock(NOW)
const RESULT_FIELDS = ['alreadyPresent', 'created', 'firstControls', 'month']

let t: TestApp
let admin: { id: string; token: string }
let ids: Record<string, string>
let categoryId: string
let doors: string
let brakes: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur de test')
  const site = await createLocation(t, admin.token, { name: 'Résidence des Tilleuls' })
  const zone = await createLocation(t, admin.token, { name: 'Bâtiment B', parentId: site })
  ids = {
    ...await insertAssets(t, { locationId: site, categoryId }, [
      { reference: 'TIL-A', commissionedAt: '2024-03-05T00:00:00.000Z' },
      { reference: 'TIL-HORS', underContract: false },
    ]),
    ...await insertAssets(t, { locationId: zone, categoryId }, [{ reference: 'TIL-B' }]),
  }
  doors = ok(await t.api.createTaskTemplate({ body: { label: 'Verrouillage des portes', periodicityMonths: 1 } }, admin.token)).id
  brakes = ok(await t.api.createTaskTemplate({ body: { label: 'Frein de la machine', periodicityMonths: 6 } }, admin.token)).id
})
after(() => t.close())

const generate = (month: string, token = admin.token) => t.api.generatePreventive({ body: { month } }, token)

async function rowCounts() {
  const db = t.app.deps.database.db
  const count = async (table: typeof workOrders | typeof checklistItems | typeof workOrderEvents) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n
  return { orders: await count(workOrders), items: await count(checklistItems), events: await count(workOrderEvents) }
}

describe('generatePreventive', () => {
  test('creates one open preventive grid per asset under contract, due at the end of the month, with its checklist and a GENERATED event', async () => {
    const res = await generate('2026-03')
    assert.equal(res.status, 200)
    assert.deepEqual(Object.keys(res.body).sort(), RESULT_FIELDS)
    assert.deepEqual(res.body, { month: '2026-03', created: 2, alreadyPresent: 0, firstControls: 2 })

    const grids = await storedGrids(t, '2026-03')
    assert.deepEqual(grids.map((g) => g.assetId).sort(), [ids['TIL-A'], ids['TIL-B']].sort())
    for (const g of grids) {
      assert.match(g.reference, /^OT-\d{6}$/)
      assert.equal(g.reference, `OT-${String(g.number).padStart(6, '0')}`)
      const { id, reference, number, assetId, ...fields } = g
      assert.deepEqual(fields, {
        type: 'PREVENTIVE', status: 'OPEN', priority: 'NORMAL', priorityRank: 2, personBlocked: false,
        description: 'Première visite d’entretien préventif, contrôle complet — mars 2026',
        dueAt: '2026-03-31T23:59:59.999Z', createdBy: null, periodKey: '2026-03', firstControl: true, createdAt: NOW,
        checklist: [
          { label: 'Verrouillage des portes', position: 1, status: 'TODO', taskTemplateId: doors },
          { label: 'Frein de la machine', position: 2, status: 'TODO', taskTemplateId: brakes },
        ],
        events: [{ kind: 'GENERATED', actorId: admin.id, at: NOW, payload: { periodKey: '2026-03', firstControl: true, taskCount: 2 } }],
      })
    }
    // Numbers from the shared sequence, in order of asset reference.
    const numberOf = (ref: string) => grids.find((g) => g.assetId === ids[ref])!.number
    assert.equal(numberOf('TIL-B'), numberOf('TIL-A') + 1)
    const runs = await t.app.deps.database.db.select().from(preventiveRuns).where(eq(preventiveRuns.periodKey, '2026-03'))
    assert.deepEqual(runs.map((r) => [r.periodKey, r.created, r.firstControls, r.ranAt.toISOString()]), [['2026-03', 2, 2, NOW]])
  })

  test('a later month holds the tasks due then, and says so in its event', async () => {
    assert.deepEqual(ok(await generate('2026-04')), { month: '2026-04', created: 2, alreadyPresent: 0, firstControls: 0 })
    const [a] = await storedGrids(t, '2026-04', [ids['TIL-A']])
    assert.equal(a.description, 'Visite d’entretien préventif — avril 2026')
    assert.equal(a.dueAt, '2026-04-30T23:59:59.999Z')
    assert.equal(a.firstControl, false)
    // Commissioned 2024-03: 25 months in 2026-04, monthly tasks only.
    assert.deepEqual(a.checklist.map((i) => i.label), ['Verrouillage des portes'])
    assert.deepEqual(a.events.map((e) => e.payload), [{ periodKey: '2026-04', firstControl: false, taskCount: 1 }])
  })

  test('calling again creates nothing and reports what is already there', async () => {
    const before = await rowCounts()
    assert.deepEqual(ok(await generate('2026-03')), { month: '2026-03', created: 0, alreadyPresent: 2, firstControls: 0 })
    assert.deepEqual(await rowCounts(), before)
    // The run stays recorded once, with what was created.
    const runs = await t.app.deps.database.db.select().from(preventiveRuns).where(eq(preventiveRuns.periodKey, '2026-03'))
    assert.deepEqual(runs.map((r) => [r.created, r.firstControls]), [[2, 2]])
  })

  test('ten concurrent generations of one month give one grid per asset', async () => {
    // More assets, so that the calls overlap for real.
    const site = await createLocation(t, admin.token, { name: 'Résidence concurrente' })
    await insertAssets(t, { locationId: site, categoryId }, Array.from({ length: 60 }, (_, i) => ({ reference: `CONC-${i}` })))
    const results = await Promise.all(Array.from({ length: 10 }, () => generate('2026-02')))
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body))
    const eligible = 62
    assert.equal(results.reduce((n, r) => n + r.body.created, 0), eligible)
    for (const r of results) assert.equal(r.body.created + r.body.alreadyPresent, eligible)
    const grids = await storedGrids(t, '2026-02')
    assert.equal(grids.length, eligible)
    assert.equal(new Set(grids.map((g) => g.assetId)).size, eligible)
    assert.equal(new Set(grids.map((g) => g.reference)).size, eligible)
    for (const g of grids) assert.equal(g.events.length, 1)
    const runs = await t.app.deps.database.db.select().from(preventiveRuns).where(eq(preventiveRuns.periodKey, '2026-02'))
    assert.deepEqual(runs.map((r) => r.created), [eligible])
  })

  test('even without the generation lock, the (asset, month) unique index keeps one grid per asset', async () => {
    const db = t.app.deps.database.db
    const eligible = 62
    const results = await Promise.all(Array.from({ length: 5 }, () => db.transaction((tx) => generateGrids(tx, {
      periodKey: '2025-10', monthIndex: monthIndex('2025-10'), dueAt: monthEnd('2025-10'), now: clock.now(), actorId: null, siteIds: null,
      description: { regular: 'Visite', firstControl: 'Première visite' },
    }))))
    assert.equal(results.reduce((n, r) => n + r.created, 0), eligible)
    const grids = await storedGrids(t, '2025-10')
    assert.equal(new Set(grids.map((g) => g.assetId)).size, grids.length)
    assert.equal(grids.length, eligible)
    // Each grid has its own checklist and one event, whichever transaction wrote it.
    for (const g of grids) assert.deepEqual([g.events.length, g.checklist.length], [1, 2])
  })

  test('a caller assigned to sites generates for them only and leaves the month unrecorded for the fleet', async () => {
    const site = await createLocation(t, admin.token, { name: 'Résidence assignée' })
    const mine = await insertAssets(t, { locationId: site, categoryId }, [{ reference: 'ASS-1' }])
    const dispatcher = await t.userWithRole('Dispatcher', { siteIds: [site] })
    assert.deepEqual(ok(await generate('2025-12', dispatcher.token)), { month: '2025-12', created: 1, alreadyPresent: 0, firstControls: 1 })
    const grids = await storedGrids(t, '2025-12')
    assert.deepEqual(grids.map((g) => g.assetId), [mine['ASS-1']])
    assert.equal(grids[0].events[0].actorId, dispatcher.id)
    assert.deepEqual(await t.app.deps.database.db.select().from(preventiveRuns).where(eq(preventiveRuns.periodKey, '2025-12')), [])
  })

  test('the month may be from 12 months back to 1 month ahead; outside: 400 MONTH_OUT_OF_RANGE', async () => {
    assert.equal((await generate('2025-03')).status, 200)
    const res = await generate('2025-02')
    assertError(res, 400, 'MONTH_OUT_OF_RANGE')
    assert.equal((res.body as unknown as { error: { message: string } }).error.message, 'Le mois doit être compris entre 2025-03 et 2026-04.')
    assertError(await generate('2026-05'), 400, 'MONTH_OUT_OF_RANGE')
    assertError(await generate('1999-01'), 400, 'MONTH_OUT_OF_RANGE')
    // The window follows the clock.
    clock.set('2026-12-31T23:59:59.999Z')
    try {
      const { token } = await t.userWithRole('Administrateur')
      assertError(await generate('2025-11', token), 400, 'MONTH_OUT_OF_RANGE')
      assert.equal((await generate('2027-01', token)).status, 200)
    } finally {
      clock.set(NOW)
    }
  })

  test('400 on a malformed month or an unknown field, naming the field', async () => {
    for (const body of [{ month: '2026-13' }, { month: '2026-3' }, { month: 'mars 2026' }, { month: '2026-03-01' }, { month: 202603 }, { month: null }, {}]) {
      const res = await t.request('POST', '/preventive/generate', { token: admin.token, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.match(JSON.stringify(res.body.error.details), /month/, JSON.stringify(body))
    }
    const res = await t.request('POST', '/preventive/generate', { token: admin.token, body: { month: '2026-03', siteId: ids['TIL-A'] } })
    assertError(res, 400, 'VALIDATION_ERROR')
    assert.match(JSON.stringify(res.body.error.details), /siteId/)
  })

  test('401 without a token; 403 for roles that may not create work orders', async () => {
    assertError(await t.request('POST', '/preventive/generate', { body: { month: '2026-03' } }), 401, 'UNAUTHORIZED')
    for (const role of ['Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await generate('2026-03', await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    for (const role of ['Dispatcher', 'Technicien'] as const) assert.equal((await generate('2026-03', await t.tokenFor(role))).status, 200)
  })

  test('references keep counting past six digits', async () => {
    const site = await createLocation(t, admin.token, { name: 'Résidence du million' })
    await insertAssets(t, { locationId: site, categoryId }, [{ reference: 'MIL-1' }, { reference: 'MIL-2' }])
    await t.app.deps.database.db.execute(sql`SELECT setval('work_order_number_seq', 999998)`)
    const dispatcher = await t.userWithRole('Dispatcher', { siteIds: [site] })
    assert.equal(ok(await generate('2026-01', dispatcher.token)).created, 2)
    assert.deepEqual((await storedGrids(t, '2026-01')).map((g) => [g.reference, g.number]).sort(), [['OT-1000000', 1000000], ['OT-999999', 999999]])
  })
})
