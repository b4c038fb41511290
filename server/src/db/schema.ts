// Tables of the store. Invariants (uniqueness, references, checks) live here so that
// concurrent writers are kept honest by the database, not by read-then-write code.
// Changing this file: `npm run db:generate` writes the next SQL migration (committed).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn, boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const roles = pgTable('roles', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
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
  createdAt: createdAt(),
}, (t) => [
  index('locations_parent_idx').on(t.parentId),
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
