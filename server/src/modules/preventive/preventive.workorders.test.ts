// Generated grids as the work-orders module serves them: what generation writes follows the
// shared conventions (docs/work-orders.md), and a grid worked to the end counts as finished.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAssets, storedGrids } from './preventive.fixtures.ts'

const NOW = '2026-03-15T10:00:00.000Z'
const clock = new ManualClock(NOW)
let t: TestApp
let dispatcher: { id: string; token: string }
let ids: Record<string, string>

before(async () => {
  t = await startTestApp({ build: { clock } })
  dispatcher = await t.userWithRole('Dispatcher')
  const admin = await t.tokenFor('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur de test')
  const site = await createLocation(t, admin, { name: 'Résidence des Lilas' })
  ids = await insertAssets(t, { locationId: site, categoryId }, [
    { reference: 'LIL-1', commissionedAt: '2020-03-01T00:00:00.000Z' },
    { reference: 'LIL-2', underContract: false },
  ])
  ok(await t.api.createTaskTemplate({ body: { label: 'Verrouillage des portes', periodicityMonths: 1 } }, admin))
  ok(await t.api.createTaskTemplate({ body: { label: 'Frein de la machine', periodicityMonths: 6 } }, admin))
})
after(() => t.close())

test('getWorkOrder and listWorkOrders show a generated grid: preventive, open, its month and due date, first control, checklist and GENERATED event', async () => {
  ok(await t.api.generatePreventive({ body: { month: '2026-03' } }, dispatcher.token))
  const [grid] = await storedGrids(t, '2026-03', [ids['LIL-1']])
  const detail = ok(await t.api.getWorkOrder({ params: { id: grid.id } }, dispatcher.token))
  assert.deepEqual({
    reference: detail.reference, type: detail.type, status: detail.status, priority: detail.priority, personBlocked: detail.personBlocked,
    asset: detail.asset.reference, description: detail.description, dueAt: detail.dueAt, periodKey: detail.periodKey, firstControl: detail.firstControl,
    createdBy: detail.createdBy, requester: detail.requester, createdAt: detail.createdAt, assignees: detail.assignees,
  }, {
    reference: grid.reference, type: 'PREVENTIVE', status: 'OPEN', priority: 'NORMAL', personBlocked: false,
    asset: 'LIL-1', description: 'Première visite d’entretien préventif, contrôle complet — mars 2026', dueAt: '2026-03-31T23:59:59.999Z',
    periodKey: '2026-03', firstControl: true, createdBy: null, requester: null, createdAt: NOW, assignees: [],
  })
  assert.deepEqual(detail.checklist.map((i) => [i.label, i.position, i.status]), [['Verrouillage des portes', 1, 'TODO'], ['Frein de la machine', 2, 'TODO']])
  assert.deepEqual(detail.activity.map((e) => [e.kind, e.actor?.id, e.at, e.payload]), [
    ['GENERATED', dispatcher.id, NOW, { periodKey: '2026-03', firstControl: true, taskCount: 2 }],
  ])
  const listed = ok(await t.api.listWorkOrders({ query: { type: 'PREVENTIVE' } }, dispatcher.token)).workOrders
  assert.deepEqual(listed.map((w) => [w.id, w.periodKey, w.dueAt]), [[grid.id, '2026-03', '2026-03-31T23:59:59.999Z']])
})

test('a grid worked to the end through the work-order operations counts as finished in the status', async () => {
  const [grid] = await storedGrids(t, '2026-03', [ids['LIL-1']])
  const id = grid.id
  const detail = ok(await t.api.getWorkOrder({ params: { id } }, dispatcher.token))
  assert.ok(detail.closureBlockers.length > 0)
  for (const item of detail.checklist) ok(await t.api.patchChecklistItem({ params: { id, itemId: item.id }, body: { status: 'DONE' } }, dispatcher.token))
  const { fields } = ok(await t.api.listReferenceValues({ query: { active: true } }, dispatcher.token))
  const first = (field: string) => fields.find((f) => f.field === field)!.values[0].id
  ok(await t.api.upsertWorkOrderReport({ params: { id }, body: { symptomId: first('SYMPTOM'), causeId: first('CAUSE'), actionId: first('ACTION') } }, dispatcher.token))
  ok(await t.api.transitionWorkOrder({ params: { id }, body: { to: 'DONE' } }, dispatcher.token))
  const s = ok(await t.api.getPreventiveStatus({}, dispatcher.token))
  assert.deepEqual({ month: s.month, generated: s.generated, finished: s.finished, late: s.late, firstControls: s.firstControls },
    { month: '2026-03', generated: 1, finished: 1, late: 0, firstControls: 1 })
  // Finished through the operations, the grid is the elevator's last visit (docs/compliance.md).
  const asset = ok(await t.api.getAsset({ params: { id: ids['LIL-1'] } }, dispatcher.token))
  assert.deepEqual([asset.lastVisitAt, asset.nextVisitDueAt, asset.visitDaysLeft, asset.visitState], [NOW, '2026-04-26T10:00:00.000Z', 42, 'UP_TO_DATE'])
})
