// The only place a caller's Scope becomes SQL. Every read path (lists, details, counts,
// pickers, search, analytics) filters through these helpers, so "what this caller may see"
// is written once: own records when it lacks view-other, and the sites it is assigned to.
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { ADMIN_ROLE, type Scope } from '../http/principal.ts'

// The site tree is read by its table's name, not through modules/locations' definition: db/
// sits below the modules and imports none (architecture.test.ts).
type SiteScope = Pick<Scope, 'siteIds'>
type Expr = SQL | PgColumn

/** The top-level site of a row of `locations` or `assets` (or an alias): its stored site_id. */
export function siteOf(row: { siteId: PgColumn }): SQL<string> {
  return sql<string>`${row.siteId}`
}

/** Rows whose site (an expression yielding a top-level site id) the caller may see. */
export function withinSites(site: Expr, scope: SiteScope): SQL | undefined {
  return scope.siteIds ? inArray(sql`${site}`, scope.siteIds) : undefined
}

/**
 * Rows placed at a location (site or zone id) within the caller's sites, for tables that
 * reference a location without carrying its site. Elevators carry theirs: filter them with
 * `withinSites(assets.siteId)` (or `a.site_id`).
 */
export function locatedWithinSites(locationId: Expr, scope: SiteScope): SQL | undefined {
  if (!scope.siteIds) return undefined
  return sql`${locationId} IN (SELECT l.id FROM locations l WHERE l.site_id IN ${scope.siteIds})`
}

/**
 * Whether a user (a row of `users`) sees a site: the SQL of `siteRestriction` in
 * http/principal.ts, for questions asked about other people (who may be assigned to an order
 * on that site): no site assignment, an Administrateur, or assigned to that site.
 */
export function userSeesSite(user: { id: PgColumn; roleId: PgColumn }, siteId: string): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = ${user.id})
    OR EXISTS (SELECT 1 FROM roles r WHERE r.id = ${user.roleId} AND r.name = ${ADMIN_ROLE})
    OR EXISTS (SELECT 1 FROM user_sites us WHERE us.user_id = ${user.id} AND us.location_id = ${siteId}))`
}

/**
 * The caller's own records when it may not view others'. `owns` says what "own" means for
 * the table (created by, assigned to, member of…) for the given user id.
 */
export function ownRecords(scope: Pick<Scope, 'viewOther' | 'userId'>, owns: (userId: string) => SQL | undefined): SQL | undefined {
  return scope.viewOther ? undefined : (owns(scope.userId) ?? sql`false`)
}

// The same filters for prepared statements, whose text must not depend on the caller: the
// scope is a parameter, `null` for "no site restriction". Execute them with
// `{ siteIds: siteIdsParam(scope) }`.
const siteIdsPlaceholder = sql.placeholder('siteIds')

/** The value of the `siteIds` parameter of the `*Param` filters below. */
export function siteIdsParam(scope: SiteScope): string[] | null {
  return scope.siteIds
}

/** `withinSites` with the sites as the `siteIds` parameter. */
export function withinSitesParam(site: Expr): SQL {
  return sql`(${siteIdsPlaceholder}::uuid[] IS NULL OR ${site} = ANY(${siteIdsPlaceholder}::uuid[]))`
}

/**
 * `withinSitesParam` for a statement prepared only for callers restricted to sites (one
 * statement per scope shape): without the "unrestricted" branch, so that an index on the site
 * serves it (a generic plan for `$1 IS NULL OR site = ANY($1)` reads every row, for the few of
 * a caller's sites too). Execute with `{ siteIds: siteIdsParam(scope) }`, never null there.
 */
export function onlyWithinSitesParam(site: Expr): SQL {
  return sql`${site} = ANY(${siteIdsPlaceholder}::uuid[])`
}

/** `locatedWithinSites` with the sites as the `siteIds` parameter. */
export function locatedWithinSitesParam(locationId: Expr): SQL {
  return sql`(${siteIdsPlaceholder}::uuid[] IS NULL OR ${locationId} IN (SELECT l.id FROM locations l WHERE l.site_id = ANY(${siteIdsPlaceholder}::uuid[])))`
}

// Own records in prepared statements: the caller's id as the `ownerId` parameter, null when
// it may view others' records. Execute with `{ ownerId: ownerIdParam(scope) }`.
const ownerIdPlaceholder = sql.placeholder('ownerId')

/** The value of the `ownerId` parameter of `ownRecordsParam`. */
export function ownerIdParam(scope: Pick<Scope, 'viewOther' | 'userId'>): string | null {
  return scope.viewOther ? null : scope.userId
}

/** `ownRecords` with the caller as the `ownerId` parameter (`owns` receives it as SQL). */
export function ownRecordsParam(owns: (userId: SQL) => SQL): SQL {
  return sql`(${ownerIdPlaceholder}::uuid IS NULL OR ${owns(sql`${ownerIdPlaceholder}::uuid`)})`
}

/**
 * `ownRecordsParam` for a statement prepared only for callers restricted to their own records
 * (a statement per scope shape): without the "may view others" branch, so that an index on
 * the owner column can serve it. Execute with `{ ownerId: ownerIdParam(scope) }`, never null there.
 */
export function onlyOwnRecordsParam(owns: (userId: SQL) => SQL): SQL {
  return owns(sql`${ownerIdPlaceholder}::uuid`)
}
