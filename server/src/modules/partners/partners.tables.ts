// The tables of partners: suppliers and clients, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'

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
