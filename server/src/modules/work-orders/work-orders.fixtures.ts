// Test fixtures of the work-orders module, for its own tests and for modules that need orders
// (requests, preventive, documents…): places, assets, reference values and checklist items
// written directly in the store; orders created through the API.
import assert from 'node:assert/strict'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { checklistItems } from './work-orders.tables.ts'
import type { BodyOf, ResultOf } from '../../test/api-client.ts'
import type { TestApp } from '../../test/harness.ts'
import type { ReportField } from '../reference-values/reference-values.fields.ts'
import type { ChecklistStatus } from './work-orders.states.ts'

const db = (t: TestApp) => t.app.deps.database.db

export async function insertLocation(t: TestApp, name: string, parentId: string | null = null): Promise<string> {
  const id = uuidv7()
  await db(t).insert(locations).values({ id, name, parentId })
  return id
}

let assetSeq = 0
/** An elevator at `locationId` (a site or zone), with a fresh category when none is given. */
export async function insertAsset(t: TestApp, locationId: string, extra: { reference?: string; categoryId?: string } = {}): Promise<string> {
  let categoryId = extra.categoryId
  if (!categoryId) {
    categoryId = uuidv7()
    await db(t).insert(categories).values({ id: categoryId, kind: 'EQUIPMENT', name: `Ascenseur ${categoryId.slice(-12)}` })
  }
  const id = uuidv7()
  await db(t).insert(assets).values({ id, reference: extra.reference ?? `ASC-WO-${++assetSeq}-${id.slice(-6)}`, brand: 'Otis', categoryId, locationId })
  return id
}

export async function insertReferenceValue(t: TestApp, field: ReportField, label: string, isActive = true): Promise<string> {
  const id = uuidv7()
  await db(t).insert(referenceValues).values({ id, field, label, isActive })
  return id
}

/** Checklist items on an order (as preventive generation writes them), in the given order. */
export async function insertChecklist(t: TestApp, workOrderId: string, items: { label: string; status?: ChecklistStatus }[]): Promise<string[]> {
  const rows = items.map((item, position) => ({ id: uuidv7(), workOrderId, label: item.label, position, status: item.status ?? 'TODO' }))
  if (rows.length) await db(t).insert(checklistItems).values(rows)
  return rows.map((r) => r.id)
}

/** An order created through the API as `token`; returns the detail. */
export async function createWorkOrder(t: TestApp, token: string, body: BodyOf<'createWorkOrder'>): Promise<ResultOf<'createWorkOrder'>> {
  const res = await t.api.createWorkOrder({ body }, token)
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
