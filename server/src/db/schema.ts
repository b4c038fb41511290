// Tables of the store. Invariants (uniqueness, references, checks) live here so that
// concurrent writers are kept honest by the database, not by read-then-write code.
// Changing this file: `npm run db:generate` writes the next SQL migration (committed).
import { sql } from 'drizzle-orm'
import type { RoleName } from '../http/permissions.ts'
import type { AssetStatus } from '../modules/assets/assets.schemas.ts'
import type { MeterKind } from '../modules/meters/meters.defaults.ts'
import {
  type AnyPgColumn, bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, timestamp,
  uniqueIndex, uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique().$type<RoleName>(),
  position: integer('position').notNull(),
})

export const permissions = pgTable('permissions', {
  roleId: uuid('role_id').notNull().references(() => roles.id),
  objectCategory: text('object_category').notNull(),
  canView: boolean('can_view').notNull(),
  canViewOther: boolean('can_view_other').notNull(),
  canCreate: boolean('can_create').notNull(),
  canEdit: boolean('can_edit').notNull(),
  canDelete: boolean('can_delete').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.objectCategory] })])

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  initials: text('initials').notNull(),
  phone: text('phone'),
  roleId: uuid('role_id').notNull().references(() => roles.id),
  passwordHash: text('password_hash'),
  isDemo: boolean('is_demo').notNull().default(false),
  hourlyRateCents: integer('hourly_rate_cents'),
  activatedAt: tstz('activated_at'),
  disabledAt: tstz('disabled_at'),
  // Whole second from which this user's tokens count: a disable, a role change or a new
  // password moves it forward, so tokens issued before stay dead (modules/auth/tokens.ts).
  tokensValidAfter: tstz('tokens_valid_after'),
  invitedBy: uuid('invited_by'),
  createdAt: createdAt(),
}, (t) => [
  // E-mails are compared case-insensitively: one account per mailbox.
  uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  index('users_role_idx').on(t.roleId),
  check('users_hourly_rate_check', sql`${t.hourlyRateCents} IS NULL OR ${t.hourlyRateCents} >= 0`),
])

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
  revokedAt: tstz('revoked_at'),
  createdAt: createdAt(),
}, (t) => [index('invitations_user_idx').on(t.userId)])

export const partners = pgTable('partners', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  contactName: text('contact_name'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('partners_name_lower_key').on(sql`lower(${t.name})`),
  check('partners_kind_check', sql`${t.kind} IN ('SUPPLIER', 'CLIENT')`),
])

export const locations = pgTable('locations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => locations.id),
  address: text('address'),
  city: text('city'),
  guardianName: text('guardian_name'),
  guardianPhone: text('guardian_phone'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  partnerId: uuid('partner_id').references(() => partners.id),
  // Assets placed directly here (a site's zones keep their own): maintained by a trigger on
  // assets (migration 0003), so that listings read a column instead of counting rows. Moving
  // a zone or a site changes none of these counts.
  assetCount: integer('asset_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('locations_parent_idx').on(t.parentId),
  check('locations_asset_count_check', sql`${t.assetCount} >= 0`),
  index('locations_partner_idx').on(t.partnerId),
  check('locations_latitude_check', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
  check('locations_longitude_check', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
])

export const userSites = pgTable('user_sites', {
  userId: uuid('user_id').notNull().references(() => users.id),
  locationId: uuid('location_id').notNull().references(() => locations.id),
}, (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('user_sites_location_idx').on(t.locationId)])

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('teams_name_lower_key').on(sql`lower(${t.name})`)])

export const teamMembers = pgTable('team_members', {
  teamId: uuid('team_id').notNull().references(() => teams.id),
  userId: uuid('user_id').notNull().references(() => users.id),
}, (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)])

// ── Equipment register ────────────────────────────────────────────────────────

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  // Unique per kind: "Moteur" may be both an equipment family and a component type.
  uniqueIndex('categories_kind_name_key').on(t.kind, sql`lower(${t.name})`),
  check('categories_kind_check', sql`${t.kind} IN ('EQUIPMENT', 'COMPONENT_TYPE')`),
])

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

export const meters = pgTable('meters', {
  id: uuid('id').primaryKey(),
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  kind: text('kind').notNull().$type<MeterKind>(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  lastValue: bigint('last_value', { mode: 'number' }),
  lastReadAt: tstz('last_read_at'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('meters_asset_kind_key').on(t.assetId, t.kind),
  check('meters_kind_check', sql`${t.kind} IN ('TRIPS', 'RUNNING_HOURS')`),
])

export const meterReadings = pgTable('meter_readings', {
  id: uuid('id').primaryKey(),
  meterId: uuid('meter_id').notNull().references(() => meters.id),
  value: bigint('value', { mode: 'number' }).notNull(),
  // The value it followed: the database itself refuses a reading that does not go up.
  previousValue: bigint('previous_value', { mode: 'number' }),
  readAt: tstz('read_at').notNull(),
  recordedBy: uuid('recorded_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  index('meter_readings_meter_recent_idx').on(t.meterId, t.value.desc()),
  check('meter_readings_increasing_check', sql`${t.value} >= 0 AND (${t.previousValue} IS NULL OR ${t.value} > ${t.previousValue})`),
  // Two readings can never follow the same previous value: concurrent posts cannot fork the sequence.
  uniqueIndex('meter_readings_chain_key').on(t.meterId, sql`coalesce(${t.previousValue}, -1)`),
])

export const referenceValues = pgTable('reference_values', {
  id: uuid('id').primaryKey(),
  field: text('field').notNull(),
  label: text('label').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
  // Work orders whose coded report uses this value, fleet-wide: kept by a statement-level
  // trigger on work_orders (migration 0005), so that the list reads a column instead of
  // unfolding every report. Site-restricted callers count their own orders instead.
  usageCount: integer('usage_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  check('reference_values_usage_count_check', sql`${t.usageCount} >= 0`),
  uniqueIndex('reference_values_field_label_key').on(t.field, sql`lower(${t.label})`),
  check('reference_values_field_check', sql`${t.field} IN ('SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE')`),
])

// ── Daily operations: work orders, requests, preventive maintenance ──────────
// Conventions shared by the modules that write these tables (work-orders, requests, portal,
// preventive, the seeders) are in docs/work-orders.md: states, event kinds and payloads.

// References come from sequences: concurrent creations get distinct, increasing numbers
// without reading a maximum first (OT-000042, DEM-000042).
export const workOrderNumbers = pgSequence('work_order_number_seq', { startWith: 1 })
export const requestNumbers = pgSequence('request_number_seq', { startWith: 1 })

const referenceValue = (name: string) => uuid(name).references(() => referenceValues.id)

export const workOrders = pgTable('work_orders', {
  id: uuid('id').primaryKey(),
  // 'OT-' + the sequence number zero-padded to at least 6 digits (set by the writer).
  reference: text('reference').notNull(),
  number: bigint('number', { mode: 'number' }).notNull(),
  type: text('type').notNull(), // CORRECTIVE | PREVENTIVE
  status: text('status').notNull().default('OPEN'), // OPEN | IN_PROGRESS | ON_HOLD | DONE | CANCELLED
  priority: text('priority').notNull().default('NORMAL'), // LOW | NORMAL | HIGH | URGENT
  // Sort key of the priority (LOW 1 … URGENT 4), kept by the writer with the priority: the
  // listing orders on (person_blocked, priority_rank, created_at, id) with one index.
  priorityRank: smallint('priority_rank').notNull().default(2),
  personBlocked: boolean('person_blocked').notNull().default(false),
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  description: text('description'),
  dueAt: tstz('due_at'),
  // Who asked for it: the user who created it, or the request's author on approval (null:
  // the system, e.g. preventive generation, or a portal report).
  createdBy: uuid('created_by').references(() => users.id),
  requesterId: uuid('requester_id').references(() => users.id),
  requesterName: text('requester_name'),
  cancelReason: text('cancel_reason'),
  startedAt: tstz('started_at'),
  completedAt: tstz('completed_at'),
  cancelledAt: tstz('cancelled_at'),
  // When a trapped person was freed (personBlocked orders).
  releasedAt: tstz('released_at'),
  // Preventive grids: the month they belong to ('YYYY-MM'); one per asset and month.
  periodKey: text('period_key'),
  firstControl: boolean('first_control').notNull().default(false),
  // The coded intervention report: six reference values, each of its own field.
  reportSymptomId: referenceValue('report_symptom_id'),
  reportComponentId: referenceValue('report_component_id'),
  reportCauseId: referenceValue('report_cause_id'),
  reportActionId: referenceValue('report_action_id'),
  reportResultId: referenceValue('report_result_id'),
  reportCircumstanceId: referenceValue('report_circumstance_id'),
  // Free notes of the report (typed or dictated), indexed by the assistant once the order is closed.
  reportNotes: text('report_notes'),
  reportUpdatedAt: tstz('report_updated_at'),
  reportUpdatedBy: uuid('report_updated_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  // Not declared: search_vector, the description's words (a generated column, migration
  // 0008), read only by the global search's SQL.
}, (t) => [
  uniqueIndex('work_orders_reference_key').on(t.reference),
  uniqueIndex('work_orders_number_key').on(t.number),
  uniqueIndex('work_orders_period_key').on(t.assetId, t.periodKey).where(sql`${t.periodKey} IS NOT NULL`),
  // The listing's order: trapped persons first, then priority, then age.
  index('work_orders_triage_idx').on(t.personBlocked.desc(), t.priorityRank.desc(), t.createdAt, t.id),
  index('work_orders_asset_idx').on(t.assetId, t.createdAt),
  index('work_orders_status_idx').on(t.status),
  index('work_orders_created_by_idx').on(t.createdBy),
  index('work_orders_requester_idx').on(t.requesterId),
  check('work_orders_type_check', sql`${t.type} IN ('CORRECTIVE', 'PREVENTIVE')`),
  check('work_orders_status_check', sql`${t.status} IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED')`),
  check('work_orders_priority_check', sql`${t.priority} IN ('LOW', 'NORMAL', 'HIGH', 'URGENT')`),
  check('work_orders_priority_rank_check', sql`${t.priorityRank} = CASE ${t.priority} WHEN 'LOW' THEN 1 WHEN 'NORMAL' THEN 2 WHEN 'HIGH' THEN 3 ELSE 4 END`),
  check('work_orders_blocked_urgent_check', sql`NOT ${t.personBlocked} OR ${t.priority} = 'URGENT'`),
  check('work_orders_cancel_reason_check', sql`${t.status} <> 'CANCELLED' OR ${t.cancelReason} IS NOT NULL`),
  check('work_orders_period_check', sql`${t.periodKey} IS NULL OR ${t.periodKey} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
])

export const workOrderAssignees = pgTable('work_order_assignees', {
  workOrderId: uuid('work_order_id').notNull().references(() => workOrders.id),
  userId: uuid('user_id').notNull().references(() => users.id),
  assignedAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.workOrderId, t.userId] }), index('work_order_assignees_user_idx').on(t.userId)])

// The activity log (kinds and payloads: docs/work-orders.md). Append-only.
export const workOrderEvents = pgTable('work_order_events', {
  id: uuid('id').primaryKey(),
  workOrderId: uuid('work_order_id').notNull().references(() => workOrders.id),
  kind: text('kind').notNull(),
  actorId: uuid('actor_id').references(() => users.id), // null: the system
  at: tstz('at').notNull().defaultNow(),
  payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
}, (t) => [index('work_order_events_order_idx').on(t.workOrderId, t.at, t.id)])

export const workOrderComments = pgTable('work_order_comments', {
  id: uuid('id').primaryKey(),
  workOrderId: uuid('work_order_id').notNull().references(() => workOrders.id),
  authorId: uuid('author_id').references(() => users.id),
  body: text('body').notNull(),
  createdAt: createdAt(),
}, (t) => [index('work_order_comments_order_idx').on(t.workOrderId, t.createdAt)])

export const checklistItems = pgTable('checklist_items', {
  id: uuid('id').primaryKey(),
  workOrderId: uuid('work_order_id').notNull().references(() => workOrders.id),
  taskTemplateId: uuid('task_template_id').references(() => taskTemplates.id),
  label: text('label').notNull(),
  position: integer('position').notNull().default(0),
  status: text('status').notNull().default('TODO'), // TODO | DONE | NA
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: tstz('updated_at'),
}, (t) => [
  index('checklist_items_order_idx').on(t.workOrderId, t.position),
  // Closure guard and status counts read "items still to do" through this partial index.
  index('checklist_items_todo_idx').on(t.workOrderId).where(sql`${t.status} = 'TODO'`),
  check('checklist_items_status_check', sql`${t.status} IN ('TODO', 'DONE', 'NA')`),
])

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

export const taskTemplates = pgTable('task_templates', {
  id: uuid('id').primaryKey(),
  label: text('label').notNull(),
  periodicityMonths: integer('periodicity_months').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('task_templates_label_key').on(sql`lower(${t.label})`),
  check('task_templates_periodicity_check', sql`${t.periodicityMonths} BETWEEN 1 AND 120`),
])

// Months whose preventive generation has run (by the monthly job or by a call): the job
// catches up a missed month at start by looking here.
export const preventiveRuns = pgTable('preventive_runs', {
  periodKey: text('period_key').primaryKey(),
  ranAt: tstz('ran_at').notNull().defaultNow(),
  created: integer('created').notNull(),
  firstControls: integer('first_controls').notNull(),
})

// ---- Spare parts, stock, purchasing, costs, documents (issue 9) ----

export const partNumbers = pgSequence('part_number_seq', { startWith: 1 })
export const purchaseOrderNumbers = pgSequence('purchase_order_number_seq', { startWith: 1 })

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

export const purchaseOrders = pgTable('purchase_orders', {
  id: uuid('id').primaryKey(),
  // 'BC-' + the sequence number zero-padded to at least 6 digits (set by the writer).
  reference: text('reference').notNull(),
  number: bigint('number', { mode: 'number' }).notNull(),
  supplierId: uuid('supplier_id').notNull().references(() => partners.id),
  status: text('status').notNull().default('DRAFT'), // DRAFT | SENT | RECEIVED | CANCELLED
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
  check('purchase_orders_status_check', sql`${t.status} IN ('DRAFT', 'SENT', 'RECEIVED', 'CANCELLED')`),
  check('purchase_orders_total_check', sql`${t.totalCents} >= 0`),
])

export const purchaseOrderLines = pgTable('purchase_order_lines', {
  id: uuid('id').primaryKey(),
  purchaseOrderId: uuid('purchase_order_id').notNull().references(() => purchaseOrders.id),
  position: integer('position').notNull(),
  partId: uuid('part_id').notNull().references(() => parts.id),
  quantity: integer('quantity').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
}, (t) => [
  uniqueIndex('purchase_order_lines_position_key').on(t.purchaseOrderId, t.position),
  index('purchase_order_lines_part_idx').on(t.partId),
  check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
  check('purchase_order_lines_price_check', sql`${t.unitPriceCents} >= 0`),
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
  // A purchase-order line is received once.
  uniqueIndex('stock_movements_receipt_line_key').on(t.purchaseOrderLineId).where(sql`${t.purchaseOrderLineId} IS NOT NULL`),
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

// Labour on a work order: the person's hourly rate frozen at entry.
export const workOrderLabor = pgTable('work_order_labor', {
  id: uuid('id').primaryKey(),
  workOrderId: uuid('work_order_id').notNull().references(() => workOrders.id),
  userId: uuid('user_id').notNull().references(() => users.id),
  workedOn: date('worked_on', { mode: 'string' }).notNull(),
  minutes: integer('minutes').notNull(),
  hourlyRateCents: integer('hourly_rate_cents').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
}, (t) => [
  index('work_order_labor_order_idx').on(t.workOrderId, t.createdAt),
  index('work_order_labor_user_idx').on(t.userId),
  index('work_order_labor_worked_on_idx').on(t.workedOn),
  check('work_order_labor_minutes_check', sql`${t.minutes} BETWEEN 1 AND 1440`),
  check('work_order_labor_rate_check', sql`${t.hourlyRateCents} >= 0`),
])

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

// The analytics' monthly counters per location (an asset's zone or site) and UTC month, kept
// by statement triggers on work_orders, stock_movements, work_order_labor and assets
// (migration 0008, docs/analytics.md): a 12-month summary reads ~10,000 rows of sums
// instead of aggregating every order of the period. Never written by the application.
export const workOrderMonthStats = pgTable('work_order_month_stats', {
  month: date('month', { mode: 'string' }).notNull(),
  locationId: uuid('location_id').notNull().references(() => locations.id),
  openedCorrective: integer('opened_corrective').notNull().default(0),
  openedPreventive: integer('opened_preventive').notNull().default(0),
  closedCorrective: integer('closed_corrective').notNull().default(0),
  closedPreventive: integer('closed_preventive').notNull().default(0),
  breakdowns: integer('breakdowns').notNull().default(0),
  trappedCalls: integer('trapped_calls').notNull().default(0),
  released: integer('released').notNull().default(0),
  releaseMs: bigint('release_ms', { mode: 'number' }).notNull().default(0),
  releasedWithinHour: integer('released_within_hour').notNull().default(0),
  repairs: integer('repairs').notNull().default(0),
  repairMs: bigint('repair_ms', { mode: 'number' }).notNull().default(0),
  gridsGenerated: integer('grids_generated').notNull().default(0),
  gridsCompleted: integer('grids_completed').notNull().default(0),
  partsCostCents: bigint('parts_cost_cents', { mode: 'number' }).notNull().default(0),
  // Σ minutes × hourly rate (cents): divided by 60 and rounded only when read.
  laborRateMinutes: bigint('labor_rate_minutes', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.month, t.locationId] })])

// ---- The assistant's index (issue 15, docs/assistant.md) ----
// Each re-indexing builds a new generation beside the one answering; the switch is the
// generation's status becoming READY (the newest READY answers). One BUILDING generation at a
// time, across replicas: the partial unique index decides, a second caller joins it.
export const assistantGenerations = pgTable('assistant_generations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  status: text('status').notNull(), // BUILDING | READY | FAILED | RETIRED
  startedAt: tstz('started_at').notNull().defaultNow(),
  // Moved forward while building: a BUILDING row whose builder stopped beating is taken over.
  heartbeatAt: tstz('heartbeat_at').notNull().defaultNow(),
  finishedAt: tstz('finished_at'),
  result: jsonb('result'),
}, (t) => [
  uniqueIndex('assistant_generations_building_key').on(t.status).where(sql`${t.status} = 'BUILDING'`),
  check('assistant_generations_status_check', sql`${t.status} IN ('BUILDING', 'READY', 'FAILED', 'RETIRED')`),
])

// One excerpt per PDF page or closed report, anonymised. Not declared (migration 0009, written
// by the indexer): `words`, the tsvector of context and body with their folded codes, and
// `learn_words`, a report's description and notes alone (what suggestBilan learns from).
export const assistantExcerpts = pgTable('assistant_excerpts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // DOCUMENT | REPORT
  // No foreign keys: a document or order deleted or left out is filtered at reading.
  documentId: uuid('document_id'),
  page: integer('page'),
  workOrderId: uuid('work_order_id'),
  assetId: uuid('asset_id'),
  // What the source is about, shown and matched with the body: the document's title and its
  // elevator's brand and model, or the order's elevator (a page rarely repeats the brand).
  context: text('context').notNull(),
  body: text('body').notNull(),
}, (t) => [
  index('assistant_excerpts_generation_idx').on(t.generation, t.kind),
  uniqueIndex('assistant_excerpts_report_key').on(t.generation, t.workOrderId).where(sql`${t.kind} = 'REPORT'`),
  index('assistant_excerpts_document_idx').on(t.documentId).where(sql`${t.documentId} IS NOT NULL`),
  // An elevator's own reports, looked at first when a question names the elevator.
  index('assistant_excerpts_asset_report_idx').on(t.assetId).where(sql`${t.kind} = 'REPORT'`),
  check('assistant_excerpts_kind_check', sql`${t.kind} IN ('DOCUMENT', 'REPORT')`),
  check('assistant_excerpts_source_check', sql`CASE ${t.kind} WHEN 'DOCUMENT' THEN ${t.documentId} IS NOT NULL AND ${t.page} >= 1 ELSE ${t.workOrderId} IS NOT NULL END`),
])

// The folded words of a generation's excerpts and how many excerpts hold each: typo correction
// (trigrams), unknown-term detection and term rarity.
export const assistantWords = pgTable('assistant_words', {
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
  excerpts: integer('excerpts').notNull(),
}, (t) => [primaryKey({ columns: [t.generation, t.word] })])

// suggestBilan's learnt evidence: for each stem seen in closed reports' descriptions and notes,
// how many reports using each reference value held it (and, with stem '', how many used it).
export const assistantCodeStems = pgTable('assistant_code_stems', {
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  stem: text('stem').notNull(),
  valueId: uuid('value_id').notNull(),
  reports: integer('reports').notNull(),
}, (t) => [primaryKey({ columns: [t.generation, t.stem, t.valueId] })])
