// Global search, one statement per family (docs/search.md). Words go through the `palier_fr`
// text search configuration (unaccent, then French stems; migration 0007) and its GIN
// indexes; parts of references and names through trigram indexes. Each family is filtered
// exactly like its listing: sites of the caller, and own work orders without view-other.
import { sql, type SQL } from 'drizzle-orm'
import { assets, locations, workOrders } from '../../db/schema.ts'
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
const and = (...parts: (SQL | undefined)[]) => sql.join(parts.filter((p): p is SQL => p !== undefined).map((p) => sql`(${p})`), sql` AND `)

export const orderText = sql`to_tsvector('palier_fr'::regconfig, coalesce(${workOrders.description}, ''))`
const assetText = sql`to_tsvector('palier_fr'::regconfig, ${assets.brand} || ' ' || coalesce(${assets.model}, '') || ' ' || coalesce(${assets.notes}, ''))`
const siteText = sql`to_tsvector('palier_fr'::regconfig, ${locations.name} || ' ' || coalesce(${locations.address}, '') || ' ' || coalesce(${locations.city}, ''))`

export interface WorkOrderHit {
  id: string; reference: string; type: WorkOrderType; status: WorkOrderStatus; description: string | null; assetReference: string; siteName: string
}
export interface AssetHit { id: string; reference: string; brand: string; model: string | null; status: AssetStatus; siteName: string }
export interface SiteHit { id: string; name: string; address: string | null; city: string | null }

export async function searchWorkOrders(db: Db, scope: Scope, q: string): Promise<WorkOrderHit[]> {
  const n = orderNumberOf(q)
  const match = n === null ? sql`${orderText} @@ ${words(q)}` : sql`${workOrders.number} = ${n} OR ${orderText} @@ ${words(q)}`
  const where = and(match, withinSites(sql`coalesce(l.parent_id, l.id)`, scope), ownRecords(scope, (u) => ownedByIds(sql`${u}::uuid`)))
  // The visible matches first, through the GIN and number indexes (MATERIALIZED, no order):
  // with ORDER BY … LIMIT the planner walks created_at backwards computing every description's
  // words until five match, the whole table for a rare word. Then the five newest, and only
  // for them the columns shown.
  return rowsOf<WorkOrderHit>(db.execute(sql`
    WITH m AS MATERIALIZED (
      SELECT ${workOrders.id} AS id, ${workOrders.createdAt} AS created_at, ${n === null ? sql`false` : sql`${workOrders.number} = ${n}`} AS exact,
             a.reference AS asset_reference, coalesce(l.parent_id, l.id) AS site_id
      FROM ${workOrders} JOIN ${assets} a ON a.id = ${workOrders.assetId} JOIN ${locations} l ON l.id = a.location_id
      WHERE ${where}
    ), top AS (SELECT * FROM m ORDER BY exact DESC, created_at DESC, id LIMIT ${PER_FAMILY})
    SELECT w.id, w.reference, w.type, w.status, left(w.description, 200) AS description, top.asset_reference AS "assetReference", s.name AS "siteName"
    FROM top JOIN ${workOrders} w ON w.id = top.id JOIN ${locations} s ON s.id = top.site_id
    ORDER BY top.exact DESC, top.created_at DESC, top.id`))
}

export async function searchAssets(db: Db, scope: Scope, q: string): Promise<AssetHit[]> {
  const p = containsPattern(q.trim())
  const where = and(sql`${assets.reference} ILIKE ${p} OR ${assets.serialNumber} ILIKE ${p} OR ${assetText} @@ ${words(q)}`, locatedWithinSites(assets.locationId, scope))
  return rowsOf<AssetHit>(db.execute(sql`
    SELECT ${assets.id} AS id, ${assets.reference} AS reference, ${assets.brand} AS brand, ${assets.model} AS model,
           ${assets.status} AS status, s.name AS "siteName"
    FROM ${assets}
    JOIN ${locations} l ON l.id = ${assets.locationId}
    JOIN ${locations} s ON s.id = coalesce(l.parent_id, l.id)
    WHERE ${where}
    ORDER BY upper(${assets.reference}) = upper(${q.trim()}) DESC, ${assets.reference} ILIKE ${p} DESC, ${assets.reference}, ${assets.id}
    LIMIT ${PER_FAMILY}`))
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
