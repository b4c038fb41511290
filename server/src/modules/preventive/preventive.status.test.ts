import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { and, eq, inArray } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { workOrderAssignees, workOrders } from '../work-orders/work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAssets } from './preventive.fixtures.ts'

const clock = new ManualClock('2026-03-15T10:00:00.000Z')
const GRID_FIELDS = ['finished', 'firstControls', 'generated', 'late', 'month']
// The six-week visit fields are tested in preventive.visits.test.ts.
const STATUS_FIELDS = [...GRID_FIELDS, 'dueSoonVisitCount', 'dueSoonVisits', 'overdueVisitCount', 'overdueVisits',
  'inspectionsDueSoon', 'inspectionsDueSoonCount', 'inspectionsOverdue', 'inspectionsOverdueCount'].sort()
const grids = (body: Record<string, unknown>) => Object.fromEntries(GRID_FIELDS.map((k) => [k, body[k]]))

let t: TestApp
let ids: Record<string, string>
let siteO: string
let limited: { id: string }

before(async () => {
  t = await startTestApp({ build: { clock } })
  const admin = await t.tokenFor('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur de test')
  const siteS = await createLocation(t, admin, { name: 'Site principal' })
  siteO = await createLocation(t, admin, { name: 'Autre site' })
  ok(await t.api.createTaskTemplate({ body: { label: 'Verrouillage des portes', periodicityMonths: 1 } }, admin))
  ids = {
    ...await insertAssets(t, { locationId: siteS, categoryId }, [{ reference: 'A1' }, { reference: 'A2' }, { reference: 'A3' }, { reference: 'A4' }]),
    ...await insertAssets(t, { locationId: siteO, categoryId }, [{ reference: 'B1' }]),
  }
  ok(await t.api.generatePreventive({ body: { month: '2026-02' } }, admin))
  // Put under contract in March: its March grid is its first control.
  Object.assign(ids, await insertAssets(t, { locationId: siteS, categoryId }, [{ reference: 'A5' }]))
  ok(await t.api.generatePreventive({ body: { month: '2026-03' } }, admin))

  await setStatus('2026-03', ['A1'], 'DONE')
  await setStatus('2026-03', ['A2'], 'CANCELLED')
  await setStatus('2026-03', ['A3'], 'IN_PROGRESS')
  await setStatus('2026-02', ['A1'], 'DONE')
  await setStatus('2026-02', ['A3'], 'ON_HOLD')
  await setStatus('2026-02', ['A4'], 'CANCELLED')
  await setStatus('2026-02', ['B1'], 'IN_PROGRESS')
  // A corrective order past its due date is not a late grid.
  await t.app.deps.database.db.insert(workOrders).values({
    id: uuidv7(), reference: 'OT-900000001', number: 900_000_001, type: 'CORRECTIVE', assetId: ids.A1, dueAt: new Date('2026-03-01T00:00:00.000Z'),
  })
  limited = await t.userWithRole('Technicien limité')
  await t.app.deps.database.db.insert(workOrderAssignees).values([
    { workOrderId: await gridId('2026-03', 'A3'), userId: limited.id },
    { workOrderId: await gridId('2026-02', 'A2'), userId: limited.id },
  ])
})
after(() => t.close())

async function gridId(periodKey: string, ref: string): Promise<string> {
  const [row] = await t.app.deps.database.db.select({ id: workOrders.id }).from(workOrders)
    .where(and(eq(workOrders.periodKey, periodKey), eq(workOrders.assetId, ids[ref])))
  return row.id
}

async function setStatus(periodKey: string, refs: string[], status: 'DONE' | 'CANCELLED' | 'IN_PROGRESS' | 'ON_HOLD') {
  await t.app.deps.database.db.update(workOrders)
    .set({ status, ...(status === 'CANCELLED' ? { cancelReason: 'Ascenseur à l’arrêt pour travaux' } : {}) })
    .where(and(eq(workOrders.periodKey, periodKey), inArray(workOrders.assetId, refs.map((r) => ids[r]))))
}

const status = async (token: string) => grids(ok(await t.api.getPreventiveStatus({}, token)))

describe('getPreventiveStatus', () => {
  test('the current month’s grids: generated, finished, first controls; late: overdue unfinished grids of earlier months', async () => {
    const res = await t.api.getPreventiveStatus({}, await t.tokenFor('Administrateur'))
    assert.equal(res.status, 200)
    assert.deepEqual(Object.keys(res.body).sort(), STATUS_FIELDS)
    // February: A2 open, A3 on hold and B1 in progress are late; A1 done and A4 cancelled are not.
    assert.deepEqual(grids(res.body), { month: '2026-03', generated: 6, finished: 1, late: 3, firstControls: 1 })
  })

  test('readable by every role with WORK_ORDERS view that sees others’ orders', async () => {
    for (const role of ['Dispatcher', 'Technicien', 'Gestionnaire', 'Vue seule'] as const) {
      assert.deepEqual(await status(await t.tokenFor(role)), { month: '2026-03', generated: 6, finished: 1, late: 3, firstControls: 1 }, role)
    }
  })

  test('a caller assigned to sites counts the grids of its sites only', async () => {
    const { token } = await t.userWithRole('Dispatcher', { siteIds: [siteO] })
    assert.deepEqual(await status(token), { month: '2026-03', generated: 1, finished: 0, late: 1, firstControls: 0 })
  })

  test('a caller without view-other counts only the grids assigned to it', async () => {
    assert.deepEqual(await status(t.app.deps.tokens.issue(limited.id)), { month: '2026-03', generated: 1, finished: 0, late: 1, firstControls: 0 })
    const { token } = await t.userWithRole('Technicien limité')
    assert.deepEqual(await status(token), { month: '2026-03', generated: 0, finished: 0, late: 0, firstControls: 0 })
  })

  test('a month’s grids become late once the month is over, and the status moves to the new month', async () => {
    try {
      clock.set('2026-03-31T23:59:59.999Z')
      assert.deepEqual(await status((await t.userWithRole('Administrateur')).token), { month: '2026-03', generated: 6, finished: 1, late: 3, firstControls: 1 })
      clock.set('2026-04-01T00:00:00.000Z')
      // March: A3 in progress, A4, A5 and B1 open.
      assert.deepEqual(await status((await t.userWithRole('Administrateur')).token), { month: '2026-04', generated: 0, finished: 0, late: 7, firstControls: 0 })
    } finally {
      clock.set('2026-03-15T10:00:00.000Z')
    }
  })

  test('401 without a token; 403 for a Demandeur', async () => {
    assertError(await t.request('GET', '/preventive/status'), 401, 'UNAUTHORIZED')
    assertError(await t.request('GET', '/preventive/status', { token: await t.tokenFor('Demandeur') }), 403, 'FORBIDDEN')
  })
})
