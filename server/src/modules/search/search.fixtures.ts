// Test fixtures of search and analytics: work orders written directly with the dates a test
// needs (the API stamps the clock's time), plus labour and part consumption rows.
import { uuidv7 } from 'uuidv7'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { workOrderAssignees, workOrderLabor, workOrders } from '../work-orders/work-orders.tables.ts'
import type { TestApp } from '../../test/harness.ts'

let seq = 0

export interface OrderRow {
  assetId: string
  type?: 'CORRECTIVE' | 'PREVENTIVE'
  status?: 'OPEN' | 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED'
  description?: string | null
  createdAt?: string
  startedAt?: string | null
  completedAt?: string | null
  releasedAt?: string | null
  dueAt?: string | null
  periodKey?: string | null
  personBlocked?: boolean
  createdBy?: string | null
  assigneeId?: string
}

/** A work order row; answers its id, number and reference. */
export async function insertOrder(t: TestApp, o: OrderRow): Promise<{ id: string; number: number; reference: string }> {
  const db = t.app.deps.database.db
  // Numbers far above the sequence's (each test app has a store of its own).
  const n = 500_000 + ++seq
  const id = uuidv7()
  const reference = `OT-${String(n).padStart(6, '0')}`
  const status = o.status ?? 'OPEN'
  await db.insert(workOrders).values({
    id, reference, number: n, type: o.type ?? 'CORRECTIVE', status, assetId: o.assetId,
    priority: o.personBlocked ? 'URGENT' : 'NORMAL', priorityRank: o.personBlocked ? 4 : 2, personBlocked: o.personBlocked ?? false,
    description: o.description ?? null, createdBy: o.createdBy ?? null,
    createdAt: new Date(o.createdAt ?? Date.now()), startedAt: date(o.startedAt), completedAt: date(o.completedAt),
    cancelledAt: status === 'CANCELLED' ? new Date(o.createdAt ?? Date.now()) : null, cancelReason: status === 'CANCELLED' ? 'Doublon' : null,
    releasedAt: date(o.releasedAt), dueAt: date(o.dueAt), periodKey: o.periodKey ?? null,
  })
  if (o.assigneeId) await db.insert(workOrderAssignees).values({ workOrderId: id, userId: o.assigneeId })
  return { id, number: n, reference }
}

const date = (v: string | null | undefined) => (v ? new Date(v) : null)

/** A part with `quantity` in stock (a MANUAL entry). */
export async function insertPart(t: TestApp, o: { threshold: number; quantity: number; priceCents?: number }): Promise<string> {
  const db = t.app.deps.database.db
  const n = 500_000 + ++seq
  const id = uuidv7()
  await db.insert(parts).values({ id, reference: `P-${String(n).padStart(6, '0')}`, number: n, designation: `Pièce ${n}`, reorderThreshold: o.threshold, lastUnitPriceCents: o.priceCents ?? 1000 })
  if (o.quantity > 0) await db.insert(stockMovements).values({ id: uuidv7(), partId: id, kind: 'MANUAL', quantity: o.quantity, unitPriceCents: o.priceCents ?? 1000 })
  return id
}

/** A CONSUMPTION of `quantity` parts on an order, at `at`. */
export async function consume(t: TestApp, o: { partId: string; workOrderId: string; quantity: number; unitPriceCents: number; at: string }) {
  await t.app.deps.database.db.insert(stockMovements).values({
    id: uuidv7(), partId: o.partId, kind: 'CONSUMPTION', quantity: -o.quantity, unitPriceCents: o.unitPriceCents, workOrderId: o.workOrderId, createdAt: new Date(o.at),
  })
}

/** A labour line. */
export async function labour(t: TestApp, o: { workOrderId: string; userId: string; workedOn: string; minutes: number; hourlyRateCents: number }) {
  await t.app.deps.database.db.insert(workOrderLabor).values({ id: uuidv7(), ...o })
}
