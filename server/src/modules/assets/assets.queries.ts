// Asset lookups and writes (SQL only). The listing and the picker options live in
// assets.list.queries.ts: the listing reads each elevator's stored row (migration 0016,
// `asset_list_row`), which carries the fields of `assetFields` that the detail computes here
// (assets.list-rows.test.ts compares the two after every kind of write).
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { assetComponents, assetDetails, assets } from './assets.tables.ts'
import { withClock } from './assets.detail-clock.ts'
import { visitFields, visitLateral } from './assets.visits.queries.ts'
import { inspectionFields, inspectionLateral, periodicOperationsJson, type AssetCols } from './assets.inspections.queries.ts'
import { isoUtc, jsonObject, type Jsonified } from '../../db/json.queries.ts'
import { prepared } from '../../db/prepared.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import { JsonText } from '../../http/json-text.ts'
import { siteIdsParam, siteOf, withinSites, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'

export const ASSET_REFERENCE_KEY = 'assets_reference_key'

// Every asset row joined to its location and the location's site (the location itself for a
// site), so that scope, filters and site names are one statement.
export const site = alias(locations, 'site')
export const siteIdOf = siteOf(locations)

/** Only assets under the caller's sites (and their zones). */
export const inSites = (scope: SiteScope) => withinSites(site.id, scope)

export type SiteScope = Pick<Scope, 'siteIds'>

// The outer asset, named explicitly inside correlated subqueries.
const outerAssetId = sql`${assets}.${sql.identifier('id')}`

/** The 15 fields of the spec's Asset, in its order, from one statement (no N+1). */
export const assetFields = {
  id: assets.id,
  reference: assets.reference,
  brand: assets.brand,
  model: assets.model,
  serialNumber: assets.serialNumber,
  commissionedAt: assets.commissionedAt,
  loadKg: assets.loadKg,
  floors: assets.floors,
  status: assets.status,
  categoryId: assets.categoryId,
  categoryName: categories.name,
  locationId: assets.locationId,
  locationName: locations.name,
  siteName: site.name,
  // Kept by a trigger on asset_components (migration 0003): a column, not a count per row.
  componentCount: assets.componentCount,
}

// Every select of assets joins its category, location and site the same way (written out in
// each query: Drizzle types a join chain only on a concrete selection).
export const joinCategory = eq(categories.id, assets.categoryId)
export const joinLocation = eq(locations.id, assets.locationId)
export const joinSite = eq(site.id, siteIdOf)

// A zone may have its own guardian; otherwise the site's answers (name and phone as a pair,
// never a name from one and a phone from the other).
const zoneHasGuardian = sql`(${locations.guardianName} IS NOT NULL OR ${locations.guardianPhone} IS NOT NULL)`

const detailFields = {
  ...assetFields,
  underContract: assets.underContract,
  notes: assets.notes,
  siteId: site.id,
  address: sql<string | null>`coalesce(${locations.address}, ${site.address})`,
  city: sql<string | null>`coalesce(${locations.city}, ${site.city})`,
  guardianName: sql<string | null>`CASE WHEN ${zoneHasGuardian} THEN ${locations.guardianName} ELSE ${site.guardianName} END`,
  guardianPhone: sql<string | null>`CASE WHEN ${zoneHasGuardian} THEN ${locations.guardianPhone} ELSE ${site.guardianPhone} END`,
  statusChangedAt: assets.statusChangedAt,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
}

const typeCategory = alias(categories, 'component_type')

// The AssetComponent fields, as every component read returns them.
const componentFields = {
  id: assetComponents.id,
  typeId: assetComponents.typeId,
  typeName: typeCategory.name,
  brand: assetComponents.brand,
  model: assetComponents.model,
  serialNumber: assetComponents.serialNumber,
  installedAt: assetComponents.installedAt,
  notes: assetComponents.notes,
}

export async function componentById(db: Db, id: string) {
  const [row] = await db.select(componentFields).from(assetComponents).innerJoin(typeCategory, eq(typeCategory.id, assetComponents.typeId)).where(eq(assetComponents.id, id))
  return row
}

// The fitted components as JSON, in the order and with the fields of `componentFields`, so
// that the detail is one statement (its timestamps written as JavaScript writes them).
const componentsJson = sql<{ id: string; typeId: string; typeName: string; brand: string | null; model: string | null; serialNumber: string | null; installedAt: string | null; notes: string | null }[]>`coalesce((
  SELECT json_agg(json_build_object('id', ac.id, 'typeId', ac.type_id, 'typeName', ct.name, 'brand', ac.brand, 'model', ac.model,
      'serialNumber', ac.serial_number, 'installedAt', ${isoUtc(sql`ac.installed_at`)}, 'notes', ac.notes)
    ORDER BY lower(ct.name), ac.installed_at ASC NULLS LAST, ac.id)
  FROM ${assetComponents} ac JOIN ${categories} ct ON ct.id = ac.type_id
  WHERE ac.asset_id = ${outerAssetId} AND ac.removed_at IS NULL), '[]'::json)`

// Prepared: the scope is a parameter (null: no site restriction), the text never changes.
// The row comes as the answer's JSON text (components inside), exactly the AssetDetail
// fields, sent as it is: no 27 fields decoded, mapped and serialised again per request.
// The six-week visit fields (assets.visits.queries.ts) come after the spec's, from a LATERAL
// lookup of the last visit at the `now` parameter (the service's clock).
// Then the periodic operations and the technical inspection (assets.inspections.queries.ts),
// the last inspection from a second LATERAL at the same `now`.
const outerAsset: AssetCols = { id: sql`${assets.id}`, underContract: sql`${assets.underContract}`, createdAt: sql`${assets.createdAt}`, commissionedAt: sql`${assets.commissionedAt}` }
const now = sql`${sql.placeholder('now')}`
const detailItem = {
  ...detailFields, components: componentsJson, ...visitFields,
  periodicOperations: periodicOperationsJson(outerAsset, now),
  ...inspectionFields(outerAssetId),
}
export type DetailRow = Jsonified<SelectResultFields<typeof detailItem>>
const detailStatement = prepared((db) => db.select({ item: sql<string>`${jsonObject(detailItem)}::text` }).from(assets)
  .innerJoin(categories, joinCategory).innerJoin(locations, joinLocation).innerJoin(site, joinSite)
  .crossJoinLateral(visitLateral(outerAsset, now))
  .crossJoinLateral(inspectionLateral(outerAsset, now))
  .where(and(eq(assets.id, sql.placeholder('id')), withinSitesParam(site.id)))
  .prepare('assets_detail'))

/**
 * The detail computed live, the definition the stored text (migration 0030, `asset_detail_body`)
 * keeps: assets.details-stored.test.ts compares the two after every kind of write.
 */
export async function liveAssetDetail(db: Db, id: string, scope: SiteScope, now: Date): Promise<JsonText<DetailRow> | undefined> {
  const [row] = await detailStatement(db).execute({ id, siteIds: siteIdsParam(scope), now: now.toISOString() })
  return row ? new JsonText<DetailRow>(row.item) : undefined
}

// The stored text (one key probe, the scope checked on the site kept beside it); a detail
// marked stale (a rename, a task template changed) is built live by the same function until
// the background refill (modules/stale-refill.ts) has rebuilt it.
const storedStatement = prepared((db) => db.select({ body: sql<string>`coalesce(${assetDetails.body}, json_stored(asset_detail_body(${assetDetails.assetId})))` })
  .from(assetDetails)
  .where(and(eq(assetDetails.assetId, sql.placeholder('id')), withinSitesParam(assetDetails.siteId)))
  .prepare('assets_detail_stored'))

/** The detail of one asset within the site scope as JSON text, or undefined (missing and hidden alike). */
export async function assetDetail(db: Db, id: string, scope: SiteScope, now: Date): Promise<JsonText<DetailRow> | undefined> {
  const [row] = await storedStatement(db).execute({ id, siteIds: siteIdsParam(scope) })
  return row ? new JsonText<DetailRow>(withClock(row.body, now)) : undefined
}

/** Builds up to `batch` stale details (marked by a rename or a task template); returns how many. */
export async function refillStaleDetails(db: Db, batch: number): Promise<number> {
  const rows = await rowsOf<{ asset_id: string }>(db.execute(sql`UPDATE ${assetDetails} d SET body = asset_detail_body(d.asset_id)
    WHERE d.asset_id IN (SELECT s.asset_id FROM ${assetDetails} s WHERE s.body IS NULL ORDER BY s.asset_id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
      AND d.body IS NULL
    RETURNING d.asset_id`))
  return rows.length
}

/**
 * Locks the asset for the rest of the transaction (serialises edits of one asset and its
 * components). Undefined when missing or outside the site scope.
 */
/**
 * Before an elevator's move, and before the elevator's own row: its current place, the new one
 * and their sites, locked in id order (`lock_places_with_sites`, migration 0038). A move
 * refreshes both sites' totals, and a site's rename locks the site before the elevators whose
 * rows it rebuilds: locked after the elevator, the places would make the two wait on each other.
 * Nothing is read: the places are checked afterwards, like any other input.
 */
export async function lockPlacesForMove(db: Db, assetId: string, to: string) {
  await db.execute(sql`SELECT lock_places_with_sites(ARRAY[(SELECT a.location_id FROM ${assets} a WHERE a.id = ${assetId}), ${to}::uuid])`)
}

export async function lockAsset(db: Db, id: string, scope: SiteScope) {
  const [row] = await db.select({ id: assets.id, status: assets.status, categoryId: assets.categoryId, locationId: assets.locationId })
    .from(assets)
    .innerJoin(locations, joinLocation).innerJoin(site, joinSite)
    .where(and(eq(assets.id, id), inSites(scope)))
    .for('update', { of: assets })
  return row
}

/** A site or zone within the site scope (a location outside it is unknown to the caller). */
export async function locationInScope(db: Db, id: string, scope: SiteScope): Promise<boolean> {
  const [row] = await db.select({ id: locations.id }).from(locations)
    .innerJoin(site, joinSite)
    .where(and(eq(locations.id, id), inSites(scope)))
  return row !== undefined
}

export async function insertAsset(db: Db, row: typeof assets.$inferInsert) {
  await db.insert(assets).values(row)
}

export async function insertComponents(db: Db, rows: (typeof assetComponents.$inferInsert)[]) {
  if (rows.length) await db.insert(assetComponents).values(rows)
}

export async function updateAssetRow(db: Db, id: string, set: Partial<typeof assets.$inferInsert>) {
  await db.update(assets).set(set).where(eq(assets.id, id))
}

/** Marks a fitted component of this asset as removed; false when none matched. */
export async function removeComponent(db: Db, assetId: string, componentId: string, at: Date): Promise<boolean> {
  const rows = await db.update(assetComponents).set({ removedAt: at })
    .where(and(eq(assetComponents.id, componentId), eq(assetComponents.assetId, assetId), isNull(assetComponents.removedAt)))
    .returning({ id: assetComponents.id })
  return rows.length > 0
}
