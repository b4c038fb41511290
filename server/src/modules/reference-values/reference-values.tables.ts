// The tables of the coded-report vocabulary, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'

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
