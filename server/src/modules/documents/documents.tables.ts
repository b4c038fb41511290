// The tables of documents attached to an elevator or a work order, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'
import { assets } from '../assets/assets.tables.ts'
import { users } from '../users/users.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'

// Files attached to an asset or a work order (exactly one); the bytes live in storage.
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey(),
  assetId: uuid('asset_id').references(() => assets.id),
  workOrderId: uuid('work_order_id').references(() => workOrders.id),
  kind: text('kind').notNull(), // MANUAL | WIRING_DIAGRAM | PHOTO | REPORT | CERTIFICATE | OTHER
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(), // application/pdf | image/jpeg | image/png
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull(),
  inCorpus: boolean('in_corpus').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('documents_storage_key').on(t.storageKey),
  index('documents_asset_idx').on(t.assetId, t.createdAt).where(sql`${t.assetId} IS NOT NULL`),
  index('documents_work_order_idx').on(t.workOrderId, t.createdAt).where(sql`${t.workOrderId} IS NOT NULL`),
  check('documents_target_check', sql`num_nonnulls(${t.assetId}, ${t.workOrderId}) = 1`),
  check('documents_kind_check', sql`${t.kind} IN ('MANUAL', 'WIRING_DIAGRAM', 'PHOTO', 'REPORT', 'CERTIFICATE', 'OTHER')`),
  check('documents_content_type_check', sql`${t.contentType} IN ('application/pdf', 'image/jpeg', 'image/png')`),
  check('documents_size_check', sql`${t.sizeBytes} BETWEEN 1 AND 20971520`),
])
