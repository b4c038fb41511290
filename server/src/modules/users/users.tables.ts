// The tables of people: their accounts, the invitations that activate them, the sites that
// restrict them, constraints included (docs/architecture.md, "Tables"). After a change, `npm
// run db:generate` writes the next migration.
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from '../../db/columns.ts'
import { roles } from '../access/access.tables.ts'
import { locations } from '../locations/locations.tables.ts'

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
  // Whole second from which this user's tokens count: a disable, a role change or a new
  // password moves it forward, so tokens issued before stay dead (modules/auth/tokens.ts).
  tokensValidAfter: tstz('tokens_valid_after'),
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

export const userSites = pgTable('user_sites', {
  userId: uuid('user_id').notNull().references(() => users.id),
  locationId: uuid('location_id').notNull().references(() => locations.id),
}, (t) => [primaryKey({ columns: [t.userId, t.locationId] }), index('user_sites_location_idx').on(t.locationId)])
