// The tables of meters and their readings, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { assets } from '../assets/assets.tables.ts'
import { users } from '../users/users.tables.ts'
import type { MeterKind } from './meters.kinds.ts'

export const meters = pgTable('meters', {
  id: uuid('id').primaryKey(),
  assetId: uuid('asset_id').notNull().references(() => assets.id),
  kind: text('kind').notNull().$type<MeterKind>(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  lastValue: bigint('last_value', { mode: 'number' }),
  lastReadAt: tstz('last_read_at'),
  createdAt: createdAt(),
  // The meter as getAssetMeters sends it (its last 50 readings included), JSON text kept by
  // database triggers (migration 0029, meter_answer); NULL is read live by the same function.
  answer: text('answer'),
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
