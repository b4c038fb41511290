// The tables of work orders and what hangs from them: assignees, activity, comments,
// checklist, labour, constraints included (docs/architecture.md, "Tables"). After a change,
// `npm run db:generate` writes the next migration.
// Conventions shared by the modules that write these tables (work-orders, requests, portal,
// preventive, the seeders) are in docs/work-orders.md: states, event kinds and payloads.
import { sql } from 'drizzle-orm'
import {
  bigint, boolean, check, date, index, integer, jsonb, pgSequence, pgTable, primaryKey, smallint, text, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { assetInspections, assets } from '../assets/assets.tables.ts'
import { taskTemplates } from '../preventive/preventive.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { users } from '../users/users.tables.ts'

// References come from sequences: concurrent creations get distinct, increasing numbers
// without reading a maximum first (OT-000042, DEM-000042).
export const workOrderNumbers = pgSequence('work_order_number_seq', { startWith: 1 })

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
  // Breakdowns (CORRECTIVE): when the technician arrived on site and when he left, tapped
  // from the phone and corrected by a dispatcher (docs/work-orders.md, "Breakdown times").
  arrivedAt: tstz('arrived_at'),
  leftAt: tstz('left_at'),
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
  // A finding of a technical inspection that this order remedies (an inspection of the same
  // elevator, checked by the service): its origin is then INSPECTION_FINDING.
  inspectionId: uuid('inspection_id').references(() => assetInspections.id),
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
  // The list as it opens (work not finished) and the late orders, in the triage order: a few
  // thousand live orders among hundreds of thousands finished ones.
  index('work_orders_live_triage_idx').on(t.personBlocked.desc(), t.priorityRank.desc(), t.createdAt, t.id)
    .where(sql`${t.status} IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD')`),
  // The same live work in the day's triage order (`sort=due`): trapped persons, then the due
  // date, undated last (work-orders.due.queries.ts writes the same expression).
  index('work_orders_live_due_idx').on(t.personBlocked.desc(), sql`COALESCE(${t.dueAt}, 'infinity'::timestamptz)`, t.id)
    .where(sql`${t.status} IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD')`),
  // The last visit of an elevator (docs/compliance.md, "Visits at most six weeks apart"): one
  // index probe per elevator for the finished grids, one per visit circumstance for the other
  // finished orders whose coded report says they were made during a maintenance visit.
  index('work_orders_visit_idx').on(t.assetId, t.completedAt.desc())
    .where(sql`${t.status} = 'DONE' AND ${t.type} = 'PREVENTIVE' AND ${t.completedAt} IS NOT NULL`),
  index('work_orders_visit_circumstance_idx').on(t.assetId, t.reportCircumstanceId, t.completedAt.desc())
    .where(sql`${t.status} = 'DONE' AND ${t.reportCircumstanceId} IS NOT NULL AND ${t.completedAt} IS NOT NULL`),
  // The callbacks of the analytics (docs/analytics.md, "The legal record"): an elevator's
  // breakdowns after a repair, without fetching its grids and cancelled orders.
  index('work_orders_callback_idx').on(t.assetId, t.createdAt).where(sql`${t.type} = 'CORRECTIVE' AND ${t.status} <> 'CANCELLED'`),
  index('work_orders_created_by_idx').on(t.createdBy),
  // An inspection's findings and how many are still open (the elevator's inspection history).
  index('work_orders_inspection_idx').on(t.inspectionId, t.status).where(sql`${t.inspectionId} IS NOT NULL`),
  index('work_orders_requester_idx').on(t.requesterId),
  check('work_orders_type_check', sql`${t.type} IN ('CORRECTIVE', 'PREVENTIVE')`),
  check('work_orders_status_check', sql`${t.status} IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED')`),
  check('work_orders_priority_check', sql`${t.priority} IN ('LOW', 'NORMAL', 'HIGH', 'URGENT')`),
  check('work_orders_priority_rank_check', sql`${t.priorityRank} = CASE ${t.priority} WHEN 'LOW' THEN 1 WHEN 'NORMAL' THEN 2 WHEN 'HIGH' THEN 3 ELSE 4 END`),
  check('work_orders_blocked_urgent_check', sql`NOT ${t.personBlocked} OR ${t.priority} = 'URGENT'`),
  check('work_orders_cancel_reason_check', sql`${t.status} <> 'CANCELLED' OR ${t.cancelReason} IS NOT NULL`),
  // A departure follows an arrival (the service says so first, naming the field).
  check('work_orders_left_after_arrival_check', sql`${t.leftAt} IS NULL OR (${t.arrivedAt} IS NOT NULL AND ${t.leftAt} >= ${t.arrivedAt})`),
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
  // The periodic operations of an elevator: was this task ticked on this finished grid? One
  // probe per grid walked newest first (docs/compliance.md, "Periodic operations").
  index('checklist_items_done_task_idx').on(t.workOrderId, t.taskTemplateId).where(sql`${t.status} = 'DONE' AND ${t.taskTemplateId} IS NOT NULL`),
  check('checklist_items_status_check', sql`${t.status} IN ('TODO', 'DONE', 'NA')`),
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

// Each order's detail as every reader gets it (all but what depends on the caller), kept by
// the writers' transactions (migration 0017, docs/architecture.md "Hot reads"). body NULL:
// marked stale by a rename or a set-based writer, read live until rebuilt in the background.
export const workOrderDetails = pgTable('work_order_details', {
  workOrderId: uuid('work_order_id').primaryKey().references(() => workOrders.id, { onDelete: 'cascade' }),
  body: text('body'),
  costs: text('costs'),
  // The transaction that built it: a transaction's later writes to the order skip the rebuild.
  builtXid: bigint('built_xid', { mode: 'number' }),
  // What the scope check and the caller's part of the answer read, built with the text by the
  // same statement (migration 0037, work_order_detail_facts): a read is then one key probe.
  siteId: uuid('site_id'),
  status: text('status'),
  type: text('type'),
  createdBy: uuid('created_by'),
  assigneeIds: uuid('assignee_ids').array(),
  symptomSet: boolean('symptom_set'),
  causeSet: boolean('cause_set'),
  actionSet: boolean('action_set'),
  todoCount: integer('todo_count'),
}, (t) => [index('work_order_details_stale_idx').on(t.workOrderId).where(sql`${t.body} IS NULL`)])
