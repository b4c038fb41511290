// The tables of the roles and their rights, one row per role and category, constraints
// included (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the
// next migration.
import { boolean, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import type { RoleName } from '../../http/permissions.ts'

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
