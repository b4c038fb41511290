// Test fixtures of the preventive module: assets written directly (many at once), and the
// generated grids read back from the store with their checklist and activity.
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import type { TestApp } from '../../test/harness.ts'

export interface AssetSpec {
  reference: string
  commissionedAt?: string | null
  underContract?: boolean
}

/** Asset rows (no meters, no components), under contract unless said; their ids by reference. */
export async function insertAssets(t: TestApp, at: { locationId: string; categoryId: string }, specs: AssetSpec[]): Promise<Record<string, string>> {
  const rows = specs.map((s) => ({
    id: uuidv7(), reference: s.reference, brand: 'Otis', categoryId: at.categoryId, locationId: at.locationId,
    underContract: s.underContract ?? true, commissionedAt: s.commissionedAt ? new Date(s.commissionedAt) : null,
  }))
  await t.app.deps.database.db.insert(assets).values(rows)
  return Object.fromEntries(rows.map((r) => [r.reference, r.id]))
}

export interface StoredGrid {
  id: string
  reference: string
  number: number
  type: string
  status: string
  priority: string
  priorityRank: number
  personBlocked: boolean
  assetId: string
  description: string | null
  dueAt: string | null
  createdBy: string | null
  periodKey: string | null
  firstControl: boolean
  createdAt: string
  checklist: { label: string; position: number; status: string; taskTemplateId: string | null }[]
  events: { kind: string; actorId: string | null; at: string; payload: unknown }[]
}

/** The grids of a month (of these assets when given), by asset, as stored. */
export async function storedGrids(t: TestApp, periodKey: string, assetIds?: string[]): Promise<StoredGrid[]> {
  const db = t.app.deps.database.db
  // The relational API brings its operators along: no SQL written here.
  const orders = await db.query.workOrders.findMany({
    where: (w, { and, eq, inArray }) => and(eq(w.periodKey, periodKey), assetIds ? inArray(w.assetId, assetIds) : undefined),
    orderBy: (w, { asc }) => [asc(w.assetId)],
  })
  const grids: StoredGrid[] = []
  for (const o of orders) {
    const items = await db.query.checklistItems.findMany({ where: (i, { eq }) => eq(i.workOrderId, o.id), orderBy: (i, { asc }) => [asc(i.position)] })
    const events = await db.query.workOrderEvents.findMany({ where: (e, { eq }) => eq(e.workOrderId, o.id), orderBy: (e, { asc }) => [asc(e.at)] })
    grids.push({
      id: o.id, reference: o.reference, number: o.number, type: o.type, status: o.status, priority: o.priority, priorityRank: o.priorityRank,
      personBlocked: o.personBlocked, assetId: o.assetId, description: o.description, dueAt: o.dueAt?.toISOString() ?? null,
      createdBy: o.createdBy, periodKey: o.periodKey, firstControl: o.firstControl, createdAt: o.createdAt.toISOString(),
      checklist: items.map((i) => ({ label: i.label, position: i.position, status: i.status, taskTemplateId: i.taskTemplateId })),
      events: events.map((e) => ({ kind: e.kind, actorId: e.actorId, at: e.at.toISOString(), payload: e.payload })),
    })
  }
  return grids
}

/** The checklist labels of one asset's grid of a month (undefined: no grid). */
export async function checklistOf(t: TestApp, periodKey: string, assetId: string): Promise<string[] | undefined> {
  const [grid] = await storedGrids(t, periodKey, [assetId])
  return grid?.checklist.map((i) => i.label)
}
