import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../platform/db.ts'
import { partners } from '../partners/partners.tables.ts'
import { userSites } from '../users/users.tables.ts'
import { locations } from './locations.tables.ts'
import { prepared, rawRows } from '../../db/prepared.ts'
import { siteIdsParam, siteOf, withinSites, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'

type SiteScope = Pick<Scope, 'siteIds'>

// Each row joined to its site (itself for a site), so that scope and order are one statement.
const site = alias(locations, 'site')
const siteIdOf = siteOf(locations)

// The fields of a Location, in the spec's order.
const locationFields = {
  id: locations.id,
  name: locations.name,
  parentId: locations.parentId,
  address: locations.address,
  city: locations.city,
  guardianName: locations.guardianName,
  guardianPhone: locations.guardianPhone,
  latitude: locations.latitude,
  longitude: locations.longitude,
  partnerId: locations.partnerId,
  partnerName: partners.name,
  // A zone counts the assets placed in it; a site those placed at the site itself plus
  // those of its zones (its whole fleet). `asset_count` is the direct count, kept by a
  // trigger on assets (migration 0003); a site adds its zones' (one index lookup), so moving
  // a zone or a site needs no count to change.
  assetCount: sql<number>`(${locations.assetCount} + CASE WHEN ${locations.parentId} IS NULL
    THEN coalesce((SELECT sum(z.asset_count) FROM ${locations} z WHERE z.parent_id = ${locations.id}), 0) ELSE 0 END)::int`,
}

function locationSelect(db: Db, fields = locationFields) {
  return db.select(fields).from(locations)
    .innerJoin(site, eq(site.id, siteIdOf))
    .leftJoin(partners, eq(partners.id, locations.partnerId))
}

// Sites, each followed by its zones.
const locationOrder = [
  asc(sql`lower(${site.name})`), asc(site.id),
  sql`${locations.parentId} IS NOT NULL`, asc(sql`lower(${locations.name})`), asc(locations.id),
]

// The listing runs on every screen that shows places: prepared, the scope a parameter. Plain
// columns, not one JSON object per row: building the JSON cost PostgreSQL 1.7–2× the whole
// statement (180–230 µs against 107 µs of backend CPU for the demo's 26 rows), for no gain in
// the process (docs/benchmarks.md). Each column aliased to its field and read as the driver
// gives it (`rawRows`: text, uuid, integer and double precision need no decoding): drizzle's
// mapping of twelve fields a row was a tenth of the service's time for the whole fleet.
// (The same fields, each aliased: typed as the columns they alias.)
const rawFields = Object.fromEntries(Object.entries(locationFields).map(([key, column]) => [key, sql`${column}`.as(key)])) as unknown as typeof locationFields
const listStatement = prepared((db) => locationSelect(db, rawFields).where(withinSitesParam(site.id)).orderBy(...locationOrder).prepare('locations_list'))

type LocationRow = Awaited<ReturnType<typeof locationById>> & {}

/** Sites then their zones, within the caller's sites. */
export async function listLocations(db: Db, scope: SiteScope): Promise<LocationRow[]> {
  return rawRows<LocationRow>(listStatement(db), { siteIds: siteIdsParam(scope) })
}

export async function locationById(db: Db, id: string) {
  const [row] = await locationSelect(db).where(eq(locations.id, id))
  return row
}

/**
 * Locks locations until the transaction ends, in id order so that two moves touching the
 * same pair cannot deadlock. A move and a zone creation under the moved site serialise here,
 * which keeps the depth at 2 under concurrency. Locations outside the caller's sites are
 * left out, exactly as missing ones.
 */
export function lockLocations(db: Db, ids: string[], mode: 'update' | 'share', scope: SiteScope) {
  return db.select({ id: locations.id, parentId: locations.parentId, partnerId: locations.partnerId })
    .from(locations).where(and(inArray(locations.id, ids), withinSites(siteIdOf, scope))).orderBy(asc(locations.id)).for(mode)
}

export async function countZones(db: Db, siteId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(locations).where(eq(locations.parentId, siteId))
  return row.n
}

export async function countAssignedUsers(db: Db, siteId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userSites).where(eq(userSites.locationId, siteId))
  return row.n
}

export async function insertLocation(db: Db, row: typeof locations.$inferInsert) {
  await db.insert(locations).values(row)
}

export async function updateLocationRow(db: Db, id: string, set: Partial<typeof locations.$inferInsert>) {
  if (Object.keys(set).length) await db.update(locations).set(set).where(eq(locations.id, id))
}
