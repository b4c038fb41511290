import { asc, eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import type { Db } from '../../platform/db.ts'
import { prepared } from '../../db/prepared.ts'
import { users, userSites } from '../users/users.tables.ts'
import { permissions, roles } from './access.tables.ts'
import { ROLE_NAMES, defaultMatrix, type PermissionRow, type RoleName } from './access.matrix.ts'

/** Creates the seven roles and their 70 rows when missing; never overwrites edited rows. */
export async function ensureRolesAndMatrix(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(roles)
      .values(ROLE_NAMES.map((name, position) => ({ id: uuidv7(), name, position })))
      .onConflictDoNothing({ target: roles.name })
    const stored = await tx.select().from(roles)
    const rows = stored.flatMap((r) =>
      (ROLE_NAMES as readonly string[]).includes(r.name)
        ? defaultMatrix(r.name as (typeof ROLE_NAMES)[number]).map((p) => ({ roleId: r.id, ...p }))
        : [])
    if (rows.length) await tx.insert(permissions).values(rows).onConflictDoNothing()
  })
}

export function listRoles(db: Db) {
  return db.select({ id: roles.id, name: roles.name }).from(roles).orderBy(asc(roles.position))
}

export async function roleByName(db: Db, name: RoleName) {
  const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.name, name))
  return row
}

export async function roleById(db: Db, id: string) {
  const [row] = await db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.id, id))
  return row
}

const permissionsStatement = prepared((db) => db.select({
  objectCategory: permissions.objectCategory,
  canView: permissions.canView,
  canViewOther: permissions.canViewOther,
  canCreate: permissions.canCreate,
  canEdit: permissions.canEdit,
  canDelete: permissions.canDelete,
}).from(permissions).where(eq(permissions.roleId, sql.placeholder('roleId'))).orderBy(asc(permissions.objectCategory)).prepare('access_permissions'))

export async function permissionsOfRole(db: Db, roleId: string): Promise<PermissionRow[]> {
  return await permissionsStatement(db).execute({ roleId }) as PermissionRow[]
}

/** Changes one stored row (administration and tests of the 60-second cache). */
export async function setPermission(db: Db, roleId: string, row: PermissionRow): Promise<void> {
  const { objectCategory, ...flags } = row
  await db.insert(permissions).values({ roleId, ...row })
    .onConflictDoUpdate({ target: [permissions.roleId, permissions.objectCategory], set: flags })
}

/**
 * What every authenticated request needs to know about its caller, in one round trip: a
 * prepared statement (parsed and planned once per connection), since every request runs it.
 */
const principalStatement = prepared((db) => db.select({
  id: users.id,
  email: users.email,
  displayName: users.displayName,
  isDemo: users.isDemo,
  activatedAt: users.activatedAt,
  disabledAt: users.disabledAt,
  tokensValidAfter: users.tokensValidAfter,
  roleId: roles.id,
  roleName: roles.name,
  siteIds: sql<string[]>`coalesce((SELECT array_agg(${userSites.locationId}::text) FROM ${userSites} WHERE ${userSites.userId} = ${users.id}), '{}')`,
}).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, sql.placeholder('userId'))).prepare('access_principal'))

export async function principalRow(db: Db, userId: string) {
  const [row] = await principalStatement(db).execute({ userId })
  return row
}
