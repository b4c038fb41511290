// The tables of maintenance requests, from the app and the public portal, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { assets } from '../assets/assets.tables.ts'
import { users } from '../users/users.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'

// Their reference's number comes from a sequence, as the work orders' does (DEM-000042).
export const requestNumbers = pgSequence('request_number_seq', { startWith: 1 })

export const requests = pgTable('requests', {
  id: uuid('id').primaryKey(),
  reference: text('reference').notNull(),
  number: bigint('number', { mode: 'number' }).notNull(),
  status: text('status').notNull().default('PENDING'), // PENDING | APPROVED | REJECTED
  source: text('source').notNull(), // APP | PORTAL
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  description: text('description').notNull(),
  personBlocked: boolean('person_blocked').notNull().default(false),
  // The author (null for a portal report) and, for portal reports, the contact left.
  requestedBy: uuid('requested_by').references(() => users.id),
  contactName: text('contact_name'),
  contactPhone: text('contact_phone'),
  // Portal reports: SHA-256 of the tracking token (the token itself is never stored).
  trackingTokenHash: text('tracking_token_hash'),
  workOrderId: uuid('work_order_id').references(() => workOrders.id),
  rejectionReason: text('rejection_reason'),
  handledBy: uuid('handled_by').references(() => users.id),
  handledAt: tstz('handled_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('requests_reference_key').on(t.reference),
  uniqueIndex('requests_number_key').on(t.number),
  uniqueIndex('requests_work_order_key').on(t.workOrderId),
  uniqueIndex('requests_tracking_token_key').on(t.trackingTokenHash),
  index('requests_triage_idx').on(t.personBlocked.desc(), t.createdAt, t.id),
  index('requests_asset_idx').on(t.assetId),
  index('requests_requested_by_idx').on(t.requestedBy),
  index('requests_status_idx').on(t.status),
  check('requests_status_check', sql`${t.status} IN ('PENDING', 'APPROVED', 'REJECTED')`),
  check('requests_source_check', sql`${t.source} IN ('APP', 'PORTAL')`),
  check('requests_approved_check', sql`(${t.status} = 'APPROVED') = (${t.workOrderId} IS NOT NULL)`),
  check('requests_rejected_check', sql`${t.status} <> 'REJECTED' OR ${t.rejectionReason} IS NOT NULL`),
])
