// The newest page of each part's ledger is kept by the writers (migration 0019) and sent as
// stored: after every kind of movement (manual, adjustment, receipt, consumption, several in
// one transaction, concurrent ones), every stored page equals one built afresh, and getPart
// reads it; a person renamed marks the pages showing them stale, read live until rebuilt.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset, insertLocation, createWorkOrder } from '../work-orders/work-orders.fixtures.ts'
import { users } from '../users/users.tables.ts'
import { eq } from 'drizzle-orm'
import { createPart, insertSupplier } from './parts.fixtures.ts'
import { MOVEMENTS_PAGE } from './parts.schemas.ts'

let t: TestApp
let manager: { id: string; token: string }
let partId: string

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.deps.database.db.execute(query)) as unknown as { rows: T[] }).rows

/** Every part with movements has a stored newest page, equal to one built afresh (stale ones aside). */
async function assertPagesFollow() {
  const [{ missing, differing }] = await rows<{ missing: number; differing: number }>(sql`
    SELECT (SELECT count(*)::int FROM parts p WHERE EXISTS (SELECT 1 FROM stock_movements m WHERE m.part_id = p.id)
              AND NOT EXISTS (SELECT 1 FROM part_ledger_heads h WHERE h.part_id = p.id)) AS missing,
           (SELECT count(*)::int FROM part_ledger_heads h, part_ledger_page(h.part_id, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff', ${MOVEMENTS_PAGE}) l
            WHERE h.body IS NOT NULL AND (h.body IS DISTINCT FROM json_stored(l.body) OR h.next_key IS DISTINCT FROM l.next_key)) AS differing`)
  assert.equal(missing, 0, 'every part with movements has its stored page')
  assert.equal(differing, 0, 'no stored page differs from one built afresh')
}
const movements = async (id = partId) => {
  const res = await t.request('GET', `/parts/${id}`, { token: manager.token })
  assert.equal(res.status, 200)
  return res.body.movements as { quantity: number; kind: string; actor: { displayName: string } | null; workOrder: unknown; purchaseOrder: unknown }[]
}
const move = async (body: object, id = partId) => {
  const res = await t.request('POST', `/parts/${id}/movements`, { token: manager.token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
}

before(async () => {
  t = await startTestApp()
  manager = await t.userWithRole('Gestionnaire')
  partId = (await createPart(t, manager.token, { designation: 'Contact de porte palière' })).id
})
after(() => t.close())

describe('the newest ledger page kept by the writers', () => {
  test('a new part has no movement; its first one is stored and sent', async () => {
    await assertPagesFollow()
    assert.deepEqual(await movements(), [])
    await move({ kind: 'MANUAL', quantity: 5, unitPriceCents: 990 })
    await assertPagesFollow()
    assert.deepEqual((await movements()).map((m) => [m.kind, m.quantity]), [['MANUAL', 5]])
  })

  test('getPart sends the stored page', async () => {
    await rows(sql`UPDATE part_ledger_heads SET body = '[]' WHERE part_id = ${partId}`)
    assert.deepEqual(await movements(), [], 'what is stored is what is sent')
    await move({ kind: 'ADJUSTMENT', quantity: -1, reason: 'Inventaire' })
    assert.deepEqual((await movements()).map((m) => m.quantity), [-1, 5], 'rebuilt by the next movement')
    await assertPagesFollow()
  })

  test('a receipt and a consumption show their order; past twenty movements the page holds the newest twenty', async () => {
    const supplier = await insertSupplier(t, 'Pièces Rhône-Alpes')
    const order = await t.request('POST', '/purchase-orders', { token: manager.token, body: { supplierId: supplier, lines: [{ partId, quantity: 3, unitPriceCents: 1000 }] } })
    assert.equal(order.status, 201, JSON.stringify(order.body))
    for (const action of ['send', 'receive']) {
      const res = await t.request('POST', `/purchase-orders/${order.body.id}/transition`, { token: manager.token, body: { action } })
      assert.equal(res.status, 200, JSON.stringify(res.body))
    }
    const dispatcher = await t.userWithRole('Dispatcher')
    const wo = await createWorkOrder(t, dispatcher.token, { assetId: await insertAsset(t, await insertLocation(t, 'Résidence du Parc')), description: 'Porte qui force' })
    const consumed = await t.request('POST', `/work-orders/${wo.id}/consume-part`, { token: dispatcher.token, body: { partId, quantity: 1 } })
    assert.equal(consumed.status, 201, JSON.stringify(consumed.body))
    const [last, receipt] = await movements()
    assert.deepEqual(last.workOrder, { id: wo.id, reference: wo.reference })
    assert.equal((receipt.purchaseOrder as { id: string }).id, order.body.id)
    await assertPagesFollow()

    for (let i = 0; i < 20; i++) await move({ kind: 'MANUAL', quantity: 1, reason: `Réception ${i}` })
    const page = await t.request('GET', `/parts/${partId}`, { token: manager.token })
    assert.equal(page.body.movements.length, MOVEMENTS_PAGE)
    assert.match(String(page.headers.link), /rel="next"/, 'older movements follow')
    await assertPagesFollow()
  })

  test('movements sent at once all reach the stored page', async () => {
    const other = (await createPart(t, manager.token, { designation: 'Galet de porte Ø 60' })).id
    await Promise.all(Array.from({ length: 8 }, (_, i) => move({ kind: 'MANUAL', quantity: i + 1 }, other)))
    assert.deepEqual((await movements(other)).map((m) => m.quantity).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8])
    await assertPagesFollow()
  })

  test('a person renamed: the pages showing them read the new name, and are stored again at the next movement', async () => {
    await t.app.deps.database.db.update(users).set({ displayName: 'Gestionnaire Renommée' }).where(eq(users.id, manager.id))
    const [stale] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM part_ledger_heads WHERE body IS NULL`)
    assert.ok(stale.n >= 2, 'marked stale')
    assert.equal((await movements())[0].actor?.displayName, 'Gestionnaire Renommée')
    await move({ kind: 'MANUAL', quantity: 1 })
    const [{ body }] = await rows<{ body: string | null }>(sql`SELECT body FROM part_ledger_heads WHERE part_id = ${partId}`)
    assert.ok(body?.includes('Gestionnaire Renomm\\u00e9e'), 'kept as ASCII JSON (migration 0036)')
    await assertPagesFollow()
  })
})
