// The stock screen's rows are kept by the writers (migration 0018) and sent as stored: after
// every kind of write that changes what a row shows, the listed part must read exactly as its
// detail does, and no stored row may differ from one built afresh.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { createPart, insertSupplier } from './parts.fixtures.ts'

let t: TestApp
let manager: { id: string; token: string }
let admin: { id: string; token: string }
let partId: string, supplierA: string, supplierB: string

async function assertRowFollows(id = partId) {
  const list = await t.request('GET', '/parts?limit=200', { token: manager.token })
  assert.equal(list.status, 200)
  const row = (list.body.parts as any[]).find((p) => p.id === id)
  assert.ok(row, 'the part is listed')
  const detail = await t.request('GET', `/parts/${id}`, { token: manager.token })
  assert.equal(detail.status, 200)
  const { movements: _, ...expected } = detail.body
  assert.deepEqual(row, expected)
  const { rows } = await t.app.deps.database.db.execute(sql`SELECT count(*)::int AS n FROM parts p WHERE p.list_row IS DISTINCT FROM json_stored(part_list_row(p))`) as unknown as { rows: { n: number }[] }
  assert.equal(rows[0].n, 0, 'no stored row differs from one built afresh')
  return row
}
async function ok(res: { status: number; body: unknown }, status = 200) {
  assert.equal(res.status, status, JSON.stringify(res.body))
}

before(async () => {
  t = await startTestApp()
  manager = await t.userWithRole('Gestionnaire')
  admin = await t.userWithRole('Administrateur')
  supplierA = await insertSupplier(t, 'Ascenseurs Pièces « Sud »')
  supplierB = await insertSupplier(t, 'Galets & Câbles')
  partId = (await createPart(t, manager.token, { designation: 'Galet de cabine Ø 80', reorderThreshold: 2, supplierId: supplierA })).id
})
after(() => t.close())

describe('listed parts kept by the writers', () => {
  test('a new part is listed as its detail reads (quotes and accents)', async () => {
    const row = await assertRowFollows()
    assert.equal(row.quantity, 0)
    assert.equal(row.belowThreshold, true)
    assert.equal(row.supplier.name, 'Ascenseurs Pièces « Sud »')
  })

  test('movements: quantity, last price and the threshold flag follow', async () => {
    await ok(await t.request('POST', `/parts/${partId}/movements`, { token: manager.token, body: { kind: 'MANUAL', quantity: 5, unitPriceCents: 1250 } }), 201)
    let row = await assertRowFollows()
    assert.equal(row.quantity, 5)
    assert.equal(row.lastUnitPriceCents, 1250)
    assert.equal(row.belowThreshold, false)
    await ok(await t.request('POST', `/parts/${partId}/movements`, { token: manager.token, body: { kind: 'ADJUSTMENT', quantity: -4, reason: 'Inventaire' } }), 201)
    row = await assertRowFollows()
    assert.equal(row.quantity, 1)
    assert.equal(row.belowThreshold, true)
  })

  test('designation, threshold and supplier changed', async () => {
    await ok(await t.request('PATCH', `/parts/${partId}`, { token: manager.token, body: { designation: 'Galet de cabine Ø 85', reorderThreshold: 0, supplierId: supplierB } }))
    const row = await assertRowFollows()
    assert.equal(row.designation, 'Galet de cabine Ø 85')
    assert.equal(row.belowThreshold, false)
    assert.equal(row.supplier.id, supplierB)
  })

  test('the supplier renamed', async () => {
    await ok(await t.request('PATCH', `/partners/${supplierB}`, { token: admin.token, body: { name: 'Galets et Câbles de l’Ouest' } }))
    assert.equal((await assertRowFollows()).supplier.name, 'Galets et Câbles de l’Ouest')
  })
})
