// What the public portal reads (SQL only): an asset by its printed reference, and a report by
// its reference and the hash of its tracking token. Both are prepared: they answer passers-by
// at the rate a QR code gets scanned.
import { and, eq, sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { workOrderAssignees, workOrders } from '../work-orders/work-orders.tables.ts'
import { isoUtc } from '../../db/json.queries.ts'
import { prepared } from '../../db/prepared.ts'
import type { Db } from '../../platform/db.ts'
import { joinLocation, joinSite, site } from '../assets/assets.queries.ts'

// A fault is already being handled on the asset: a request waiting for triage, or a
// corrective order not finished (an approved request has one).
const alreadyReported = sql<boolean>`(
  EXISTS (SELECT 1 FROM ${requests} r WHERE r.asset_id = ${assets.id} AND r.status = 'PENDING')
  OR EXISTS (SELECT 1 FROM ${workOrders} w WHERE w.asset_id = ${assets.id} AND w.type = 'CORRECTIVE'
    AND w.status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD')))`

// upper(reference) is the unique index assets_reference_key: one index probe.
const assetStatement = prepared((db) => db.select({
  reference: assets.reference,
  brand: assets.brand,
  model: assets.model,
  siteName: site.name,
  city: sql<string | null>`coalesce(${locations.city}, ${site.city})`,
  outOfService: sql<boolean>`${assets.status} = 'OUT_OF_SERVICE'`,
  alreadyReported,
}).from(assets)
  .innerJoin(locations, joinLocation).innerJoin(site, joinSite)
  .where(sql`upper(${assets.reference}) = upper(${sql.placeholder('reference')})`)
  .prepare('portal_asset'))

export async function portalAsset(db: Db, reference: string) {
  const [row] = await assetStatement(db).execute({ reference })
  return row
}

/** The asset a report names, by its printed reference (case-insensitive). */
export async function assetIdByReference(db: Db, reference: string): Promise<string | undefined> {
  const [row] = await db.select({ id: assets.id }).from(assets).where(sql`upper(${assets.reference}) = upper(${reference})`)
  return row?.id
}

// The reference is unique (requests_reference_key) and so is the token hash: the lookup asks
// for both, so a token only opens its own report and a reference alone opens nothing.
const statusStatement = prepared((db) => db.select({
  reference: requests.reference,
  assetReference: assets.reference,
  status: requests.status,
  rejectionReason: requests.rejectionReason,
  orderStatus: workOrders.status,
  cancelReason: workOrders.cancelReason,
  createdAt: isoUtc(sql`${requests.createdAt}`),
  updatedAt: isoUtc(sql`greatest(${requests.createdAt}, ${requests.handledAt}, ${workOrders.updatedAt})`),
  // The timeline's times (never who): the first assignment still on the order (its primary
  // key leads with work_order_id: an index probe), the start, the recorded arrival, the end.
  assignedAt: isoUtc(sql`(SELECT min(${workOrderAssignees.assignedAt}) FROM ${workOrderAssignees} WHERE ${workOrderAssignees.workOrderId} = ${workOrders.id})`),
  startedAt: isoUtc(sql`${workOrders.startedAt}`),
  arrivedAt: isoUtc(sql`${workOrders.arrivedAt}`),
  completedAt: isoUtc(sql`${workOrders.completedAt}`),
}).from(requests)
  .innerJoin(assets, eq(assets.id, requests.assetId))
  .leftJoin(workOrders, eq(workOrders.id, requests.workOrderId))
  .where(and(eq(requests.reference, sql`upper(${sql.placeholder('reference')})`), eq(requests.trackingTokenHash, sql.placeholder('tokenHash'))))
  .prepare('portal_request_status'))

export async function requestByTracking(db: Db, reference: string, tokenHash: string) {
  const [row] = await statusStatement(db).execute({ reference, tokenHash })
  return row
}
