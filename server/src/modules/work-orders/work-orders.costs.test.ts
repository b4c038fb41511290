// consumePart and addLaborTime: cost lines with frozen prices, totals in the detail, who may
// log time for whom, refusals, scope, and stock under concurrent consumptions.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { stockMovements } from '../parts/parts.tables.ts'
import { users } from '../users/users.tables.ts'
import type { ErrorCode } from '../../http/error-codes.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createPart, stockedPart } from '../parts/parts.fixtures.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const PART_LINE_FIELDS = ['consumedAt', 'consumedBy', 'designation', 'id', 'partId', 'partReference', 'quantity', 'totalCents', 'unitPriceCents']
const LABOR_LINE_FIELDS = ['createdAt', 'createdBy', 'hourlyRateCents', 'id', 'minutes', 'person', 'totalCents', 'workedOn']
const MISSING = '0190a0a0-0000-7000-8000-000000000000'
const NOW = '2025-03-10T08:00:00.000Z'

let t: TestApp
const clock = new ManualClock(new Date(NOW))
type Who = { id: string; token: string }
let admin: Who, dispatcher: Who, tech: Who, limited: Who, manager: Who
let siteA: string, siteB: string, assetA: string, assetB: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien', { hourlyRateCents: 4500 })
  limited = await t.userWithRole('Technicien limité', { hourlyRateCents: 3000 })
  manager = await t.userWithRole('Gestionnaire')
  siteA = await insertLocation(t, 'Résidence Coûts A')
  siteB = await insertLocation(t, 'Résidence Coûts B')
  assetA = await insertAsset(t, siteA)
  assetB = await insertAsset(t, siteB)
})
after(() => t.close())

const order = (assigneeIds: string[] = [], assetId = assetA) =>
  createWorkOrder(t, dispatcher.token, { assetId, description: 'Intervention avec coûts', assigneeIds })
const consume = (id: string, partId: string, quantity: number, token = tech.token) =>
  t.api.consumePart({ params: { id }, body: { partId, quantity } }, token)
const labor = (id: string, userId: string, minutes: number, token = tech.token, workedOn = '2025-03-10') =>
  t.api.addLaborTime({ params: { id }, body: { userId, minutes, workedOn } }, token)
const displayName = async (id: string) =>
  (await t.app.deps.database.db.select({ n: users.displayName }).from(users).where(eq(users.id, id)))[0].n
const setRate = (id: string, cents: number | null) =>
  t.app.deps.database.db.update(users).set({ hourlyRateCents: cents }).where(eq(users.id, id))

describe('consumePart', () => {
  test('201 WorkOrderDetail: a parts line at the frozen price, totals, stock down, the ledger tied to the order', async () => {
    const wo = await order()
    const part = await stockedPart(t, manager.token, 'Galet de cabine', 10, 1250)
    const res = await consume(wo.id, part.id, 3)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const { costs } = res.body
    assert.equal(costs.parts.length, 1)
    const line = costs.parts[0]
    assert.deepEqual(Object.keys(line).sort(), PART_LINE_FIELDS)
    assert.deepEqual({ ...line, id: undefined }, {
      id: undefined, partId: part.id, partReference: part.reference, designation: 'Galet de cabine', quantity: 3, unitPriceCents: 1250,
      totalCents: 3750, consumedBy: { id: tech.id, displayName: await displayName(tech.id) }, consumedAt: NOW,
    })
    // The Technicien may not see pay: the labour sum and the grand total are null for him.
    assert.deepEqual({ ...costs, parts: [], labor: [] }, { parts: [], labor: [], partsCents: 3750, laborCents: null, totalCents: null })
    const after = (await t.api.getPart({ params: { id: part.id } }, manager.token)).body
    assert.equal(after.quantity, 7)
    assert.deepEqual([after.movements[0].kind, after.movements[0].quantity, after.movements[0].unitPriceCents], ['CONSUMPTION', -3, 1250])
    assert.deepEqual(after.movements[0].workOrder, { id: wo.id, reference: wo.reference })
    assert.equal(after.movements[0].id, line.id)
    // The detail read on its own shows the same block.
    assert.deepEqual((await t.api.getWorkOrder({ params: { id: wo.id } }, manager.token)).body.costs, { ...costs, laborCents: 0, totalCents: 3750 })
  })

  test('409 PRICE_UNKNOWN, 409 INSUFFICIENT_STOCK, 409 WORK_ORDER_CLOSED: nothing written', async () => {
    const wo = await order()
    const unpriced = await createPart(t, manager.token, { designation: 'Sans prix' })
    await t.api.addStockMovement({ params: { id: unpriced.id }, body: { kind: 'ADJUSTMENT', quantity: 5, reason: 'Trouvé' } }, manager.token)
    assertError(await consume(wo.id, unpriced.id, 1), 409, 'PRICE_UNKNOWN')
    const part = await stockedPart(t, manager.token, 'Peu en stock', 2, 500)
    const short = await consume(wo.id, part.id, 3)
    assertError(short, 409, 'INSUFFICIENT_STOCK')
    assert.match((short.body as any).error.message, /2 en stock/)
    const cancelled = await t.api.transitionWorkOrder({ params: { id: wo.id }, body: { to: 'CANCELLED', reason: 'Doublon' } }, dispatcher.token)
    assert.equal(cancelled.status, 200)
    assertError(await consume(wo.id, part.id, 1), 409, 'WORK_ORDER_CLOSED')
    assert.equal((await t.api.getPart({ params: { id: part.id } }, manager.token)).body.quantity, 2)
    assert.deepEqual((await t.api.getWorkOrder({ params: { id: wo.id } }, manager.token)).body.costs.parts, [])
  })

  test('400 on bad or unknown fields and an unknown part; 401; 403 without WORK_ORDERS edit; 404 unknown or out of scope', async () => {
    const wo = await order()
    const part = await stockedPart(t, manager.token, 'Contrôles', 5, 100)
    const cases: [Record<string, unknown>, string, ErrorCode][] = [
      [{ partId: part.id, quantity: 0 }, 'quantity', 'VALIDATION_ERROR'],
      [{ partId: part.id, quantity: -1 }, 'quantity', 'VALIDATION_ERROR'],
      [{ partId: part.id }, 'quantity', 'VALIDATION_ERROR'],
      [{ partId: 'x', quantity: 1 }, 'partId', 'VALIDATION_ERROR'],
      [{ partId: part.id, quantity: 1, unitPriceCents: 1 }, 'unitPriceCents', 'VALIDATION_ERROR'],
      [{ partId: MISSING, quantity: 1 }, 'partId', 'UNKNOWN_PART'],
    ]
    for (const [body, field, code] of cases) {
      const res = await t.request('POST', `/work-orders/${wo.id}/consume-part`, { token: tech.token, body })
      assertError(res, 400, code)
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assertError(await t.request('POST', `/work-orders/${wo.id}/consume-part`, { body: { partId: part.id, quantity: 1 } }), 401)
    for (const who of [manager, await t.userWithRole('Vue seule')]) assertError(await consume(wo.id, part.id, 1, who.token), 403, 'FORBIDDEN')
    assertError(await consume(MISSING, part.id, 1), 404, 'NOT_FOUND')
    // A Technicien limité reaches only its own orders; a site-assigned technician only its sites'.
    assertError(await consume(wo.id, part.id, 1, limited.token), 404, 'NOT_FOUND')
    const onB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await consume(wo.id, part.id, 1, onB.token), 404, 'NOT_FOUND')
    assert.equal((await consume((await order([limited.id])).id, part.id, 1, limited.token)).status, 201)
    assert.equal((await t.api.getPart({ params: { id: part.id } }, manager.token)).body.quantity, 4)
  })

  test('a later price change never alters a consumed line; a new consumption takes the new price', async () => {
    const wo = await order()
    const part = await stockedPart(t, manager.token, 'Prix figé', 10, 1000)
    await consume(wo.id, part.id, 2)
    await t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'MANUAL', quantity: 5, unitPriceCents: 1500 } }, manager.token)
    const res = await consume(wo.id, part.id, 1)
    assert.deepEqual(res.body.costs.parts.map((l) => [l.quantity, l.unitPriceCents, l.totalCents]), [[2, 1000, 2000], [1, 1500, 1500]])
    assert.equal(res.body.costs.partsCents, 3500)
  })
})

describe('addLaborTime', () => {
  test('201: own time at the frozen rate, rounded to the cent; totals add parts and labour', async () => {
    const wo = await order()
    const res = await labor(wo.id, tech.id, 90)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const line = res.body.costs.labor[0]
    assert.deepEqual(Object.keys(line).sort(), LABOR_LINE_FIELDS)
    const techPerson = { id: tech.id, displayName: await displayName(tech.id) }
    assert.deepEqual({ ...line, id: undefined }, {
      id: undefined, person: techPerson, workedOn: '2025-03-10', minutes: 90, hourlyRateCents: 4500, totalCents: 6750, createdBy: techPerson, createdAt: NOW,
    })
    const part = await stockedPart(t, manager.token, 'Total', 3, 333)
    const both = await consume(wo.id, part.id, 3)
    assert.equal(both.status, 201)
    const totals = (await t.api.getWorkOrder({ params: { id: wo.id } }, manager.token)).body.costs
    assert.deepEqual({ ...totals, parts: [], labor: [] }, { parts: [], labor: [], partsCents: 999, laborCents: 6750, totalCents: 7749 })
    // Half a cent rounds up: 1 minute at 0.30 €/h is 0.5 cent.
    const cheap = await t.userWithRole('Technicien', { hourlyRateCents: 30 })
    const half = await labor(wo.id, cheap.id, 1, cheap.token)
    assert.equal(half.body.costs.labor.at(-1)!.totalCents, 1)
    // 7 minutes at 49.99 €/h = 583.22 cents.
    await setRate(cheap.id, 4999)
    assert.equal((await labor(wo.id, cheap.id, 7, cheap.token)).body.costs.labor.at(-1)!.totalCents, 583)
  })

  test('a later rate change never alters a logged line', async () => {
    const wo = await order()
    const worker = await t.userWithRole('Technicien', { hourlyRateCents: 6000 })
    await labor(wo.id, worker.id, 60, worker.token)
    await setRate(worker.id, 9000)
    const res = await labor(wo.id, worker.id, 60, worker.token)
    assert.deepEqual(res.body.costs.labor.map((l) => [l.hourlyRateCents, l.totalCents]), [[6000, 6000], [9000, 9000]])
    assert.equal((await t.api.getWorkOrder({ params: { id: wo.id } }, manager.token)).body.costs.laborCents, 15000)
  })

  test('for someone else: with view-other, an active user who could work on the order; without it 403', async () => {
    const wo = await order([limited.id])
    const res = await labor(wo.id, limited.id, 30, tech.token)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.deepEqual(res.body.costs.labor[0].person.id, limited.id)
    assert.deepEqual(res.body.costs.labor[0].createdBy!.id, tech.id)
    // Someone else's line: its money is not the logger's to see (a Gestionnaire sees it).
    assert.equal(res.body.costs.labor[0].totalCents, null)
    assert.equal((await t.api.getWorkOrder({ params: { id: wo.id } }, manager.token)).body.costs.labor[0].totalCents, 1500)
    // A Technicien limité logs its own time only.
    assert.equal((await labor(wo.id, limited.id, 15, limited.token)).status, 201)
    assertError(await labor(wo.id, tech.id, 15, limited.token), 403, 'LABOR_FOR_OTHERS')
    // Unknown, disabled, without WORK_ORDERS edit, or without access to the site: 400.
    const disabled = await t.userWithRole('Technicien')
    await t.app.deps.database.db.update(users).set({ disabledAt: new Date(NOW) }).where(eq(users.id, disabled.id))
    const elsewhere = await t.userWithRole('Technicien', { siteIds: [siteB] })
    for (const userId of [MISSING, disabled.id, manager.id, elsewhere.id]) {
      const bad = await labor(wo.id, userId, 15, dispatcher.token)
      assertError(bad, 400, 'INVALID_LABOR_PERSON')
      assert.equal((bad.body as any).error.details[0].field, 'userId')
    }
  })

  test('409 HOURLY_RATE_UNDEFINED, 409 WORK_ORDER_CLOSED; nothing written', async () => {
    const wo = await order()
    const unpaid = await t.userWithRole('Technicien', { hourlyRateCents: null })
    assertError(await labor(wo.id, unpaid.id, 30, unpaid.token), 409, 'HOURLY_RATE_UNDEFINED')
    assertError(await labor(wo.id, unpaid.id, 30, tech.token), 409, 'HOURLY_RATE_UNDEFINED')
    await t.api.transitionWorkOrder({ params: { id: wo.id }, body: { to: 'CANCELLED', reason: 'Annulé' } }, dispatcher.token)
    assertError(await labor(wo.id, tech.id, 30), 409, 'WORK_ORDER_CLOSED')
    assert.deepEqual((await t.api.getWorkOrder({ params: { id: wo.id } }, admin.token)).body.costs.labor, [])
  })

  test('400 on bad fields, a future day; 401; 403 without edit; 404 unknown or out of scope', async () => {
    const wo = await order()
    const cases: [Record<string, unknown>, string, ErrorCode][] = [
      [{ userId: tech.id, minutes: 0, workedOn: '2025-03-10' }, 'minutes', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 1441, workedOn: '2025-03-10' }, 'minutes', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 30, workedOn: '2025-02-30' }, 'workedOn', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 30, workedOn: '10/03/2025' }, 'workedOn', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 30 }, 'workedOn', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 30, workedOn: '2025-03-10', rate: 1 }, 'rate', 'VALIDATION_ERROR'],
      [{ userId: tech.id, minutes: 30, workedOn: '2025-03-12' }, 'workedOn', 'INVALID_WORK_DATE'],
    ]
    for (const [body, field, code] of cases) {
      const res = await t.request('POST', `/work-orders/${wo.id}/labor`, { token: tech.token, body })
      assertError(res, 400, code)
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    // Tomorrow (UTC) passes: a caller east of Greenwich is already there.
    assert.equal((await labor(wo.id, tech.id, 30, tech.token, '2025-03-11')).status, 201)
    assertError(await t.request('POST', `/work-orders/${wo.id}/labor`, { body: { userId: tech.id, minutes: 1, workedOn: '2025-03-10' } }), 401)
    assertError(await labor(wo.id, manager.id, 30, manager.token), 403, 'FORBIDDEN')
    assertError(await labor(MISSING, tech.id, 30), 404, 'NOT_FOUND')
    assertError(await labor(wo.id, limited.id, 30, limited.token), 404, 'NOT_FOUND')
    const onB = await t.userWithRole('Technicien', { siteIds: [siteB], hourlyRateCents: 100 })
    assertError(await labor(wo.id, onB.id, 30, onB.token), 404, 'NOT_FOUND')
    assert.equal((await labor((await order([], assetB)).id, onB.id, 30, onB.token)).status, 201)
  })
})

describe('stock under concurrent consumptions', () => {
  async function ledgerSum(partId: string) {
    const [row] = await t.app.deps.database.db.select({ n: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
      .from(stockMovements).where(eq(stockMovements.partId, partId))
    return row.n
  }

  test('50 simultaneous consumptions of a part with 10 in stock: exactly 10 succeed, stock 0, the ledger sums to 0', async () => {
    const part = await stockedPart(t, manager.token, 'Dernières pièces', 10, 700)
    await t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'ADJUSTMENT', quantity: -10, reason: 'Remise à zéro' } }, manager.token)
    await t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'MANUAL', quantity: 10 } }, manager.token)
    const orders = await Promise.all(Array.from({ length: 5 }, () => order()))
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => consume(orders[i % 5].id, part.id, 1)))
    const statuses = results.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 201).length, 10, JSON.stringify(statuses))
    for (const r of results.filter((x) => x.status !== 201)) assertError(r, 409, 'INSUFFICIENT_STOCK')
    assert.equal((await t.api.getPart({ params: { id: part.id } }, manager.token)).body.quantity, 0)
    assert.equal(await ledgerSum(part.id), 0)
    let consumed = 0
    for (const o of orders) consumed += (await t.api.getWorkOrder({ params: { id: o.id } }, admin.token)).body.costs.parts.reduce((n, l) => n + l.quantity, 0)
    assert.equal(consumed, 10)
  })

  test('a negative adjustment racing consumptions never takes stock below zero', async () => {
    for (let round = 0; round < 3; round++) {
      const part = await stockedPart(t, manager.token, `Course ajustement ${round}`, 10, 100)
      const wo = await order()
      const calls = [
        ...Array.from({ length: 8 }, () => consume(wo.id, part.id, 1)),
        t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'ADJUSTMENT', quantity: -5, reason: 'Inventaire' } }, manager.token),
      ]
      const results = await Promise.all(calls)
      for (const r of results) assert.ok(r.status === 201 || r.status === 409, JSON.stringify(r.body))
      const consumed = results.slice(0, 8).filter((r) => r.status === 201).length
      const adjusted = results[8].status === 201 ? 5 : 0
      const quantity = (await t.api.getPart({ params: { id: part.id } }, manager.token)).body.quantity
      assert.ok(quantity >= 0)
      assert.equal(quantity, 10 - consumed - adjusted)
      assert.equal(await ledgerSum(part.id), quantity)
    }
  })
})
