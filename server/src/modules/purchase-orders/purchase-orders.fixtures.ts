// Test fixtures of the purchase-order module: parts and partners written directly into the
// store (this module does not depend on the parts module). A part's quantity is never
// written here: the trigger on stock_movements keeps it.
import assert from 'node:assert/strict'
import { uuidv7 } from 'uuidv7'
import type { TestApp } from '../../test/harness.ts'
import * as fq from './purchase-orders.fixtures.queries.ts'

let seq = 0

/** A part referenced `P-` and the next number of part_number_seq, zero-padded to 6 digits. */
export async function insertPart(t: TestApp, o: { designation?: string; lastUnitPriceCents?: number | null; supplierId?: string | null } = {}) {
  const db = t.app.deps.database.db
  const n = await fq.nextPartNumber(db)
  const id = uuidv7()
  const row = { id, number: Number(n), reference: `P-${n.padStart(6, '0')}`, designation: o.designation ?? `Pièce ${process.pid}-${++seq}` }
  await fq.insertPartRow(db, { ...row, lastUnitPriceCents: o.lastUnitPriceCents ?? null, supplierId: o.supplierId ?? null })
  return row
}

/** A partner written directly (active SUPPLIER by default), with a name of its own. */
export async function insertPartner(t: TestApp, o: { name?: string; kind?: 'SUPPLIER' | 'CLIENT'; isActive?: boolean } = {}) {
  const id = uuidv7()
  const name = o.name ?? `Fournisseur ${process.pid}-${++seq}`
  await fq.insertPartnerRow(t.app.deps.database.db, { id, name, kind: o.kind ?? 'SUPPLIER', isActive: o.isActive ?? true })
  return { id, name }
}

/** A part's stored quantity (kept by the ledger's trigger) and last unit price. */
export const partState = (t: TestApp, id: string) => fq.partState(t.app.deps.database.db, id)

/** The RECEIPT movements of a purchase order. */
export const receiptsOf = (t: TestApp, purchaseOrderId: string) => fq.movementsOfOrder(t.app.deps.database.db, purchaseOrderId)

/** Sets a part's last unit price directly (as a later price change would). */
export const setLastPrice = (t: TestApp, id: string, cents: number) => fq.setLastPrice(t.app.deps.database.db, id, cents)

/** A purchase order created through the API as `token`; answers it. */
export async function createPurchaseOrder(t: TestApp, token: string, body: { supplierId: string; note?: string; lines: { partId: string; quantity: number; unitPriceCents: number }[] }) {
  const res = await t.api.createPurchaseOrder({ body }, token)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
