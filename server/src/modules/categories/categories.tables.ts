// The tables of categories: equipment families and component types, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'

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
