// Test fixtures of the requests module, for its tests and those of modules that handle
// requests (the portal, work orders).
import assert from 'node:assert/strict'
import { uuidv7 } from 'uuidv7'
import { assets } from '../../db/schema.ts'
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

/** A portal report; answers its reference and tracking token. */
export async function reportFromPortal(t: TestApp, body: { reference: string; description?: string; personBlocked?: boolean; contactName?: string; contactPhone?: string }, ip = '198.51.100.7') {
  const res = await t.api.createPortalRequest({ body: { description: 'La cabine ne vient plus', personBlocked: false, ...body }, ip })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
