// Partial receipts: `receive` with the lines and quantities delivered now, the order staying
// PARTIALLY_RECEIVED until every line is complete (docs/purchasing.md).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, exactlyOneWins, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { createPurchaseOrder, insertPart, insertPartner, partState, receiptsOf } from './purchase-orders.fixtures.ts'

const clock = new ManualClock('2026-06-01T07:30:00.000Z')
let t: TestApp
let manager: { id: string; token: string }
let supplierId: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  manager = await t.userWithRole('Gestionnaire')
  supplierId = (await insertPartner(t)).id
})
after(() => t.close())

type Receipt = { lineId: string; quantity: number }[]
const receive = (id: string, lines?: Receipt) =>
  t.api.transitionPurchaseOrder({ params: { id }, body: lines ? { action: 'receive', lines } : { action: 'receive' } }, manager.token)
const getOrder = async (id: string) => ok(await t.api.getPurchaseOrder({ params: { id } }, manager.token))

/** A sent order of two parts: 5 of A at 1 000 c, 3 of B at 250 c. */
async function sentOrder() {
  const a = await insertPart(t, { lastUnitPriceCents: 900 })
  const b = await insertPart(t, { lastUnitPriceCents: 200 })
  const order = await createPurchaseOrder(t, manager.token, {
    supplierId, lines: [{ partId: a.id, quantity: 5, unitPriceCents: 1000 }, { partId: b.id, quantity: 3, unitPriceCents: 250 }],
  })
  ok(await t.api.transitionPurchaseOrder({ params: { id: order.id }, body: { action: 'send' } }, manager.token))
  const [la, lb] = order.lines
  return { order, a, b, la, lb }
}

describe('partial receipts', () => {
  test('part of a line: « Partiellement reçu », the quantity entered at its frozen price; later receipts complete it', async () => {
    const { order, a, b, la, lb } = await sentOrder()
    clock.advance(1000)
    const first = ok(await receive(order.id, [{ lineId: la.id, quantity: 2 }]))
    assert.deepEqual([first.status, first.receivedAt, first.allowedTransitions], ['PARTIALLY_RECEIVED', null, ['receive', 'cancel']])
    assert.deepEqual(first.lines.map((l) => [l.quantity, l.receivedQuantity]), [[5, 2], [3, 0]])
    assert.deepEqual(await partState(t, a.id), { quantity: 2, lastUnitPriceCents: 1000 })
    assert.deepEqual(await partState(t, b.id), { quantity: 0, lastUnitPriceCents: 200 }, 'a line not received keeps its part untouched')
    const [m] = await receiptsOf(t, order.id)
    assert.deepEqual([m.kind, m.partId, m.quantity, m.unitPriceCents, m.purchaseOrderLineId, m.actorId], ['RECEIPT', a.id, 2, 1000, la.id, manager.id])

    clock.advance(1000)
    const second = ok(await receive(order.id, [{ lineId: lb.id, quantity: 1 }, { lineId: la.id, quantity: 3 }]))
    assert.equal(second.status, 'PARTIALLY_RECEIVED')
    assert.deepEqual(second.lines.map((l) => l.receivedQuantity), [5, 1])

    clock.advance(1000)
    const last = ok(await receive(order.id))
    assert.deepEqual([last.status, last.receivedAt, last.allowedTransitions], ['RECEIVED', clock.now().toISOString(), []])
    assert.deepEqual(last.lines.map((l) => l.receivedQuantity), [5, 3])
    const movements = await receiptsOf(t, order.id)
    assert.deepEqual(movements.map((x) => [x.purchaseOrderLineId, x.quantity]).sort(), [[la.id, 2], [la.id, 3], [lb.id, 1], [lb.id, 2]].sort(),
      'without lines, only what remained is received')
    assert.deepEqual(await partState(t, a.id), { quantity: 5, lastUnitPriceCents: 1000 })
    assert.deepEqual(await partState(t, b.id), { quantity: 3, lastUnitPriceCents: 250 })
  })

  test('receiving every remaining quantity line by line ends « Reçu »', async () => {
    const { order, la, lb } = await sentOrder()
    const done = ok(await receive(order.id, [{ lineId: la.id, quantity: 5 }, { lineId: lb.id, quantity: 3 }]))
    assert.equal(done.status, 'RECEIVED')
    assert.ok(done.receivedAt)
  })

  test('400 naming the field: a line of another order, twice the same line, more than remains, 0, none, lines on another action; nothing written', async () => {
    const { order, a, la, lb } = await sentOrder()
    const other = await sentOrder()
    ok(await receive(order.id, [{ lineId: la.id, quantity: 4 }]))
    const cases: [Receipt | undefined, string, 'send' | 'cancel' | 'receive'][] = [
      [[{ lineId: other.la.id, quantity: 1 }], 'lines.0.lineId', 'receive'],
      [[{ lineId: lb.id, quantity: 1 }, { lineId: lb.id, quantity: 1 }], 'lines.1.lineId', 'receive'],
      [[{ lineId: lb.id, quantity: 1 }, { lineId: la.id, quantity: 2 }], 'lines.1.quantity', 'receive'],
      [[{ lineId: la.id, quantity: 0 }], 'lines.0.quantity', 'receive'],
      [[], 'lines', 'receive'],
      [[{ lineId: la.id, quantity: 1 }], 'lines', 'cancel'],
    ]
    for (const [lines, field, action] of cases) {
      const res = await t.api.transitionPurchaseOrder({ params: { id: order.id }, body: { action, lines } as never }, manager.token)
      assertError(res, 400, 'VALIDATION_ERROR')
      const fields = (res.body as any).error.details.map((d: { field: string }) => d.field)
      assert.ok(fields.includes(field), `${field}: ${JSON.stringify(res.body)}`)
    }
    const after = await getOrder(order.id)
    assert.deepEqual([after.status, ...after.lines.map((l) => l.receivedQuantity)], ['PARTIALLY_RECEIVED', 4, 0])
    assert.equal((await receiptsOf(t, order.id)).length, 1)
    assert.equal((await partState(t, a.id)).quantity, 4)
  })

  test('the list filters « Partiellement reçu » orders', async () => {
    const { order, la } = await sentOrder()
    ok(await receive(order.id, [{ lineId: la.id, quantity: 1 }]))
    const listed = ok(await t.api.listPurchaseOrders({ query: { status: 'PARTIALLY_RECEIVED', supplierId } }, manager.token)).purchaseOrders
    assert.ok(listed.some((o) => o.id === order.id))
    assert.ok(listed.every((o) => o.status === 'PARTIALLY_RECEIVED'))
    const sent = ok(await t.api.listPurchaseOrders({ query: { status: 'SENT', supplierId } }, manager.token)).purchaseOrders
    assert.ok(!sent.some((o) => o.id === order.id))
  })

  test('cancelling a partly received order cancels the remainder: what was received stays, nothing more can be', async () => {
    const { order, a, la } = await sentOrder()
    ok(await receive(order.id, [{ lineId: la.id, quantity: 2 }]))
    const cancelled = ok(await t.api.transitionPurchaseOrder({ params: { id: order.id }, body: { action: 'cancel' } }, manager.token))
    assert.deepEqual([cancelled.status, cancelled.receivedAt, cancelled.allowedTransitions], ['CANCELLED', null, []])
    assert.ok(cancelled.cancelledAt)
    assert.deepEqual(cancelled.lines.map((l) => l.receivedQuantity), [2, 0])
    assert.equal((await partState(t, a.id)).quantity, 2)
    assertError(await receive(order.id, [{ lineId: la.id, quantity: 1 }]), 409, 'TRANSITION_NOT_ALLOWED')
  })
})

describe('concurrent receipts never receive more than ordered', () => {
  test('five receipts of 3 at once on a line of 5: exactly one 200, the others 400, stock +3', async () => {
    const { order, a, la } = await sentOrder()
    await exactlyOneWins(5, () => receive(order.id, [{ lineId: la.id, quantity: 3 }]), { winStatus: 200, loseStatus: 400, loseCode: 'VALIDATION_ERROR' })
    assert.deepEqual((await getOrder(order.id)).lines.map((l) => l.receivedQuantity), [3, 0])
    assert.equal((await receiptsOf(t, order.id)).length, 1)
    assert.equal((await partState(t, a.id)).quantity, 3)
  })

  test('five « receive the rest » at once after a partial receipt: exactly one 200, the others 409, each line entered in full once', async () => {
    const { order, a, b, la } = await sentOrder()
    ok(await receive(order.id, [{ lineId: la.id, quantity: 1 }]))
    await exactlyOneWins(5, () => receive(order.id), { winStatus: 200, loseStatus: 409, loseCode: 'TRANSITION_NOT_ALLOWED' })
    const done = await getOrder(order.id)
    assert.deepEqual([done.status, ...done.lines.map((l) => l.receivedQuantity)], ['RECEIVED', 5, 3])
    assert.equal((await receiptsOf(t, order.id)).length, 3)
    assert.deepEqual([(await partState(t, a.id)).quantity, (await partState(t, b.id)).quantity], [5, 3])
  })
})
