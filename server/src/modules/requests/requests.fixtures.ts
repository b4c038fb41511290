// Test fixtures of the requests module, for its tests and those of modules that handle
// requests (the portal, work orders).
import assert from 'node:assert/strict'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import type { TestApp } from '../../test/harness.ts'

let seq = 0

/** An asset row written directly (its meters are not needed by requests). */
export async function insertAsset(t: TestApp, o: { categoryId: string; locationId: string; reference?: string; status?: 'IN_SERVICE' | 'OUT_OF_SERVICE' | 'UNDER_MAINTENANCE'; brand?: string; model?: string }): Promise<{ id: string; reference: string }> {
  const id = uuidv7()
  const reference = o.reference ?? `ASC-RQ-${process.pid}-${++seq}`
  await t.app.deps.database.db.insert(assets).values({
    id, reference, brand: o.brand ?? 'Schindler', model: o.model ?? null, categoryId: o.categoryId, locationId: o.locationId, status: o.status ?? 'IN_SERVICE',
  })
  return { id, reference }
}

/** A request made through the API as `token`; answers its summary. */
export async function createRequest(t: TestApp, token: string, body: { assetId: string; description?: string; personBlocked?: boolean }) {
  const res = await t.api.createRequest({ body: { description: 'Porte palière bloquée au 3e', ...body } }, token)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

let address = 0
/** A client address of its own, so that fixtures never meet the portal's per-address limits. */
export const freshAddress = () => `10.77.${Math.floor(++address / 250) % 250}.${address % 250 + 1}`

/** A portal report (from a fresh client address); answers its reference and tracking token. */
export async function reportFromPortal(t: TestApp, body: { reference: string; description?: string; personBlocked?: boolean; contactName?: string; contactPhone?: string }, ip = freshAddress()) {
  const res = await t.api.createPortalRequest({ body: { description: 'La cabine ne vient plus', personBlocked: false, ...body }, ip })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
