// The inspections' figures of the analytics summary: the fleet's overdue and due-soon
// inspections (the dispatcher's list's counts) and the findings still open, in the caller's sites.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder } from '../work-orders/work-orders.fixtures.ts'

const NOW = '2026-03-15T10:00:00.000Z'
const DAY = 86_400_000
const clock = new ManualClock(NOW)
const yearsAndDaysAgo = (years: number, days: number) => { const d = new Date(NOW); d.setUTCFullYear(d.getUTCFullYear() - years); return new Date(d.getTime() - days * DAY) }

let t: TestApp
let admin: string
let siteA: string
let siteB: string
let categoryId: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur contrôlé')
  siteA = await createLocation(t, admin, { name: 'Résidence Alpha' })
  siteB = await createLocation(t, admin, { name: 'Résidence Bêta' })
})
after(() => t.close())

async function inspected(locationId: string, inspectedAt: Date) {
  const id = uuidv7()
  await t.app.deps.database.db.insert(assets).values({ id, reference: `CT-${id.slice(-8)}`, brand: 'Otis', categoryId, locationId, underContract: true, createdAt: new Date(Date.parse(NOW) - 4000 * DAY) })
  const res = await t.request('PATCH', `/assets/${id}`, { token: admin, body: { inspection: { inspectedAt: inspectedAt.toISOString(), body: 'Apave' } } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return { id, inspectionId: res.body.inspections[0].id as string }
}
const legal = async (token: string) => {
  const res = await t.request('GET', '/analytics/summary?months=3', { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.legal.inspections
}

test('overdue and due within 90 days counted as the fleet list; findings open until done or cancelled; by site', async () => {
  const late = await inspected(siteA, yearsAndDaysAgo(5, 10))
  await inspected(siteA, yearsAndDaysAgo(5, -30))
  await inspected(siteB, yearsAndDaysAgo(4, 0))
  const first = await createWorkOrder(t, admin, { assetId: late.id, description: 'Observation : éclairage de la cuvette insuffisant', inspectionId: late.inspectionId })
  const second = await createWorkOrder(t, admin, { assetId: late.id, description: 'Observation : porte palière à régler', inspectionId: late.inspectionId })
  await createWorkOrder(t, admin, { assetId: late.id, description: 'Panne sans lien avec le contrôle' })
  assert.deepEqual(await legal(admin), { overdue: 1, dueSoon: 1, findingsOpen: 2 })
  const cancel = await t.request('POST', `/work-orders/${second.id}/transition`, { token: admin, body: { to: 'CANCELLED', reason: 'Levée par le contrôleur' } })
  assert.equal(cancel.status, 200)
  assert.equal((await legal(admin)).findingsOpen, 1)
  const dispatcherOfB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
  assert.deepEqual(await legal(dispatcherOfB.token), { overdue: 0, dueSoon: 0, findingsOpen: 0 })
  assert.ok(first.id)
})
