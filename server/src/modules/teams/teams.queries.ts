import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { roles } from '../access/access.tables.ts'
import { users } from '../users/users.tables.ts'
import { teamMembers, teams } from './teams.tables.ts'
import { ownerIdParam, ownRecords, ownRecordsParam } from '../../db/scope.queries.ts'
import { prepared } from '../../db/prepared.ts'
import type { RoleName } from '../../http/permissions.ts'
import type { Scope } from '../../http/principal.ts'

type OwnScope = Pick<Scope, 'viewOther' | 'userId'>

export interface TeamMemberRow {
  id: string
  displayName: string
  initials: string
  roleName: RoleName
  status: 'active' | 'invited' | 'disabled'
}

// Drizzle leaves columns unqualified in a single-table select, where a bare "id" inside the
// subqueries would be ambiguous: the outer team is always named explicitly.
const outerTeamId = sql`${teams}.${sql.identifier('id')}`

/** One row per team with its members aggregated in the same statement (no N+1). */
function teamSelect(db: Db) {
  return db.select({
    id: teams.id,
    name: teams.name,
    description: teams.description,
    members: sql<TeamMemberRow[]>`coalesce((
      SELECT json_agg(json_build_object(
        'id', u.id, 'displayName', u.display_name, 'initials', u.initials, 'roleName', r.name,
        'status', CASE WHEN u.disabled_at IS NOT NULL THEN 'disabled' WHEN u.activated_at IS NULL THEN 'invited' ELSE 'active' END
      ) ORDER BY u.display_name, u.id)
      FROM ${teamMembers} tm JOIN ${users} u ON u.id = tm.user_id JOIN ${roles} r ON r.id = u.role_id
      WHERE tm.team_id = ${outerTeamId}), '[]'::json)`,
    memberCount: sql<number>`(SELECT count(*)::int FROM ${teamMembers} tm WHERE tm.team_id = ${outerTeamId})`,
    createdAt: teams.createdAt,
  }).from(teams)
}

export type TeamRow = Awaited<ReturnType<typeof listTeams>>[number]

/** Teams of which `userId` is a member: a caller's own teams. */
const hasMember = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${teamMembers} tm WHERE tm.team_id = ${outerTeamId} AND tm.user_id = ${userId})`

// The teams screen's list, prepared (the scope a parameter): planned once per connection, not
// at every call (0.4 ms of PostgreSQL a call for the demo's four teams, most of it planning).
// lower(): "alpha" and "Bravo" sort as people expect, whatever the database collation.
const listStatement = prepared((db) => teamSelect(db)
  .where(ownRecordsParam((userId) => sql`EXISTS (SELECT 1 FROM ${teamMembers} tm WHERE tm.team_id = ${outerTeamId} AND tm.user_id = ${userId})`))
  .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id))
  .prepare('teams_list'))

export function listTeams(db: Db, scope: OwnScope) {
  return listStatement(db).execute({ ownerId: ownerIdParam(scope) })
}

export async function teamById(db: Db, id: string) {
  const [row] = await teamSelect(db).where(eq(teams.id, id))
  return row
}

/**
 * Locks the team row for the rest of the transaction, so that two updates of the same team
 * (member list replaced by delete + insert) run one after the other. Undefined when the team
 * is missing or outside the scope.
 */
export async function lockTeam(db: Db, id: string, scope: OwnScope) {
  const where = [eq(teams.id, id), ownRecords(scope, hasMember)]
  const [row] = await db.select({ id: teams.id }).from(teams).where(and(...where)).for('update')
  return row
}

export async function insertTeam(db: Db, row: typeof teams.$inferInsert) {
  await db.insert(teams).values(row)
}

export async function updateTeamRow(db: Db, id: string, set: Partial<Pick<typeof teams.$inferInsert, 'name' | 'description'>>) {
  if (Object.keys(set).length) await db.update(teams).set(set).where(eq(teams.id, id))
}

export async function replaceMembers(db: Db, teamId: string, userIds: string[]) {
  await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId))
  // The user side (updateUser) also writes memberships: a pair it added meanwhile is not an error.
  if (userIds.length) await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId, userId }))).onConflictDoNothing()
}

export async function existingUserIds(db: Db, ids: string[]): Promise<string[]> {
  if (!ids.length) return []
  return (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id)
}
