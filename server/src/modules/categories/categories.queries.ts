import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { assetComponents, assets } from '../assets/assets.tables.ts'
import { categories } from './categories.tables.ts'
import { locatedWithinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'

type SiteScope = Pick<Scope, 'siteIds'>
import type { CategoryKindValue } from './categories.schemas.ts'

export const CATEGORY_NAME_KEY = 'categories_kind_name_key'

// Drizzle leaves columns unqualified in a single-table select, where a bare "id" inside the
// subqueries would mean the asset's or component's: the outer category is named explicitly.
const outerId = sql`${categories}.${sql.identifier('id')}`
const outerKind = sql`${categories}.${sql.identifier('kind')}`

// The counted assets, named explicitly inside the subqueries.
const countedAsset = sql`a.${sql.identifier('location_id')}`

/**
 * Uses counted in the listing statement itself (no N+1), each through its own index
 * (assets_category_idx, asset_components_type_idx), and only among the assets the caller may
 * see (its sites). A removed component no longer uses its type.
 */
function usageCount(scope: SiteScope) {
  const visible = locatedWithinSites(countedAsset, scope) ?? sql`true`
  return sql<number>`CASE ${outerKind}
    WHEN 'EQUIPMENT' THEN (SELECT count(*)::int FROM ${assets} a WHERE a.category_id = ${outerId} AND ${visible})
    ELSE (SELECT count(*)::int FROM ${assetComponents} c JOIN ${assets} a ON a.id = c.asset_id
          WHERE c.type_id = ${outerId} AND c.removed_at IS NULL AND ${visible})
  END`
}

function categorySelect(db: Db, scope: SiteScope) {
  return db.select({
    id: categories.id,
    kind: sql<CategoryKindValue>`${categories.kind}`,
    name: categories.name,
    isActive: categories.isActive,
    usageCount: usageCount(scope),
  }).from(categories)
}

export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number]

export function listCategories(db: Db, scope: SiteScope, filter: { kind?: CategoryKindValue; active?: boolean }) {
  const where: SQL[] = []
  if (filter.kind) where.push(eq(categories.kind, filter.kind))
  if (filter.active !== undefined) where.push(eq(categories.isActive, filter.active))
  // EQUIPMENT before COMPONENT_TYPE (the order of the spec), then names as people read them.
  return categorySelect(db, scope).where(and(...where)).orderBy(
    sql`${categories.kind} <> 'EQUIPMENT'`, asc(sql`lower(${categories.name})`), asc(categories.id),
  )
}

export async function categoryById(db: Db, id: string, scope: SiteScope) {
  const [row] = await categorySelect(db, scope).where(eq(categories.id, id))
  return row
}

export async function insertCategory(db: Db, row: { id: string; kind: CategoryKindValue; name: string; createdAt: Date }) {
  await db.insert(categories).values(row)
}

/** One statement; false when no category has this id. */
export async function updateCategoryRow(db: Db, id: string, set: { name?: string; isActive?: boolean }): Promise<boolean> {
  const rows = await db.update(categories).set(set).where(eq(categories.id, id)).returning({ id: categories.id })
  return rows.length > 0
}

/**
 * Of `ids`, those that may receive a NEW use: existing, active and of `kind` (an asset needs
 * an EQUIPMENT category, a component a COMPONENT_TYPE). Call it inside the transaction that
 * creates the use: the share lock (taken in id order, so writers never deadlock) holds off a
 * concurrent deactivation or rename until that use is committed.
 */
export async function activeCategoriesOfKind(db: Db, ids: string[], kind: CategoryKindValue): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: categories.id }).from(categories)
    .where(and(inArray(categories.id, [...new Set(ids)]), eq(categories.kind, kind), eq(categories.isActive, true)))
    .orderBy(asc(categories.id))
    .for('share')
  return new Set(rows.map((r) => r.id))
}
