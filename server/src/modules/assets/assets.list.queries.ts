// The asset listing (filters + keyset pagination) and the picker options (SQL only).
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { assets } from './assets.tables.ts'
import { opaque, prepared, rawRows } from '../../db/prepared.ts'
import { siteIdsParam, withinSitesParam } from '../../db/scope.queries.ts'
import type { Db } from '../../platform/db.ts'
import { inSites, joinCategory, joinLocation, joinSite, site, type SiteScope } from './assets.queries.ts'
import type { AssetStatus } from './assets.schemas.ts'

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

function conditions(scope: SiteScope, f: AssetFilter): SQL[] {
  const where: (SQL | undefined)[] = [inSites(scope)]
  if (f.siteId) where.push(eq(site.id, f.siteId))
  if (f.locationId) where.push(eq(assets.locationId, f.locationId))
  if (f.categoryId) where.push(eq(assets.categoryId, f.categoryId))
  if (f.status) where.push(eq(assets.status, f.status))
  if (f.underContract !== undefined) where.push(eq(assets.underContract, f.underContract))
  if (f.q) {
    const p = containsPattern(f.q)
    where.push(or(
      sql`${assets.reference} ILIKE ${p}`, sql`${assets.brand} ILIKE ${p}`, sql`${assets.model} ILIKE ${p}`,
      sql`${assets.serialNumber} ILIKE ${p}`, sql`${locations.name} ILIKE ${p}`, sql`${site.name} ILIKE ${p}`,
    ))
  }
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
  const where = conditions(scope, f)
  if (page.after) {
    const [key, id] = page.after
    where.push(sql`${sortKey} >= ${key}`, or(sql`${sortKey} > ${key}`, sql`${assets.id} > ${id}`)!)
  }
  return db.select(listedFields).from(assets)
    .innerJoin(categories, joinCategory).innerJoin(locations, joinLocation).innerJoin(site, joinSite)
    .where(and(...where))
    .orderBy(asc(sortKey), asc(assets.id))
    .limit(page.limit + 1)
}

/** Picker entries, within the site restriction, sorted like the listing. */
export function listAssetOptions(db: Db, scope: SiteScope, max: number) {
  return db.select({ id: assets.id, reference: assets.reference, siteName: site.name })
    .from(assets)
    .innerJoin(locations, joinLocation).innerJoin(site, joinSite)
    .where(inSites(scope))
    .orderBy(asc(sortKey), asc(assets.id))
    .limit(max)
}
