// The tables of purchase orders and their lines, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { partners } from '../partners/partners.tables.ts'
import { parts } from '../parts/parts.tables.ts'
import { users } from '../users/users.tables.ts'

export const purchaseOrderNumbers = pgSequence('purchase_order_number_seq', { startWith: 1 })

export const purchaseOrders = pgTable('purchase_orders', {
  id: uuid('id').primaryKey(),
  // 'BC-' + the sequence number zero-padded to at least 6 digits (set by the writer).
  reference: text('reference').notNull(),
  number: bigint('number', { mode: 'number' }).notNull(),
  supplierId: uuid('supplier_id').notNull().references(() => partners.id),
  status: text('status').notNull().default('DRAFT'), // DRAFT | SENT | PARTIALLY_RECEIVED | RECEIVED | CANCELLED
  note: text('note'),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  sentAt: tstz('sent_at'),
  receivedAt: tstz('received_at'),
  cancelledAt: tstz('cancelled_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('purchase_orders_reference_key').on(t.reference),
  uniqueIndex('purchase_orders_number_key').on(t.number),
  index('purchase_orders_supplier_idx').on(t.supplierId),
  index('purchase_orders_created_idx').on(t.createdAt, t.id),
  index('purchase_orders_status_idx').on(t.status),
  check('purchase_orders_status_check', sql`${t.status} IN ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED')`),
  check('purchase_orders_total_check', sql`${t.totalCents} >= 0`),
])

export const purchaseOrderLines = pgTable('purchase_order_lines', {
  id: uuid('id').primaryKey(),
  purchaseOrderId: uuid('purchase_order_id').notNull().references(() => purchaseOrders.id),
  position: integer('position').notNull(),
  partId: uuid('part_id').notNull().references(() => parts.id),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  // Σ of the line's RECEIPT movements, kept by the receipt that writes them (under the
  // order's row lock); the check is the last guard against receiving more than ordered.
  receivedQuantity: integer('received_quantity').notNull().default(0),
}, (t) => [
  uniqueIndex('purchase_order_lines_position_key').on(t.purchaseOrderId, t.position),
  index('purchase_order_lines_part_idx').on(t.partId),
  check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
  check('purchase_order_lines_price_check', sql`${t.unitPriceCents} >= 0`),
  check('purchase_order_lines_received_check', sql`${t.receivedQuantity} BETWEEN 0 AND ${t.quantity}`),
])
