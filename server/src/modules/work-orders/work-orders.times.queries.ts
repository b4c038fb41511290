// The breakdown times' SQL (docs/work-orders.md, "Breakdown times"): the call's time and the
// write that decides "first record" in the database.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { workOrders } from './work-orders.tables.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'
import type { BreakdownTimeField } from './work-orders.times-rules.ts'

/** When the call was received: the linked request's creation, else the order's (as work_order_detail_body, 0020). */
export async function callReceivedAt(db: Db, id: string): Promise<Date> {
  const [row] = await rowsOf<{ at: string | Date }>(db.execute(sql`
    SELECT coalesce((SELECT r.created_at FROM requests r WHERE r.work_order_id = w.id), w.created_at) AS at
    FROM ${workOrders} w WHERE w.id = ${id}`))
  return new Date(row.at)
}

/**
 * Writes the times; `firstOnly` names those that must still be empty, checked by the UPDATE
 * itself, so that of two taps racing for the same first record only one writes (false: none
 * written, another got there first).
 */
export async function writeTimes(db: Db, id: string, set: Partial<Record<BreakdownTimeField, Date | null>>, firstOnly: BreakdownTimeField[], now: Date): Promise<boolean> {
  const rows = await db.update(workOrders).set({ ...set, updatedAt: now })
    .where(and(eq(workOrders.id, id), ...firstOnly.map((f) => isNull(workOrders[f]))))
    .returning({ id: workOrders.id })
  return rows.length === 1
}
