// The tables of the equipment register: elevators and their components, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { taskTemplates } from '../preventive/preventive.tables.ts'
import { users } from '../users/users.tables.ts'
import type { AssetStatus } from './assets.schemas.ts'

export const assets = pgTable('assets', {
  id: uuid('id').primaryKey(),
  reference: text('reference').notNull(),
  brand: text('brand').notNull(),
  model: text('model'),
  serialNumber: text('serial_number'),
  commissionedAt: tstz('commissioned_at'),
  loadKg: integer('load_kg'),
  floors: integer('floors'),
  status: text('status').notNull().default('IN_SERVICE').$type<AssetStatus>(),
  categoryId: uuid('category_id').notNull().references(() => categories.id),
  locationId: uuid('location_id').notNull().references(() => locations.id),
  // The site of its location, kept by triggers (migration 0014) and never written by the
  // services; NOT NULL in the store.
  siteId: uuid('site_id').references(() => locations.id),
  underContract: boolean('under_contract').notNull().default(false),
  notes: text('notes'),
  statusChangedAt: tstz('status_changed_at'),
  // Components fitted now (removed_at null): maintained by a trigger on asset_components
  // (migration 0003), so that the asset page reads a column instead of counting per row.
  componentCount: integer('component_count').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
}, (t) => [
  check('assets_component_count_check', sql`${t.componentCount} >= 0`),
  // The QR code carries the reference: one asset per reference, whatever the letter case.
  uniqueIndex('assets_reference_key').on(sql`upper(${t.reference})`),
  index('assets_location_idx').on(t.locationId),
  // A site's elevators in the register's order (a Demandeur's or a site-assigned caller's list).
  index('assets_site_reference_idx').on(t.siteId, sql`upper(${t.reference})`),
  index('assets_category_idx').on(t.categoryId),
  index('assets_status_idx').on(t.status),
  index('assets_reference_order_idx').on(t.reference, t.id),
  check('assets_status_check', sql`${t.status} IN ('IN_SERVICE', 'OUT_OF_SERVICE', 'UNDER_MAINTENANCE')`),
  check('assets_load_check', sql`${t.loadKg} IS NULL OR ${t.loadKg} > 0`),
  check('assets_floors_check', sql`${t.floors} IS NULL OR ${t.floors} > 0`),
])

export const assetComponents = pgTable('asset_components', {
  id: uuid('id').primaryKey(),
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  typeId: uuid('type_id').notNull().references(() => categories.id),
  brand: text('brand'),
  model: text('model'),
  serialNumber: text('serial_number'),
  installedAt: tstz('installed_at'),
  notes: text('notes'),
  // Removed components stay on record (what was fitted, and when it left).
  removedAt: tstz('removed_at'),
  createdAt: createdAt(),
}, (t) => [
  index('asset_components_asset_idx').on(t.assetId).where(sql`${t.removedAt} IS NULL`),
  index('asset_components_type_idx').on(t.typeId),
])

// Each elevator's last maintenance visit and the date the next one is due (docs/compliance.md,
// "Visits at most six weeks apart"), kept by triggers (migration 0022) so that the fleet's list
// of elevators past six weeks reads an index instead of looking every elevator's visits up.
// A table of its own, not columns of `assets`: closing an order locks this row, never the
// elevator's, which renames lock before the elevator's orders.
export const assetVisits = pgTable('asset_visits', {
  assetId: uuid('asset_id').primaryKey().references(() => assets.id, { onDelete: 'cascade' }),
  lastVisitAt: tstz('last_visit_at'),
  // Null when the elevator is not under contract (no visit is owed).
  visitDueAt: tstz('visit_due_at'),
  // The five-yearly technical inspection's, the same way (migration 0027).
  lastInspectionAt: tstz('last_inspection_at'),
  inspectionDueAt: tstz('inspection_due_at'),
}, (t) => [
  index('asset_visits_due_idx').on(t.visitDueAt).where(sql`${t.visitDueAt} IS NOT NULL`),
  index('asset_visits_inspection_due_idx').on(t.inspectionDueAt).where(sql`${t.inspectionDueAt} IS NOT NULL`),
])

// The five-yearly technical inspections by an approved body (docs/compliance.md, "The
// technical inspection"): one row per inspection, kept as history. The report is a document
// of the elevator: its foreign key (report_document_id → documents) is declared in the
// migration's SQL, not here, since documents.tables.ts imports work-orders.tables.ts, which
// references this table (an import cycle through tables files).
export const assetInspections = pgTable('asset_inspections', {
  id: uuid('id').primaryKey(),
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  inspectedAt: tstz('inspected_at').notNull(),
  body: text('body').notNull(),
  reportDocumentId: uuid('report_document_id'),
  notes: text('notes'),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  // The last inspection of an elevator: one probe (the detail and the fleet list).
  index('asset_inspections_asset_idx').on(t.assetId, t.inspectedAt.desc(), t.id.desc()),
  check('asset_inspections_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 120`),
])

// When each periodic operation (a task template's checklist item ticked on a finished grid) was
// last done on each elevator, kept by the same triggers as the last visit (migration 0025): the
// elevator's detail reads one row per operation instead of walking its grids per operation.
export const assetOperations = pgTable('asset_operations', {
  assetId: uuid('asset_id').notNull().references(() => assets.id, { onDelete: 'cascade' }),
  taskTemplateId: uuid('task_template_id').notNull().references(() => taskTemplates.id, { onDelete: 'cascade' }),
  lastDoneAt: tstz('last_done_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.assetId, t.taskTemplateId] }),
])

// Each elevator's AssetDetail kept as the JSON text its readers get (migration 0030), as the
// orders' details are (0017): the clock's fields (days left, states) are left as markers that
// the service fills at read (assets.detail-clock.ts). Null: stale (a rename, a task template
// changed), built live at read until the background refill rebuilds it.
export const assetDetails = pgTable('asset_details', {
  assetId: uuid('asset_id').primaryKey().references(() => assets.id, { onDelete: 'cascade' }),
  // The elevator's site, for the scope check beside the text (kept with it).
  siteId: uuid('site_id'),
  body: text('body'),
}, (t) => [index('asset_details_stale_idx').on(t.assetId).where(sql`${t.body} IS NULL`)])
