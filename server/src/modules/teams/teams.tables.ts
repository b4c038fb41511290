// The tables of teams and their members, constraints included (docs/architecture.md,
// "Tables"). After a change, `npm run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'
import { users } from '../users/users.tables.ts'

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
