// Purchase-order reads and writes (SQL only). Every read builds the whole order (supplier,
// lines with their parts, author) as one JSON object in the database, so a list item and a
// detail are computed the same way, in one statement.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { partners } from '../partners/partners.tables.ts'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { users } from '../users/users.tables.ts'
import { purchaseOrderLines, purchaseOrders } from './purchase-orders.tables.ts'
import { isoUtc } from '../../db/json.queries.ts'
import { ownRecords } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import type { PurchaseOrderStatus } from './purchase-orders.states.ts'

export const RECEIVED_CHECK = 'purchase_order_lines_received_check'

/** A PurchaseOrder as the database writes it (without allowedTransitions, which depends on the caller). */
export interface PurchaseOrderRow {
  id: string
  reference: string
  supplier: { id: string; name: string }
  status: PurchaseOrderStatus
  note: string | null
  lines: { id: string; part: { id: string; reference: string; designation: string }; quantity: number; unitPriceCents: number; totalCents: number; receivedQuantity: number }[]
  totalCents: number
  createdBy: { id: string; displayName: string } | null
  createdAt: string
  sentAt: string | null
  receivedAt: string | null
  cancelledAt: string | null
}

// Columns written qualified: Drizzle leaves them bare in a one-table select, where the
// subqueries' own columns (l.id…) would make them ambiguous.
const po = (column: string) => sql.raw(`"purchase_orders"."${column}"`)

const orderJson = sql<PurchaseOrderRow>`json_build_object(
  'id', ${purchaseOrders.id}, 'reference', ${purchaseOrders.reference},
  'supplier', (SELECT json_build_object('id', p.id, 'name', p.name) FROM ${partners} p WHERE p.id = ${po('supplier_id')}),
  'status', ${purchaseOrders.status}, 'note', ${purchaseOrders.note},
  'lines', coalesce((SELECT json_agg(json_build_object(
      'id', l.id, 'part', json_build_object('id', pt.id, 'reference', pt.reference, 'designation', pt.designation),
      'quantity', l.quantity, 'unitPriceCents', l.unit_price_cents, 'totalCents', l.quantity::bigint * l.unit_price_cents,
      'receivedQuantity', l.received_quantity
    ) ORDER BY l.position)
    FROM ${purchaseOrderLines} l JOIN ${parts} pt ON pt.id = l.part_id WHERE l.purchase_order_id = ${po('id')}), '[]'::json),
  'totalCents', ${purchaseOrders.totalCents},
  'createdBy', (SELECT json_build_object('id', u.id, 'displayName', u.display_name) FROM ${users} u WHERE u.id = ${po('created_by')}),
  'createdAt', ${isoUtc(sql`${purchaseOrders.createdAt}`)}, 'sentAt', ${isoUtc(sql`${purchaseOrders.sentAt}`)},
  'receivedAt', ${isoUtc(sql`${purchaseOrders.receivedAt}`)}, 'cancelledAt', ${isoUtc(sql`${purchaseOrders.cancelledAt}`)})`

/** Without view-other, only the orders the caller created (purchase orders stand in no site). */
function inScope(scope: Scope): SQL | undefined {
  return ownRecords(scope, (userId) => eq(purchaseOrders.createdBy, userId))
}

export async function orderById(db: Db, id: string, scope: Scope): Promise<PurchaseOrderRow | undefined> {
  const [row] = await db.select({ item: orderJson }).from(purchaseOrders).where(and(eq(purchaseOrders.id, id), inScope(scope)))
  return row?.item
}

/** Where the previous page stopped: (createdAt to the microsecond, id). */
export type Keyset = [at: string, id: string]
export const SORT_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const sortAt = sql<string>`to_char(${purchaseOrders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

export interface PurchaseOrderFilter { status?: PurchaseOrderStatus; supplierId?: string }

/** One page, the most recent first (purchase_orders_created_idx read backwards), plus one row more. */
export function listPage(db: Db, scope: Scope, f: PurchaseOrderFilter, page: { limit: number; after?: Keyset }) {
  return db.select({ item: orderJson, sortAt }).from(purchaseOrders)
    .where(and(
      inScope(scope),
      f.status !== undefined ? eq(purchaseOrders.status, f.status) : undefined,
      f.supplierId !== undefined ? eq(purchaseOrders.supplierId, f.supplierId) : undefined,
      page.after ? sql`(${purchaseOrders.createdAt}, ${purchaseOrders.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)` : undefined,
    ))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(page.limit + 1)
}

/**
 * The supplier, locked FOR SHARE until the end of the transaction: a concurrent edit of the
 * partner (kind, active flag) waits for the order, or the order sees the edit.
 */
export async function lockSupplier(db: Db, id: string) {
  const [row] = await db.select({ id: partners.id, kind: partners.kind, isActive: partners.isActive })
    .from(partners).where(eq(partners.id, id)).for('share')
  return row
}

/** The ids among `ids` that are parts (parts are never deleted). */
export async function existingParts(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: parts.id }).from(parts).where(inArray(parts.id, ids))
  return new Set(rows.map((r) => r.id))
}

/** The next number of `purchase_order_number_seq` and its reference (BC-000042). */
export async function nextReference(db: Db): Promise<{ number: number; reference: string }> {
  const [{ n }] = await db.select({ n: sql<string>`nextval('purchase_order_number_seq')::text` }).from(sql`(SELECT 1) AS one`)
  return { number: Number(n), reference: `BC-${n.padStart(6, '0')}` }
}

export type NewOrder = Omit<typeof purchaseOrders.$inferInsert, 'reference' | 'number' | 'status'>

export async function insertOrder(db: Db, order: NewOrder, lines: (typeof purchaseOrderLines.$inferInsert)[]) {
  const { number, reference } = await nextReference(db)
  await db.insert(purchaseOrders).values({ ...order, number, reference, status: 'DRAFT' })
  await db.insert(purchaseOrderLines).values(lines)
}

/** The order within the caller's scope, locked until the end of the transaction. */
export async function lockOrder(db: Db, id: string, scope: Scope) {
  const [row] = await db.select({ id: purchaseOrders.id, status: sql<PurchaseOrderStatus>`${purchaseOrders.status}` })
    .from(purchaseOrders).where(and(eq(purchaseOrders.id, id), inScope(scope))).for('update')
  return row
}

const STAMP = { SENT: 'sentAt', RECEIVED: 'receivedAt', CANCELLED: 'cancelledAt' } as const

/** from → to, stamping the moment (a partial receipt has no stamp); false when the order was no longer in `from`. */
export async function moveOrder(db: Db, id: string, from: PurchaseOrderStatus, to: Exclude<PurchaseOrderStatus, 'DRAFT'>, at: Date): Promise<boolean> {
  const stamp = to === 'PARTIALLY_RECEIVED' ? {} : { [STAMP[to]]: at }
  const rows = await db.update(purchaseOrders).set({ status: to, ...stamp, updatedAt: at })
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.status, from))).returning({ id: purchaseOrders.id })
  return rows.length > 0
}

export interface OrderLine { id: string; partId: string; quantity: number; receivedQuantity: number; unitPriceCents: number }

/** The order's lines in their order, with what each has received so far. */
export function linesOf(db: Db, orderId: string): Promise<OrderLine[]> {
  return db.select({
    id: purchaseOrderLines.id, partId: purchaseOrderLines.partId, quantity: purchaseOrderLines.quantity,
    receivedQuantity: purchaseOrderLines.receivedQuantity, unitPriceCents: purchaseOrderLines.unitPriceCents,
  }).from(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, orderId)).orderBy(purchaseOrderLines.position)
}

/**
 * A receipt (`received`: lines in their order, each with the quantity received now): one
 * RECEIPT movement per line (its price frozen on the movement; the ledger's trigger raises
 * each part's quantity), each line's received quantity raised (its check refuses more than
 * ordered), then each part's last unit price set to its line's price (the last line wins when
 * a part appears twice).
 */
export async function receiveLines(db: Db, orderId: string, received: { line: OrderLine; quantity: number }[], actorId: string, at: Date, newId: () => string) {
  // Parts locked (by the trigger, then the price update) in one order, the part id's, so that
  // receipts of two orders sharing parts never wait for each other crosswise.
  const byPart = [...received].sort((a, b) => (a.line.partId < b.line.partId ? -1 : a.line.partId > b.line.partId ? 1 : 0))
  await db.insert(stockMovements).values(byPart.map(({ line, quantity }) => ({
    id: newId(), partId: line.partId, kind: 'RECEIPT', quantity, unitPriceCents: line.unitPriceCents,
    actorId, purchaseOrderId: orderId, purchaseOrderLineId: line.id, createdAt: at,
  })))
  for (const { line, quantity } of received) {
    await db.update(purchaseOrderLines).set({ receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${quantity}` })
      .where(eq(purchaseOrderLines.id, line.id))
  }
  const lastPrice = new Map(received.map(({ line }) => [line.partId, line.unitPriceCents]))
  for (const partId of [...lastPrice.keys()].sort()) {
    const price = lastPrice.get(partId)!
    await db.update(parts).set({ lastUnitPriceCents: price, updatedAt: at }).where(eq(parts.id, partId))
  }
}
