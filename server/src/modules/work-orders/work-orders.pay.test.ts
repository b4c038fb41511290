// Another person's pay: a labour line's rate and amount, the labour sum and the grand total are
// shown in full only to callers who may set rates (PEOPLE_TEAMS edit); everybody else sees its
// own lines' and null in every other pay field (the fields stay). On every path that shows an
// order: the detail, the answers of writes, a kept answer, the search.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { stockedPart } from '../parts/parts.fixtures.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const NOW = '2025-03-10T08:00:00.000Z'
type Who = { id: string; token: string }
let t: TestApp
let admin: Who, manager: Who, dispatcher: Who, viewer: Who, karim: Who, lea: Who
let orderId: string
let reference: string

before(async () => {
  t = await startTestApp({ build: { clock: new ManualClock(new Date(NOW)) }, keepAnswers: true })
  admin = await t.userWithRole('Administrateur')
  manager = await t.userWithRole('Gestionnaire')
  dispatcher = await t.userWithRole('Dispatcher')
  viewer = await t.userWithRole('Vue seule')
  karim = await t.userWithRole('Technicien', { hourlyRateCents: 5200 })
  lea = await t.userWithRole('Technicien', { hourlyRateCents: 3800 })
  const asset = await insertAsset(t, await insertLocation(t, 'Résidence Salaires'))
  const wo = await createWorkOrder(t, dispatcher.token, { assetId: asset, description: 'Porte palière bloquée', assigneeIds: [karim.id, lea.id] })
  orderId = wo.id
  reference = wo.reference
  const part = await stockedPart(t, manager.token, 'Contact de porte', 5, 1200)
  assert.equal((await t.api.consumePart({ params: { id: orderId }, body: { partId: part.id, quantity: 1 } }, karim.token)).status, 201)
  for (const [who, minutes] of [[karim, 60], [lea, 90]] as const) {
    assert.equal((await t.api.addLaborTime({ params: { id: orderId }, body: { userId: who.id, minutes, workedOn: '2025-03-10' } }, who.token)).status, 201)
  }
})
after(() => t.close())

type Costs = { labor: { person: { id: string }; hourlyRateCents: number | null; totalCents: number | null }[]; partsCents: number; laborCents: number | null; totalCents: number | null }
const money = (c: Costs) => ({
  lines: c.labor.map((l) => [l.person.id, l.hourlyRateCents, l.totalCents]),
  partsCents: c.partsCents, laborCents: c.laborCents, totalCents: c.totalCents,
})
type Money = { lines: (string | number | null)[][]; partsCents: number; laborCents: number | null; totalCents: number | null }
const full = (): Money => ({ lines: [[karim.id, 5200, 5200], [lea.id, 3800, 5700]], partsCents: 1200, laborCents: 10900, totalCents: 12100 })
const hidden = (own?: Who): Money => ({
  lines: [[karim.id, own === karim ? 5200 : null, own === karim ? 5200 : null], [lea.id, own === lea ? 3800 : null, own === lea ? 5700 : null]],
  partsCents: 1200, laborCents: null, totalCents: null,
})

describe('labour money on a work order', () => {
  test('getWorkOrder: everything for PEOPLE_TEAMS editors; for the others, only their own lines, the fields present and null', async () => {
    const cases: [Who, Money][] = [
      [admin, full()], [manager, full()], [dispatcher, hidden()], [viewer, hidden()], [karim, hidden(karim)], [lea, hidden(lea)],
    ]
    for (const [who, expected] of cases) {
      const res = await t.api.getWorkOrder({ params: { id: orderId } }, who.token)
      assert.equal(res.status, 200)
      assert.deepEqual(money(res.body.costs), expected)
      for (const l of res.body.costs.labor) assert.ok('hourlyRateCents' in l && 'totalCents' in l, 'the fields stay')
      assert.ok('laborCents' in res.body.costs && 'totalCents' in res.body.costs)
      // Read again: the answer kept for this caller is its own.
      assert.deepEqual(money((await t.api.getWorkOrder({ params: { id: orderId } }, who.token)).body.costs), expected)
    }
  })

  test('the detail answered by a write is masked the same way', async () => {
    const commented = await t.api.commentWorkOrder({ params: { id: orderId }, body: { body: 'Contact remplacé.' } }, karim.token)
    assert.equal(commented.status, 201)
    assert.deepEqual(money(commented.body.costs), hidden(karim))
    const byDispatcher = await t.api.commentWorkOrder({ params: { id: orderId }, body: { body: 'Vu.' } }, dispatcher.token)
    assert.deepEqual(money(byDispatcher.body.costs), hidden())
    const byAdmin = await t.api.commentWorkOrder({ params: { id: orderId }, body: { body: 'OK.' } }, admin.token)
    assert.deepEqual(money(byAdmin.body.costs), full())
  })

  test('a line logged by a colleague for someone else shows its money to neither', async () => {
    const asset = await insertAsset(t, await insertLocation(t, 'Résidence Salaires bis'))
    const wo = await createWorkOrder(t, dispatcher.token, { assetId: asset, description: 'Bruit en gaine', assigneeIds: [karim.id] })
    const res = await t.api.addLaborTime({ params: { id: wo.id }, body: { userId: lea.id, minutes: 30, workedOn: '2025-03-10' } }, karim.token)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.deepEqual(money(res.body.costs).lines, [[lea.id, null, null]])
  })

  test('search shows no money of any kind', async () => {
    for (const who of [dispatcher, karim, viewer]) {
      const res = await t.api.globalSearch({ query: { q: reference } }, who.token)
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.workOrders.map((w) => w.id), [orderId])
      assert.doesNotMatch(JSON.stringify(res.body), /Cents|5200|3800|5700|10900/)
    }
  })
})
