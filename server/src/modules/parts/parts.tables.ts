// The tables of spare parts and their stock ledger, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { partners } from '../partners/partners.tables.ts'
import { purchaseOrderLines, purchaseOrders } from '../purchase-orders/purchase-orders.tables.ts'
import { users } from '../users/users.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'

export const partNumbers = pgSequence('part_number_seq', { startWith: 1 })

export const parts = pgTable('parts', {
  id: uuid('id').primaryKey(),
  // 'P-' + the sequence number zero-padded to at least 6 digits (set by the writer).
  reference: text('reference').notNull(),
  number: bigint('number', { mode: 'number' }).notNull(),
  designation: text('designation').notNull(),
  reorderThreshold: integer('reorder_threshold').notNull().default(0),
  supplierId: uuid('supplier_id').references(() => partners.id),
  lastUnitPriceCents: integer('last_unit_price_cents'),
  // The sum of the part's movements, kept by the trigger on stock_movements in the
  // movement's own transaction (migration 0006) and never written any other way; the check
  // refuses a movement that would take it below zero.
  quantity: integer('quantity').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('parts_reference_key').on(t.reference),
  uniqueIndex('parts_number_key').on(t.number),
  index('parts_supplier_idx').on(t.supplierId),
  check('parts_quantity_check', sql`${t.quantity} >= 0`),
  check('parts_reorder_threshold_check', sql`${t.reorderThreshold} >= 0`),
  check('parts_last_unit_price_check', sql`${t.lastUnitPriceCents} IS NULL OR ${t.lastUnitPriceCents} >= 0`),
])

// The stock ledger. Append-only: a part's quantity is the sum of its movements. A consumption
// is also the work order's parts cost line (its unit price frozen here).
export const stockMovements = pgTable('stock_movements', {
  id: uuid('id').primaryKey(),
  partId: uuid('part_id').notNull().references(() => parts.id),
  kind: text('kind').notNull(), // RECEIPT | MANUAL | ADJUSTMENT | CONSUMPTION
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents'),
  reason: text('reason'),
  actorId: uuid('actor_id').references(() => users.id),
  workOrderId: uuid('work_order_id').references(() => workOrders.id),
  purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
  purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
  createdAt: createdAt(),
}, (t) => [
  index('stock_movements_part_idx').on(t.partId, t.createdAt, t.id),
  index('stock_movements_work_order_idx').on(t.workOrderId, t.createdAt).where(sql`${t.workOrderId} IS NOT NULL`),
  // A purchase-order line may be received in several parts (one movement each); the line's
  // received_quantity, checked against its quantity, is what keeps the sum within the order.
  index('stock_movements_receipt_line_idx').on(t.purchaseOrderLineId).where(sql`${t.purchaseOrderLineId} IS NOT NULL`),
  index('stock_movements_created_idx').on(t.createdAt),
  check('stock_movements_kind_check', sql`${t.kind} IN ('RECEIPT', 'MANUAL', 'ADJUSTMENT', 'CONSUMPTION')`),
  check('stock_movements_quantity_check', sql`${t.quantity} <> 0`),
  check('stock_movements_sign_check', sql`CASE ${t.kind} WHEN 'CONSUMPTION' THEN ${t.quantity} < 0 WHEN 'ADJUSTMENT' THEN true ELSE ${t.quantity} > 0 END`),
  check('stock_movements_reason_check', sql`${t.kind} <> 'ADJUSTMENT' OR ${t.reason} IS NOT NULL`),
  check('stock_movements_receipt_check', sql`(${t.kind} = 'RECEIPT') = (${t.purchaseOrderLineId} IS NOT NULL) AND (${t.kind} = 'RECEIPT') = (${t.purchaseOrderId} IS NOT NULL)`),
  check('stock_movements_consumption_check', sql`(${t.kind} = 'CONSUMPTION') = (${t.workOrderId} IS NOT NULL)`),
  check('stock_movements_consumption_price_check', sql`${t.kind} <> 'CONSUMPTION' OR ${t.unitPriceCents} IS NOT NULL`),
  check('stock_movements_price_check', sql`${t.unitPriceCents} IS NULL OR ${t.unitPriceCents} >= 0`),
])

// The newest page of each part's ledger (MOVEMENTS_PAGE movements) as getPart sends it, kept by
// the writers' transactions (migration 0019, docs/architecture.md "Hot reads"): the stock
// screen's detail is then its stored row and this text. body NULL: marked stale by a rename,
// read live until the part's next movement.
export const partLedgerHeads = pgTable('part_ledger_heads', {
  partId: uuid('part_id').primaryKey().references(() => parts.id, { onDelete: 'cascade' }),
  body: text('body'),
  // The next (older) page's key ([createdAt with microseconds, id]) when one follows.
  nextKey: text('next_key'),
  // The transaction that built it: a transaction's later movements of the part skip the rebuild.
  builtXid: bigint('built_xid', { mode: 'number' }),
})
