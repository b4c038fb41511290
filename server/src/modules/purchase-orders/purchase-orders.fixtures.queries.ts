// The SQL of this module's test fixtures (purchase-orders.fixtures.ts): parts and partners
// written directly, and what the tests read back. Never used by the service.
import { asc, eq, sql } from 'drizzle-orm'
import { partners } from '../partners/partners.tables.ts'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import type { Db } from '../../platform/db.ts'

export async function nextPartNumber(db: Db): Promise<string> {
  const [{ n }] = await db.select({ n: sql<string>`nextval('part_number_seq')::text` }).from(sql`(SELECT 1) AS one`)
  return n
}

/** A part row; its quantity is left to the ledger's trigger. */
export async function insertPartRow(db: Db, row: Omit<typeof parts.$inferInsert, 'quantity'>) {
  await db.insert(parts).values(row)
}

export async function insertPartnerRow(db: Db, row: typeof partners.$inferInsert) {
  await db.insert(partners).values(row)
}

export async function partState(db: Db, id: string) {
  const [row] = await db.select({ quantity: parts.quantity, lastUnitPriceCents: parts.lastUnitPriceCents }).from(parts).where(eq(parts.id, id))
  return row
}

export async function setLastPrice(db: Db, id: string, cents: number) {
  await db.update(parts).set({ lastUnitPriceCents: cents }).where(eq(parts.id, id))
}

export function movementsOfOrder(db: Db, purchaseOrderId: string) {
  return db.select().from(stockMovements).where(eq(stockMovements.purchaseOrderId, purchaseOrderId)).orderBy(asc(stockMovements.id))
}
