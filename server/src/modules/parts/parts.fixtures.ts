// Test fixtures of the parts module, for its own tests and for the modules that use parts
// (work-order costs, purchase orders): suppliers written in the store, parts and stock
// entered through the API.
import assert from 'node:assert/strict'
import { uuidv7 } from 'uuidv7'
import { partners } from '../partners/partners.tables.ts'
import type { BodyOf, ResultOf } from '../../test/api-client.ts'
import type { TestApp } from '../../test/harness.ts'

/** A partner (SUPPLIER and active by default) written directly in the store. */
export async function insertSupplier(t: TestApp, name: string, extra: { kind?: 'SUPPLIER' | 'CLIENT'; isActive?: boolean } = {}): Promise<string> {
  const id = uuidv7()
  await t.app.deps.database.db.insert(partners).values({ id, name, kind: extra.kind ?? 'SUPPLIER', isActive: extra.isActive ?? true })
  return id
}

/** A part created through the API as `token`; returns the detail. */
export async function createPart(t: TestApp, token: string, body: BodyOf<'createPart'>): Promise<ResultOf<'createPart'>> {
  const res = await t.api.createPart({ body }, token)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

/** A part with `quantity` units in stock at `unitPriceCents` (a priced MANUAL entry). */
export async function stockedPart(t: TestApp, token: string, designation: string, quantity: number, unitPriceCents: number) {
  const part = await createPart(t, token, { designation })
  const res = await t.api.addStockMovement({ params: { id: part.id }, body: { kind: 'MANUAL', quantity, unitPriceCents } }, token)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
