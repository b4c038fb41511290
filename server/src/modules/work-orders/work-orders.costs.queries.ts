// The costs of a work order (SQL only): parts lines are the order's CONSUMPTION movements in
// the stock ledger, labour lines the rows of work_order_labor, each with its price frozen at
// entry. The cost block itself is built by work_order_detail_costs (migration 0017) and kept
// with the order's detail.
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { personJson } from '../users/users.queries.ts'
import { users } from '../users/users.tables.ts'
import { workOrderLabor, workOrders } from './work-orders.tables.ts'
import type { Db } from '../../platform/db.ts'
import type { PersonJson } from './work-orders.detail.queries.ts'
import { MAX_COST_LINES } from './work-orders.schemas.ts'

export interface PartLineJson {
  id: string; partId: string; partReference: string; designation: string; quantity: number; unitPriceCents: number
  totalCents: number; consumedBy: PersonJson | null; consumedAt: string
}
/** Money fields are null only in the copy shown to a caller who may not see that pay (work-orders.pay.ts). */
export interface LaborLineJson {
  id: string; person: PersonJson; workedOn: string; minutes: number; hourlyRateCents: number | null; totalCents: number | null
  createdBy: PersonJson | null; createdAt: string
}
export interface CostsJson { parts: PartLineJson[]; labor: LaborLineJson[]; partsCents: number; laborCents: number | null; totalCents: number | null }

/** The person's hourly rate, if the person is an active user (undefined otherwise). */
export async function activeUserRate(db: Db, userId: string): Promise<{ hourlyRateCents: number | null } | undefined> {
  const [row] = await db.select({ hourlyRateCents: users.hourlyRateCents }).from(users)
    .where(and(eq(users.id, userId), isNotNull(users.activatedAt), isNull(users.disabledAt)))
  return row
}

export async function insertLabor(db: Db, row: typeof workOrderLabor.$inferInsert) {
  await db.insert(workOrderLabor).values(row)
}
