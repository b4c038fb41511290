// The tables of preventive maintenance: task templates and the months generated, constraints
// included (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the
// next migration.
import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'

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
