import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, exactlyOneWins, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { createPurchaseOrder, insertPart, insertPartner, partState, receiptsOf, setLastPrice } from './purchase-orders.fixtures.ts'
import type { PurchaseOrderAction, PurchaseOrderStatus } from './purchase-orders.states.ts'

const clock = new ManualClock('2026-06-01T07:30:00.000Z')
const MISSING = '0190a0a0-0000-7000-8000-000000000000'
let t: TestApp
let manager: { id: string; token: string }
let supplierId: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  manager = await t.userWithRole('Gestionnaire')
  supplierId = (await insertPartner(t)).id
})
after(() => t.close())

async function orderWith(lines: { partId: string; quantity: number; unitPriceCents: number }[], token = manager.token) {
  return createPurchaseOrder(t, token, { supplierId, lines })
}
async function freshOrder() {
  const part = await insertPart(t, { lastUnitPriceCents: 100 })
  return orderWith([{ partId: part.id, quantity: 2, unitPriceCents: 150 }])
}
const act = (id: string, action: PurchaseOrderAction, token = manager.token) => t.api.transitionPurchaseOrder({ params: { id }, body: { action } }, token)

/** An order brought to `state` through the allowed moves. */
async function orderIn(state: PurchaseOrderStatus) {
  const order = await freshOrder()
  const path: Record<PurchaseOrderStatus, PurchaseOrderAction[]> = { DRAFT: [], SENT: ['send'], PARTIALLY_RECEIVED: ['send'], RECEIVED: ['send', 'receive'], CANCELLED: ['cancel'] }
  for (const a of path[state]) ok(await act(order.id, a))
  if (state === 'PARTIALLY_RECEIVED') {
    ok(await t.api.transitionPurchaseOrder({ params: { id: order.id }, body: { action: 'receive', lines: [{ lineId: order.lines[0].id, quantity: 1 }] } }, manager.token))
  }
  return order
}

const ALLOWED: Record<PurchaseOrderStatus, Partial<Record<PurchaseOrderAction, PurchaseOrderStatus>>> = {
  DRAFT: { send: 'SENT', cancel: 'CANCELLED' },
  SENT: { receive: 'RECEIVED', cancel: 'CANCELLED' },
  PARTIALLY_RECEIVED: { receive: 'RECEIVED', cancel: 'CANCELLED' },
  RECEIVED: {},
  CANCELLED: {},
}
/** An order without what a move changes: its status, stamps, actions and received quantities. */
const unmoved = (o: { lines: { receivedQuantity: number }[] }) => ({
  ...o, status: undefined, sentAt: undefined, receivedAt: undefined, cancelledAt: undefined, allowedTransitions: undefined,
  lines: o.lines.map((l) => ({ ...l, receivedQuantity: undefined })),
})
const ACTIONS: PurchaseOrderAction[] = ['send', 'receive', 'cancel']

describe('transitionPurchaseOrder', () => {
  test('every allowed move answers 200 with the new state and its stamp; every other one 409, nothing changed', async () => {
    for (const from of Object.keys(ALLOWED) as PurchaseOrderStatus[]) {
      for (const action of ACTIONS) {
        const order = await orderIn(from)
        const before = ok(await t.api.getPurchaseOrder({ params: { id: order.id } }, manager.token))
        assert.equal(before.status, from)
        assert.deepEqual(before.allowedTransitions, ACTIONS.filter((a) => ALLOWED[from][a]))
        clock.advance(1000)
        const res = await act(order.id, action)
        const to = ALLOWED[from][action]
        if (to === undefined) {
          assertError(res, 409, 'TRANSITION_NOT_ALLOWED')
          assert.deepEqual(ok(await t.api.getPurchaseOrder({ params: { id: order.id } }, manager.token)), before, `${from} ${action}`)
          continue
        }
        const body = ok(res)
        assert.equal(body.status, to, `${from} ${action}`)
        const stamp = { SENT: 'sentAt', RECEIVED: 'receivedAt', CANCELLED: 'cancelledAt' } as const
        assert.equal(body[stamp[to as keyof typeof stamp]], clock.now().toISOString())
        assert.deepEqual(body.allowedTransitions, ACTIONS.filter((a) => ALLOWED[to][a]))
        assert.deepEqual(unmoved(body), unmoved(before))
        assert.deepEqual(body.lines.map((l) => l.receivedQuantity), body.lines.map((l, i) => (to === 'RECEIVED' ? l.quantity : before.lines[i].receivedQuantity)))
      }
    }
  })

  test('sentAt stays once received; a cancelled order keeps when it was sent', async () => {
    const received = await orderIn('RECEIVED')
    const r = ok(await t.api.getPurchaseOrder({ params: { id: received.id } }, manager.token))
    assert.ok(r.sentAt && r.receivedAt && r.cancelledAt === null)
    const cancelled = await orderIn('SENT')
    const c = ok(await act(cancelled.id, 'cancel'))
    assert.ok(c.sentAt && c.cancelledAt && c.receivedAt === null)
    assert.equal((await receiptsOf(t, cancelled.id)).length, 0, 'a cancelled order enters no stock')
  })

  test('400 for a missing or unknown action, an extra field; 404 unknown order; 401; 403 by role', async () => {
    const order = await freshOrder()
    for (const body of [{}, { action: 'approve' }, { action: 'send', reason: 'x' }]) {
      assertError(await t.request('POST', `/purchase-orders/${order.id}/transition`, { token: manager.token, body }), 400, 'VALIDATION_ERROR')
    }
    assertError(await act(MISSING, 'send'), 404, 'NOT_FOUND')
    assertError(await t.request('POST', `/purchase-orders/${order.id}/transition`, { body: { action: 'send' } }), 401)
    for (const role of ['Dispatcher', 'Technicien', 'Technicien limité', 'Demandeur', 'Vue seule'] as const) {
      assertError(await act(order.id, 'send', await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assert.equal(ok(await act(order.id, 'send', await t.tokenFor('Administrateur'))).status, 'SENT')
  })
})

describe('receiving', () => {
  test('one RECEIPT movement per line (price frozen, order and line, actor), stock rises, last prices updated', async () => {
    const a = await insertPart(t, { lastUnitPriceCents: 900 })
    const b = await insertPart(t, { lastUnitPriceCents: null })
    const order = await orderWith([
      { partId: a.id, quantity: 4, unitPriceCents: 1000 },
      { partId: b.id, quantity: 7, unitPriceCents: 250 },
      { partId: a.id, quantity: 1, unitPriceCents: 1100 },
    ])
    ok(await act(order.id, 'send'))
    assert.deepEqual(await partState(t, a.id), { quantity: 0, lastUnitPriceCents: 900 }, 'sending enters no stock')
    clock.advance(5000)
    const received = ok(await act(order.id, 'receive'))
    assert.equal(received.receivedAt, clock.now().toISOString())
    const movements = await receiptsOf(t, order.id)
    const byLine = new Map(movements.map((m) => [m.purchaseOrderLineId, m]))
    assert.equal(movements.length, 3)
    for (const line of order.lines) {
      const m = byLine.get(line.id)
      assert.ok(m, `a movement for line ${line.id}`)
      assert.deepEqual({ kind: m.kind, partId: m.partId, quantity: m.quantity, unitPriceCents: m.unitPriceCents, actorId: m.actorId, purchaseOrderId: m.purchaseOrderId, workOrderId: m.workOrderId, reason: m.reason, createdAt: m.createdAt.toISOString() },
        { kind: 'RECEIPT', partId: line.part.id, quantity: line.quantity, unitPriceCents: line.unitPriceCents, actorId: manager.id, purchaseOrderId: order.id, workOrderId: null, reason: null, createdAt: clock.now().toISOString() })
    }
    assert.deepEqual(await partState(t, a.id), { quantity: 5, lastUnitPriceCents: 1100 }, 'the last line of a part sets its price')
    assert.deepEqual(await partState(t, b.id), { quantity: 7, lastUnitPriceCents: 250 })
  })

  test('a received movement keeps its frozen price when the part price changes later, or another order is received', async () => {
    const part = await insertPart(t, { lastUnitPriceCents: 500 })
    const first = await orderWith([{ partId: part.id, quantity: 2, unitPriceCents: 520 }])
    ok(await act(first.id, 'send'))
    ok(await act(first.id, 'receive'))
    await setLastPrice(t, part.id, 999)
    const second = await orderWith([{ partId: part.id, quantity: 3, unitPriceCents: 610 }])
    ok(await act(second.id, 'send'))
    ok(await act(second.id, 'receive'))
    assert.deepEqual((await receiptsOf(t, first.id)).map((m) => m.unitPriceCents), [520])
    assert.deepEqual((await receiptsOf(t, second.id)).map((m) => m.unitPriceCents), [610])
    assert.deepEqual(await partState(t, part.id), { quantity: 5, lastUnitPriceCents: 610 })
    const again = ok(await t.api.getPurchaseOrder({ params: { id: first.id } }, manager.token))
    assert.deepEqual(again.lines.map((l) => l.unitPriceCents), [520])
  })

  test('ten simultaneous receipts of one order: exactly one 200, the others 409, the movements written once', async () => {
    const a = await insertPart(t)
    const b = await insertPart(t)
    const order = await orderWith([{ partId: a.id, quantity: 6, unitPriceCents: 300 }, { partId: b.id, quantity: 2, unitPriceCents: 4500 }])
    ok(await act(order.id, 'send'))
    await exactlyOneWins(10, () => act(order.id, 'receive'), { winStatus: 200, loseStatus: 409, loseCode: 'TRANSITION_NOT_ALLOWED' })
    assert.equal((await receiptsOf(t, order.id)).length, 2)
    assert.deepEqual(await partState(t, a.id), { quantity: 6, lastUnitPriceCents: 300 })
    assert.deepEqual(await partState(t, b.id), { quantity: 2, lastUnitPriceCents: 4500 })
  })

  test('a receipt racing a cancellation: exactly one wins, and stock is entered only if the receipt won', async () => {
    const part = await insertPart(t)
    const order = await orderWith([{ partId: part.id, quantity: 3, unitPriceCents: 100 }])
    ok(await act(order.id, 'send'))
    const race = await exactlyOneWins(2, (i) => act(order.id, i === 0 ? 'receive' : 'cancel'), { winStatus: 200, loseStatus: 409, loseCode: 'TRANSITION_NOT_ALLOWED' })
    const received = race.winner.body.status === 'RECEIVED'
    assert.equal((await receiptsOf(t, order.id)).length, received ? 1 : 0)
    assert.equal((await partState(t, part.id)).quantity, received ? 3 : 0)
  })

  test('receipts of two orders sharing parts in opposite orders both succeed', async () => {
    const a = await insertPart(t)
    const b = await insertPart(t)
    const o1 = await orderWith([{ partId: a.id, quantity: 1, unitPriceCents: 10 }, { partId: b.id, quantity: 1, unitPriceCents: 10 }])
    const o2 = await orderWith([{ partId: b.id, quantity: 2, unitPriceCents: 20 }, { partId: a.id, quantity: 2, unitPriceCents: 20 }])
    ok(await act(o1.id, 'send'))
    ok(await act(o2.id, 'send'))
    const results = await Promise.all([act(o1.id, 'receive'), act(o2.id, 'receive')])
    assert.deepEqual(results.map((r) => r.status), [200, 200])
    assert.equal((await partState(t, a.id)).quantity, 3)
    assert.equal((await partState(t, b.id)).quantity, 3)
  })
})
