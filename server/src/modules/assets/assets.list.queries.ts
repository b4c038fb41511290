// The asset listing (filters + keyset pagination) and the picker options (SQL only).
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import { locations } from '../locations/locations.tables.ts'
import { assets } from './assets.tables.ts'
import { constantLimit, opaque, prepared, preparedPerSiteScope, rawRows } from '../../db/prepared.ts'
import { onlyWithinSitesParam, siteIdsParam, withinSites, withinSitesParam } from '../../db/scope.queries.ts'
import type { Db } from '../../platform/db.ts'
import { joinLocation, site, type SiteScope } from './assets.queries.ts'
import { MAX_ASSET_OPTIONS, type AssetStatus } from './assets.schemas.ts'

export interface AssetFilter {
  siteId?: string
  locationId?: string
  categoryId?: string
  status?: AssetStatus
  q?: string
  underContract?: boolean
}

/** Where the previous page stopped: the sort key of its last row. */
export type Keyset = [key: string, id: string]

// Sort key: the reference compared case-insensitively. upper(reference) is backed by the
// unique index assets_reference_key, so it is already a total order and the index serves
// both the ORDER BY and the keyset condition; the id only breaks ties on principle.
export const sortKey = sql<string>`upper(${assets.reference})`

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The search: reference, brand, model, serial number, place or site name (the place and site joined). */
const matchesText = (pattern: SQL | string) =>
  or(...[assets.reference, assets.brand, assets.model, assets.serialNumber, locations.name, site.name].map((column) => sql`${column} ILIKE ${pattern}`))!

// The site is the elevator's own column (migration 0014): only a search reads the place's and
// the site's names, so only a search joins them.
function conditions(scope: SiteScope, f: AssetFilter): SQL[] {
  const where: (SQL | undefined)[] = [withinSites(assets.siteId, scope)]
  if (f.siteId) where.push(eq(assets.siteId, f.siteId))
  if (f.locationId) where.push(eq(assets.locationId, f.locationId))
  if (f.categoryId) where.push(eq(assets.categoryId, f.categoryId))
  if (f.status) where.push(eq(assets.status, f.status))
  if (f.underContract !== undefined) where.push(eq(assets.underContract, f.underContract))
  if (f.q) where.push(matchesText(containsPattern(f.q)))
  return where.filter((w): w is SQL => w !== undefined)
}

const noFilter = (f: AssetFilter) =>
  f.siteId === undefined && f.locationId === undefined && f.categoryId === undefined &&
  f.status === undefined && f.q === undefined && f.underContract === undefined

// The first page starts after the smallest possible key: references are never empty, so
// `upper(reference) > ''` holds for every row, and one statement serves every page.
const BEFORE_ALL: Keyset = ['', '00000000-0000-0000-0000-000000000000']

// Each elevator keeps its register row as JSON text (the contract's Asset), rebuilt by
// triggers whenever what it shows changes (migration 0016); a page is an index range of that
// text with its sort key beside it, sent as it is.
// Aliased to their keys: the prepared page reads the driver's rows as they are (`rawRows`).
const listedFields = { row: sql<string>`${assets}.list_row`.as('row'), sortKey: sortKey.as('sortKey'), id: sql<string>`${assets.id}`.as('id') }
export type ListedAsset = { row: string; sortKey: string; id: string }

// The unfiltered listing (the register as it opens) is prepared, scope and keyset as
// parameters, and reads the elevators alone (their site is their own column). Filtered ones
// are built per call, so that each gets a plan for its own filters (a generic plan with
// optional filters would lose the indexes they need).
const pageStatement = prepared((db) => {
  const key = sql.placeholder('afterKey')
  return db.select(listedFields).from(assets)
    .where(and(withinSitesParam(assets.siteId), sql`${sortKey} >= ${key}`, or(sql`${sortKey} > ${key}`, sql`${assets.id} > ${sql.placeholder('afterId')}`)))
    .orderBy(asc(sortKey), asc(assets.id))
    .limit(opaque('limit', 'int'))
    .prepare('assets_page')
})

// The register's search box (`q` alone, the usual filter): prepared too, the pattern a
// parameter. Planned at every call, its two joins cost PostgreSQL more than running it: 725
// against 171 µs a call on the demo data (docs/benchmarks.md, eleventh session). The
// site-restricted callers' shape reads their elevators through assets_site_reference_idx.
const searchStatement = preparedPerSiteScope('assets_search_page', (db, restricted, name) => {
  const key = sql.placeholder('afterKey')
  return db.select(listedFields).from(assets)
    .innerJoin(locations, joinLocation).innerJoin(site, eq(site.id, assets.siteId))
    .where(and(restricted ? onlyWithinSitesParam(assets.siteId) : undefined, sql`${sortKey} >= ${key}`, or(sql`${sortKey} > ${key}`, sql`${assets.id} > ${sql.placeholder('afterId')}`),
      matchesText(sql`${sql.placeholder('pattern')}`)))
    .orderBy(asc(sortKey), asc(assets.id))
    .limit(opaque('limit', 'int'))
    .prepare(name)
})
const searchOnly = (f: AssetFilter) => !!f.q && noFilter({ ...f, q: undefined })

/**
 * One page of assets after `after`, plus one row more to tell whether another page follows.
 * `upper(reference) >= key AND (upper(reference) > key OR id > lastId)` is the row comparison
 * (key, id) > (lastKey, lastId) written so that the index on upper(reference) bounds the scan.
 */
export async function listAssetsPage(db: Db, scope: SiteScope, f: AssetFilter, page: { limit: number; after?: Keyset }): Promise<ListedAsset[]> {
  if (noFilter(f)) {
    const [afterKey, afterId] = page.after ?? BEFORE_ALL
    return rawRows<ListedAsset>(pageStatement(db), { siteIds: siteIdsParam(scope), afterKey, afterId, limit: page.limit + 1 })
  }
  if (searchOnly(f)) {
    const [afterKey, afterId] = page.after ?? BEFORE_ALL
    return rawRows<ListedAsset>(searchStatement(db, scope), { siteIds: siteIdsParam(scope), pattern: containsPattern(f.q!), afterKey, afterId, limit: page.limit + 1 })
  }
  const where = conditions(scope, f)
  if (page.after) {
    const [key, id] = page.after
    where.push(sql`${sortKey} >= ${key}`, or(sql`${sortKey} > ${key}`, sql`${assets.id} > ${id}`)!)
  }
  const query = db.select(listedFields).from(assets).$dynamic()
  return (f.q ? query.innerJoin(locations, joinLocation).innerJoin(site, eq(site.id, assets.siteId)) : query)
    .where(and(...where))
    .orderBy(asc(sortKey), asc(assets.id))
    .limit(page.limit + 1)
}

// The picker's entries (every form that names an elevator: a request, an order), prepared in
// both scope shapes: the elevator's stored site (migration 0014) joined for its name only.
// Planned at every call it cost PostgreSQL 0.4 ms for the demo's 36 elevators.
const optionsStatement = preparedPerSiteScope('assets_options', (db, restricted, name) => db.select({
  id: sql<string>`${assets.id}`.as('id'), reference: sql<string>`${assets.reference}`.as('reference'), siteName: sql<string>`${site.name}`.as('siteName'),
}).from(assets)
  .innerJoin(site, eq(site.id, assets.siteId))
  .where(restricted ? onlyWithinSitesParam(assets.siteId) : undefined)
  .orderBy(asc(sortKey), asc(assets.id))
  .limit(constantLimit(MAX_ASSET_OPTIONS))
  .prepare(name))

/** Picker entries, within the site restriction, sorted like the listing (at most MAX_ASSET_OPTIONS). */
export function listAssetOptions(db: Db, scope: SiteScope) {
  return rawRows<{ id: string; reference: string; siteName: string }>(optionsStatement(db, scope), { siteIds: siteIdsParam(scope) })
}
