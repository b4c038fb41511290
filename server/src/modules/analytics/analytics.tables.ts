// The tables of the analytics' monthly counters, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { bigint, boolean, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core'
import { tstz } from '../../db/columns.ts'
import { locations } from '../locations/locations.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'

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

// The legal record's per-order facts (docs/analytics.md, "The legal record"): one row per
// corrective order not cancelled, with its call (`callAtOf`), its call → arrival and call →
// release minutes and, for a repair (a DONE breakdown, `isBreakdown`), whether another
// breakdown of the elevator was called within 30 days of its completion. Kept by triggers
// (migration 0027, `refresh_breakdown_facts`: an elevator's rows at once) so that the summary
// reads two covering indexes instead of probing each repair's callback and each order's request.
// Never written by the application. Its covering indexes are in the migration (INCLUDE).
export const breakdownFacts = pgTable('breakdown_facts', {
  workOrderId: uuid('work_order_id').primaryKey().references(() => workOrders.id, { onDelete: 'cascade' }),
  assetId: uuid('asset_id').notNull(),
  createdAt: tstz('created_at').notNull(),
  callAt: tstz('call_at').notNull(),
  completedAt: tstz('completed_at'),
  // Whole minutes rounded down, as WorkOrderDetail's; release only with a trapped person.
  arrivalMinutes: integer('arrival_minutes'),
  releaseMinutes: integer('release_minutes'),
  // Whether the order is a breakdown (else a control or works, counted in the times only, as before).
  breakdown: boolean('breakdown').notNull(),
  repair: boolean('repair').notNull(),
  calledBack: boolean('called_back').notNull(),
})
