// addStockMovement: MANUAL and ADJUSTMENT entries, the ledger, and stock never below zero
// (also under concurrent adjustments).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { parts, stockMovements } from './parts.tables.ts'
import type { ErrorCode } from '../../http/error-codes.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createPart, stockedPart } from './parts.fixtures.ts'

const MOVEMENT_FIELDS = ['actor', 'createdAt', 'id', 'kind', 'purchaseOrder', 'quantity', 'reason', 'unitPriceCents', 'workOrder']
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
let manager: { id: string; token: string }

before(async () => {
  t = await startTestApp()
  manager = await t.userWithRole('Gestionnaire')
})
after(() => t.close())

/** The sum of the part's ledger, read from the movements themselves. */
async function ledgerSum(partId: string): Promise<number> {
  const [row] = await t.app.deps.database.db.select({ n: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements).where(eq(stockMovements.partId, partId))
  return row.n
}

describe('addStockMovement', () => {
  test('MANUAL with a price: 201, stock up, last price set, the movement with exactly its fields', async () => {
    const p = await createPart(t, manager.token, { designation: 'Bouton palier', reorderThreshold: 5 })
    const res = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'MANUAL', quantity: 12, unitPriceCents: 899, reason: ' Stock initial ' } }, manager.token)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const d = res.body
    assert.equal(d.quantity, 12)
    assert.equal(d.belowThreshold, false)
    assert.equal(d.lastUnitPriceCents, 899)
    assert.equal(d.movements.length, 1)
    const m = d.movements[0]
    assert.deepEqual(Object.keys(m).sort(), MOVEMENT_FIELDS)
    assert.deepEqual({ ...m, id: undefined, createdAt: undefined }, {
      id: undefined, createdAt: undefined, kind: 'MANUAL', quantity: 12, unitPriceCents: 899, reason: 'Stock initial',
      actor: { id: manager.id, displayName: m.actor!.displayName }, workOrder: null, purchaseOrder: null,
    })
  })

  test('ADJUSTMENT either sign with a reason, at the current price; the ledger newest first and summing to the quantity', async () => {
    const p = await stockedPart(t, manager.token, 'Fusible 10 A', 10, 150)
    const down = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'ADJUSTMENT', quantity: -4, reason: 'Inventaire : 4 cassés' } }, manager.token)
    assert.equal(down.status, 201, JSON.stringify(down.body))
    assert.equal(down.body.quantity, 6)
    assert.equal(down.body.movements[0].unitPriceCents, 150)
    const up = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'ADJUSTMENT', quantity: 1, reason: 'Retrouvé' } }, manager.token)
    assert.equal(up.body.quantity, 7)
    assert.deepEqual(up.body.movements.map((m) => [m.kind, m.quantity]), [['ADJUSTMENT', 1], ['ADJUSTMENT', -4], ['MANUAL', 10]])
    assert.equal(await ledgerSum(p.id), 7)
    // An unpriced MANUAL entry keeps the price and carries it.
    const more = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'MANUAL', quantity: 3 } }, manager.token)
    assert.equal(more.body.lastUnitPriceCents, 150)
    assert.equal(more.body.movements[0].unitPriceCents, 150)
  })

  test('409 INSUFFICIENT_STOCK when stock would go below zero, nothing written', async () => {
    const p = await stockedPart(t, manager.token, 'Serrure de porte', 2, 4000)
    const res = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'ADJUSTMENT', quantity: -3, reason: 'Casse' } }, manager.token)
    assertError(res, 409, 'INSUFFICIENT_STOCK')
    assert.match((res.body as any).error.message, /Stock insuffisant/)
    const after = (await t.api.getPart({ params: { id: p.id } }, manager.token)).body
    assert.equal(after.quantity, 2)
    assert.equal(after.movements.length, 1)
    // Exactly to zero is fine.
    const zero = await t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'ADJUSTMENT', quantity: -2, reason: 'Casse' } }, manager.token)
    assert.equal(zero.body.quantity, 0)
  })

  test('the quantity column follows the ledger only: its check refuses a negative stock even behind the service', async () => {
    const p = await stockedPart(t, manager.token, 'Témoin', 1, 10)
    await assert.rejects(t.app.deps.database.db.insert(stockMovements).values({
      id: '0190a0a0-0000-7000-8000-0000000000aa', partId: p.id, kind: 'ADJUSTMENT', quantity: -2, reason: 'direct',
    }), (err: any) => /parts_quantity_check/.test(String(err?.constraint ?? err?.cause?.constraint ?? err?.message)))
    const [row] = await t.app.deps.database.db.select({ q: parts.quantity }).from(parts).where(eq(parts.id, p.id))
    assert.equal(row.q, 1)
  })

  test('400: bad kind, zero, negative MANUAL, ADJUSTMENT without reason or with a price, unknown field', async () => {
    const p = await stockedPart(t, manager.token, 'Refus', 5, 10)
    const cases: [Record<string, unknown>, string, ErrorCode][] = [
      [{ kind: 'RECEIPT', quantity: 1 }, 'kind', 'VALIDATION_ERROR'],
      [{ kind: 'CONSUMPTION', quantity: -1 }, 'kind', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: 0 }, 'quantity', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: -1 }, 'quantity', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: 1.5 }, 'quantity', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: 1_000_001 }, 'quantity', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: 1, unitPriceCents: -1 }, 'unitPriceCents', 'VALIDATION_ERROR'],
      [{ kind: 'ADJUSTMENT', quantity: -1 }, 'reason', 'REASON_REQUIRED'],
      [{ kind: 'ADJUSTMENT', quantity: -1, reason: '   ' }, 'reason', 'REASON_REQUIRED'],
      [{ kind: 'ADJUSTMENT', quantity: 1, reason: 'Prix', unitPriceCents: 5 }, 'unitPriceCents', 'VALIDATION_ERROR'],
      [{ kind: 'MANUAL', quantity: 1, workOrderId: MISSING }, 'workOrderId', 'VALIDATION_ERROR'],
      [{ quantity: 1 }, 'kind', 'VALIDATION_ERROR'],
    ]
    for (const [body, field, code] of cases) {
      const res = await t.request('POST', `/parts/${p.id}/movements`, { token: manager.token, body })
      assertError(res, 400, code)
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assert.equal((await t.api.getPart({ params: { id: p.id } }, manager.token)).body.movements.length, 1)
  })

  test('401, 403 for roles without PARTS edit, 404 unknown part', async () => {
    const p = await stockedPart(t, manager.token, 'Droits', 5, 10)
    const body = { kind: 'MANUAL' as const, quantity: 1 }
    assertError(await t.request('POST', `/parts/${p.id}/movements`, { body }), 401)
    for (const role of ['Technicien', 'Dispatcher', 'Vue seule'] as const) {
      assertError(await t.api.addStockMovement({ params: { id: p.id }, body }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assertError(await t.api.addStockMovement({ params: { id: MISSING }, body }, manager.token), 404, 'NOT_FOUND')
    assert.equal((await t.api.addStockMovement({ params: { id: p.id }, body }, await t.tokenFor('Administrateur'))).status, 201)
  })

  test('20 concurrent adjustments of -1 on 7 in stock: exactly 7 succeed, stock 0, the ledger sums to 0', async () => {
    const p = await stockedPart(t, manager.token, 'Course aux ajustements', 7, 10)
    const results = await Promise.all(Array.from({ length: 20 }, () =>
      t.api.addStockMovement({ params: { id: p.id }, body: { kind: 'ADJUSTMENT', quantity: -1, reason: 'Course' } }, manager.token)))
    const statuses = results.map((r) => r.status)
    assert.equal(statuses.filter((s) => s === 201).length, 7, JSON.stringify(statuses))
    for (const r of results.filter((x) => x.status !== 201)) assertError(r, 409, 'INSUFFICIENT_STOCK')
    assert.equal((await t.api.getPart({ params: { id: p.id } }, manager.token)).body.quantity, 0)
    assert.equal(await ledgerSum(p.id), 0)
  })
})

describe('getPart: the ledger by pages', () => {
  test('20 newest by default; the Link header leads to the older ones, each once, also among movements of the same microsecond', async () => {
    const part = await createPart(t, manager.token, { designation: 'Galet de porte' })
    const db = t.app.deps.database.db
    // 45 movements: 30 written one by one, 15 by one statement at one instant (a set-based writer).
    for (let i = 0; i < 30; i++) {
      assert.equal((await t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'MANUAL', quantity: 1 } }, manager.token)).status, 201)
    }
    await db.execute(sql`INSERT INTO stock_movements (id, part_id, kind, quantity, reason, created_at)
      SELECT gen_random_uuid(), ${part.id}, 'MANUAL', 1, NULL, '2020-01-01 10:00:00.123456+00' FROM generate_series(1, 15)`)
    const first = await t.request('GET', `/parts/${part.id}`, { token: manager.token })
    assert.equal(first.status, 200)
    assert.equal(first.body.movements.length, 20)
    assert.equal(first.body.quantity, 45)
    assert.deepEqual(Object.keys(first.body.movements[0]).sort(), ['actor', 'createdAt', 'id', 'kind', 'purchaseOrder', 'quantity', 'reason', 'unitPriceCents', 'workOrder'])
    const seen: string[] = first.body.movements.map((m: any) => m.id)
    let next = nextPage(first.headers)
    while (next) {
      const res = await t.request('GET', next.url.replace(/^\/api/, ''), { token: manager.token })
      assert.equal(res.status, 200, JSON.stringify(res.body))
      seen.push(...res.body.movements.map((m: any) => m.id))
      next = nextPage(res.headers)
    }
    assert.equal(seen.length, 45)
    assert.equal(new Set(seen).size, 45)
    assertError(await t.request('GET', `/parts/${part.id}?cursor=bm90LWEta2V5`, { token: manager.token }), 400, 'VALIDATION_ERROR')
  })
})
