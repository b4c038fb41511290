import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { partners } from '../partners/partners.tables.ts'
import { userSites } from '../users/users.tables.ts'
import { locations } from './locations.tables.ts'
import { preparedPerSiteScope, rawRows } from '../../db/prepared.ts'
import { onlyWithinSitesParam, siteIdsParam, siteOf, withinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'

type SiteScope = Pick<Scope, 'siteIds'>

// The fields of a Location, in the spec's order (the same as location_list_row, migration 0038).
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
  // A zone counts the assets placed in it; a site those placed at the site itself plus those
  // of its zones (its whole fleet): `fleet_count`, kept by triggers from `asset_count`, the
  // direct count (migrations 0003 and 0038).
  assetCount: sql<number>`${locations}.fleet_count`,
}

// The listing runs on every screen that shows places: prepared, the scope a parameter. Each
// place is read as the JSON text the writers keep (`list_row`, migration 0038: the fields
// above, the site's total included), in the order locations_list_order_idx keeps: each site
// followed by its zones, by name. Joining the site to sort on its lowered name, summing the
// zones' counts per site and serialising twelve fields a row cost PostgreSQL 91 µs and the
// service 129 µs for the demo's 26 places (docs/benchmarks.md, eleventh session).
// Two shapes: the whole fleet's, and the site-restricted callers' (through locations_site_idx).
const listStatement = preparedPerSiteScope('locations_list', (db, restricted, name) => db.select({ row: sql<string>`${locations}.list_row`.as('row') }).from(locations)
  .where(restricted ? onlyWithinSitesParam(locations.siteId) : undefined)
  .orderBy(sql`${locations}.site_sort`, locations.siteId, sql`${locations.parentId} IS NOT NULL`, sql`lower(${locations.name})`, locations.id)
  .prepare(name))

/** Sites then their zones, within the caller's sites: each the contract's Location as JSON text. */
export async function listLocations(db: Db, scope: SiteScope): Promise<string[]> {
  return (await rawRows<{ row: string }>(listStatement(db, scope), { siteIds: siteIdsParam(scope) })).map((r) => r.row)
}

export async function locationById(db: Db, id: string) {
  const [row] = await db.select(locationFields).from(locations).leftJoin(partners, eq(partners.id, locations.partnerId)).where(eq(locations.id, id))
  return row
}

/**
 * Locks locations until the transaction ends, in id order so that two moves touching the
 * same pair cannot deadlock. A move and a zone creation under the moved site serialise here,
 * which keeps the depth at 2 under concurrency. Locations outside the caller's sites are
 * left out, exactly as missing ones. With `parentOf`, that location's current site too (a
 * zone's move refreshes its old site's total); with `zonesOf`, that site's zones (a site's
 * rename refreshes their sort key): both kept by triggers (migration 0038), locked here in the
 * same order as every other writer of places rather than after the others by the trigger.
 */
export function lockLocations(db: Db, ids: string[], mode: 'update' | 'share', scope: SiteScope, also: { parentOf?: string; zonesOf?: string } = {}) {
  const wanted = or(
    inArray(locations.id, ids),
    also.parentOf ? sql`${locations.id} = (SELECT p.parent_id FROM ${locations} p WHERE p.id = ${also.parentOf})` : undefined,
    also.zonesOf ? eq(locations.parentId, also.zonesOf) : undefined,
  )
  return db.select({ id: locations.id, parentId: locations.parentId, partnerId: locations.partnerId })
    .from(locations).where(and(wanted, withinSites(siteOf(locations), scope))).orderBy(asc(locations.id)).for(mode)
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
