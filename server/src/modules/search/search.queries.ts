// Global search, one statement per family (docs/analytics.md). Words go through the `palier_fr`
// text search configuration (unaccent, then French stems; migration 0007) and its GIN
// indexes; parts of references and names through trigram indexes. Each family is filtered
// exactly like its listing: sites of the caller, and own work orders without view-other.
import { sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { workOrderAssignees, workOrders } from '../work-orders/work-orders.tables.ts'
import { locatedWithinSites, ownRecords, withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { containsPattern } from '../assets/assets.list.queries.ts'
import type { AssetStatus } from '../assets/assets.schemas.ts'
import type { WorkOrderStatus, WorkOrderType } from '../work-orders/work-orders.states.ts'
import { ownedByIds } from '../work-orders/work-orders.list.queries.ts'

export const PER_FAMILY = 5

/** `OT-123`, `OT-000123`, `ot 123` or a bare `123`: the order's number. */
export function orderNumberOf(q: string): number | null {
  const m = /^(?:OT[-\s]?)?0*(\d{1,15})$/i.exec(q.trim())
  const n = m ? Number(m[1]) : NaN
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

const words = (q: string) => sql`plainto_tsquery('palier_fr', ${q})`
function and(...parts: (SQL | undefined)[]): SQL {
  const given = parts.filter((p): p is SQL => p !== undefined)
  return given.length ? sql.join(given.map((p) => sql`(${p})`), sql` AND `) : sql`true`
}

const assetText = sql`to_tsvector('palier_fr'::regconfig, ${assets.brand} || ' ' || coalesce(${assets.model}, '') || ' ' || coalesce(${assets.notes}, ''))`
const siteText = sql`to_tsvector('palier_fr'::regconfig, ${locations.name} || ' ' || coalesce(${locations.address}, '') || ' ' || coalesce(${locations.city}, ''))`

export interface WorkOrderHit {
  id: string; reference: string; type: WorkOrderType; status: WorkOrderStatus; description: string | null; assetReference: string; siteName: string
}
export interface AssetHit { id: string; reference: string; brand: string; model: string | null; status: AssetStatus; siteName: string }
export interface SiteHit { id: string; name: string; address: string | null; city: string | null }

/**
 * The five newest orders matching `q` that the caller's listing would show. A number
 * (`OT-123`) finds its order first. Words are looked for in two tiers: among the newest
 * RECENT visible orders (a common word's newest matches are there, read newest first without
 * fetching its thousands of other matches), then, when fewer than five matched there, among
 * all the word's matches through its GIN index (a word missing from recent orders is rare).
 */
export async function searchWorkOrders(db: Db, scope: Scope, q: string): Promise<WorkOrderHit[]> {
  const n = orderNumberOf(q)
  const visible = and(
    scope.siteIds ? sql`${workOrders.assetId} IN (SELECT a.id FROM ${assets} a WHERE ${withinSites(sql`a.site_id`, scope)})` : undefined,
    ownRecords(scope, (u) => ownedByIds(sql`${u}::uuid`)))
  if (n === null) {
    // Without view-other, from the caller's own orders (an index each), not by walking
    // everyone's newest orders until enough of the caller's turn up.
    const own = scope.viewOther ? sql`` : sql`WITH own AS MATERIALIZED (
      SELECT x.work_order_id AS id FROM ${workOrderAssignees} x WHERE x.user_id = ${scope.userId}::uuid
      UNION SELECT c.id FROM ${workOrders} c WHERE c.created_by = ${scope.userId}::uuid) `
    const recent = await hits(db, sql`${own}
      SELECT r.id, r.created_at, false AS exact FROM (
        SELECT ${workOrders.id} AS id, ${workOrders.createdAt} AS created_at, search_vector FROM ${workOrders}
        WHERE ${scope.viewOther ? visible : sql`${visible} AND ${workOrders.id} IN (SELECT id FROM own)`}
        ORDER BY ${workOrders.createdAt} DESC LIMIT ${RECENT}) r
      WHERE r.search_vector @@ ${words(q)} ORDER BY r.created_at DESC, r.id LIMIT ${PER_FAMILY}`)
    if (recent.length === PER_FAMILY) return recent
  }
  const match = n === null ? sql`search_vector @@ ${words(q)}` : sql`${workOrders.number} = ${n} OR search_vector @@ ${words(q)}`
  // All the matches (MATERIALIZED: through the GIN and number indexes, in no order; with
  // ORDER BY … LIMIT the planner would walk created_at backwards through the whole table
  // for a rare word), then the five newest.
  return hits(db, sql`
    WITH m AS MATERIALIZED (
      SELECT ${workOrders.id} AS id, ${workOrders.createdAt} AS created_at, ${n === null ? sql`false` : sql`${workOrders.number} = ${n}`} AS exact
      FROM ${workOrders} WHERE ${and(match, visible)})
    SELECT m.id, m.created_at, m.exact FROM m ORDER BY m.exact DESC, m.created_at DESC, m.id LIMIT ${PER_FAMILY}`)
}

/** Orders read at most by a search's first tier. */
export const RECENT = 2000

/** The columns shown for the orders `top` selects (id, created_at, exact), in its order. */
function hits(db: Db, top: SQL): Promise<WorkOrderHit[]> {
  return rowsOf<WorkOrderHit>(db.execute(sql`
    WITH top AS (${top})
    SELECT w.id, w.reference, w.type, w.status, left(w.description, 200) AS description, a.reference AS "assetReference", s.name AS "siteName"
    FROM top JOIN ${workOrders} w ON w.id = top.id JOIN ${assets} a ON a.id = w.asset_id
      JOIN ${locations} l ON l.id = a.location_id JOIN ${locations} s ON s.id = l.site_id
    ORDER BY top.exact DESC, top.created_at DESC, top.id`))
}

/**
 * Elevators by their reference (the exact one first, then those starting with the text, then
 * those containing it), serial number, brand, model or notes. A common prefix (`ASC-0`)
 * matches the whole fleet: its first five are read in reference order from the index on
 * upper(reference) before anything else is looked at.
 */
export async function searchAssets(db: Db, scope: Scope, q: string): Promise<AssetHit[]> {
  const text = q.trim()
  const inScope = withinSites(assets.siteId, scope)
  const prefix = containsPattern(text).slice(1).toUpperCase() // 'ASC-0%', its wildcards escaped
  const first = await assetHits(db, sql`
    SELECT ${assets.id} AS id, 0 AS rank, upper(${assets.reference}) AS key FROM ${assets}
    WHERE ${and(sql`upper(${assets.reference}) LIKE ${prefix}`, inScope)}
    ORDER BY upper(${assets.reference}) LIMIT ${PER_FAMILY}`)
  if (first.length === PER_FAMILY) return first
  const p = containsPattern(text)
  return assetHits(db, sql`
    SELECT ${assets.id} AS id,
           CASE WHEN upper(${assets.reference}) = upper(${text}) THEN 0 WHEN upper(${assets.reference}) LIKE ${prefix} THEN 1
                WHEN ${assets.reference} ILIKE ${p} THEN 2 ELSE 3 END AS rank, upper(${assets.reference}) AS key
    FROM ${assets}
    WHERE ${and(sql`${assets.reference} ILIKE ${p} OR ${assets.serialNumber} ILIKE ${p} OR ${assetText} @@ ${words(q)}`, inScope)}
    ORDER BY 2, 3, 1 LIMIT ${PER_FAMILY}`)
}

/** The columns shown for the elevators `top` selects (id, rank, key), in its order. */
function assetHits(db: Db, top: SQL): Promise<AssetHit[]> {
  return rowsOf<AssetHit>(db.execute(sql`
    WITH top AS (${top})
    SELECT a.id, a.reference, a.brand, a.model, a.status, s.name AS "siteName"
    FROM top JOIN ${assets} a ON a.id = top.id
      JOIN ${locations} l ON l.id = a.location_id JOIN ${locations} s ON s.id = l.site_id
    ORDER BY top.rank, top.key, top.id`))
}

/** Sites only (top-level locations): a zone is found through its site. */
export async function searchSites(db: Db, scope: Scope, q: string): Promise<SiteHit[]> {
  const p = containsPattern(q.trim())
  const where = and(sql`${locations.parentId} IS NULL`,
    sql`palier_unaccent(${locations.name}) ILIKE palier_unaccent(${p}) OR ${siteText} @@ ${words(q)}`,
    withinSites(locations.id, scope))
  return rowsOf<SiteHit>(db.execute(sql`
    SELECT ${locations.id} AS id, ${locations.name} AS name, ${locations.address} AS address, ${locations.city} AS city
    FROM ${locations}
    WHERE ${where}
    ORDER BY palier_unaccent(${locations.name}) ILIKE palier_unaccent(${p}) DESC, ts_rank_cd(${siteText}, ${words(q)}) DESC, ${locations.name}, ${locations.id}
    LIMIT ${PER_FAMILY}`))
}
