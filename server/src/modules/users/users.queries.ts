import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { roles } from '../access/access.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { teamMembers, teams } from '../teams/teams.tables.ts'
import { invitations, users, userSites } from './users.tables.ts'
import { ownerIdParam, ownRecordsParam } from '../../db/scope.queries.ts'
import { prepared } from '../../db/prepared.ts'
import type { RoleName } from '../../http/permissions.ts'
import type { Scope } from '../../http/principal.ts'

/**
 * A person as `{ id, displayName }` JSON (null when `userId` is null), looked up by key where
 * the person is named. Inside a detail's aggregates a join of users is planned, generically,
 * as a hash of every user built at each call; this is one index probe per line shown.
 */
export const personJson = (userId: SQL) =>
  sql<{ id: string; displayName: string } | null>`(SELECT json_build_object('id', pj.id, 'displayName', pj.display_name) FROM ${users} pj WHERE pj.id = ${userId})`

const statusSql = sql<'active' | 'invited' | 'disabled'>`CASE WHEN ${users.disabledAt} IS NOT NULL THEN 'disabled' WHEN ${users.activatedAt} IS NULL THEN 'invited' ELSE 'active' END`

/** One row per user with teams and sites aggregated in the same statement (no N+1). */
function adminSelect(db: Db) {
  return db.select({
    id: users.id,
    email: users.email,
    displayName: users.displayName,
    initials: users.initials,
    phone: users.phone,
    role: sql<{ id: string; name: RoleName }>`json_build_object('id', ${roles.id}, 'name', ${roles.name})`,
    status: statusSql,
    isDemo: users.isDemo,
    hourlyRateCents: users.hourlyRateCents,
    teams: sql<{ id: string; name: string }[]>`coalesce((
      SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name)
      FROM ${teamMembers} tm JOIN ${teams} t ON t.id = tm.team_id WHERE tm.user_id = ${users.id}), '[]'::json)`,
    sites: sql<{ id: string; name: string }[]>`coalesce((
      SELECT json_agg(json_build_object('id', l.id, 'name', l.name) ORDER BY l.name)
      FROM ${userSites} us JOIN ${locations} l ON l.id = us.location_id WHERE us.user_id = ${users.id}), '[]'::json)`,
    activatedAt: users.activatedAt,
    createdAt: users.createdAt,
  }).from(users).innerJoin(roles, eq(roles.id, users.roleId))
}

export type UserAdminRow = Awaited<ReturnType<typeof listUsers>>[number]

// The people screen's list, prepared (the scope a parameter): planned once per connection,
// not at every call (three joins and two correlated aggregates: 0.4–0.6 ms of PostgreSQL a
// call for the demo's 14 people, most of it planning; docs/benchmarks.md, eleventh session).
const listStatement = prepared((db) => adminSelect(db)
  .where(ownRecordsParam((userId) => sql`${users.id} = ${userId}`))
  .orderBy(asc(users.displayName), asc(users.id))
  .prepare('users_list'))

/** Without view-other, a caller's own record is itself. */
export function listUsers(db: Db, scope: Pick<Scope, 'viewOther' | 'userId'>) {
  return listStatement(db).execute({ ownerId: ownerIdParam(scope) })
}

export async function userAdmin(db: Db, id: string) {
  const [row] = await adminSelect(db).where(eq(users.id, id))
  return row
}

export async function userForLogin(db: Db, email: string) {
  const [row] = await db.select({
    id: users.id, passwordHash: users.passwordHash, activatedAt: users.activatedAt, disabledAt: users.disabledAt,
  }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  return row
}

export async function userCore(db: Db, id: string) {
  const [row] = await db.select({
    id: users.id, email: users.email, displayName: users.displayName, isDemo: users.isDemo,
    activatedAt: users.activatedAt, disabledAt: users.disabledAt, roleId: users.roleId, roleName: roles.name,
  }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id))
  return row
}

export function demoAccounts(db: Db) {
  return db.select({ id: users.id, displayName: users.displayName, roleName: roles.name, initials: users.initials })
    .from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.isDemo, true), isNull(users.disabledAt), sql`${users.activatedAt} IS NOT NULL`))
    .orderBy(asc(roles.position), asc(users.displayName))
}

export async function insertUser(db: Db, row: typeof users.$inferInsert) {
  await db.insert(users).values(row)
}

export async function updateUserRow(db: Db, id: string, set: Partial<typeof users.$inferInsert>) {
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, id))
}

export async function replaceTeams(db: Db, userId: string, teamIds: string[]) {
  await db.delete(teamMembers).where(eq(teamMembers.userId, userId))
  if (teamIds.length) await db.insert(teamMembers).values(teamIds.map((teamId) => ({ teamId, userId })))
}

export async function replaceSites(db: Db, userId: string, siteIds: string[]) {
  await db.delete(userSites).where(eq(userSites.userId, userId))
  if (siteIds.length) await db.insert(userSites).values(siteIds.map((locationId) => ({ userId, locationId })))
}

export async function existingTeamIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  return (await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids))).map((r) => r.id)
}

/** Locked FOR SHARE: a site being assigned cannot become a zone before the assignment commits. */
export function locationsByIds(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve([])
  return db.select({ id: locations.id, parentId: locations.parentId }).from(locations).where(inArray(locations.id, ids)).for('share')
}

export async function siteIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ id: userSites.locationId }).from(userSites).where(eq(userSites.userId, userId))).map((r) => r.id)
}

/**
 * Serialises the changes that could remove an active administrator (taken in the
 * transaction, before the count). NO KEY UPDATE: it does not block the KEY SHARE lock that
 * inserting or updating a user referencing the role takes for its foreign key.
 */
export async function lockAdministratorRole(db: Db): Promise<void> {
  await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrateur')).for('no key update')
}

/** Active administrators other than `exceptId`: the last one may not lock everybody out. */
/** Active administrators besides `exceptId`; demo accounts count only while demo mode is on. */
export async function countOtherActiveAdmins(db: Db, exceptId: string, demoMode: boolean): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'Administrateur'), sql`${users.id} <> ${exceptId}`, isNull(users.disabledAt), sql`${users.activatedAt} IS NOT NULL`,
      demoMode ? undefined : eq(users.isDemo, false)))
  return row.n
}

/** Asked when demo mode is off: the password-less demo Administrateur does not count then. */
export async function countAdministrators(db: Db): Promise<{ total: number; active: number }> {
  const [row] = await db.select({
    total: sql<number>`count(*)::int`,
    active: sql<number>`count(*) FILTER (WHERE ${users.activatedAt} IS NOT NULL AND ${users.disabledAt} IS NULL AND NOT ${users.isDemo})::int`,
  }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(roles.name, 'Administrateur'))
  return row
}

export async function firstPendingAdministrator(db: Db) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, 'Administrateur'), isNull(users.activatedAt), isNull(users.disabledAt))).orderBy(asc(users.createdAt)).limit(1)
  return row
}

export async function insertInvitation(db: Db, row: typeof invitations.$inferInsert) {
  await db.insert(invitations).values(row)
}

/** Voids every unused link of a user (a resend makes the previous link worthless). */
export async function revokeInvitations(db: Db, userId: string, at: Date) {
  await db.update(invitations).set({ revokedAt: at })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
}

/**
 * Marks a valid link as used and returns its user, atomically: of two concurrent
 * activations only one UPDATE matches the row.
 */
export async function consumeInvitation(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db.update(invitations).set({ usedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .returning({ userId: invitations.userId })
  return row?.userId
}

