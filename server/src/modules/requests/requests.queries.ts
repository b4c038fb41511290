// Request reads and writes (SQL only). The listing lives in requests.list.queries.ts; both
// read a request's stored summary (`storedSummary`).
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { users } from '../users/users.tables.ts'
import { requests } from './requests.tables.ts'
import { ownRecords, withinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { joinLocation, joinSite, site } from '../assets/assets.queries.ts'
import type { WorkOrderStatus } from '../work-orders/work-orders.states.ts'
import type { RequestSource, RequestStatus } from './requests.schemas.ts'

export const requester = alias(users, 'requester')

/** A RequestSummary as the database writes it (timestamps as ISO text). */
export interface RequestRow {
  id: string
  reference: string
  status: RequestStatus
  source: RequestSource
  asset: { id: string; reference: string; siteName: string }
  description: string
  personBlocked: boolean
  requester: { id: string | null; displayName: string | null; contactPhone: string | null }
  createdAt: string
  handledAt: string | null
  handledBy: { id: string; displayName: string } | null
  rejectionReason: string | null
  workOrder: { id: string; reference: string; status: WorkOrderStatus } | null
}

// Each request keeps its summary as JSON text, rebuilt by triggers whenever what it shows
// changes (migration 0015: the request, its elevator and site, the people named, the order it
// was approved into): a list item and the answer of a create or a reject read the same text.
export const storedSummary = sql<string>`${requests}.list_row`

/**
 * What a caller may see of requests (the site join in scope): without view-other only the
 * requests it made; a caller assigned to sites only requests on those sites' assets.
 */
export function requestsInScope(scope: Scope): SQL | undefined {
  return and(ownRecords(scope, (userId) => eq(requests.requestedBy, userId)), withinSites(site.id, scope))
}

export async function summaryById(db: Db, id: string): Promise<RequestRow | undefined> {
  const [row] = await db.select({ text: storedSummary }).from(requests).where(eq(requests.id, id))
  return row ? JSON.parse(row.text) as RequestRow : undefined
}

/**
 * The request within the caller's scope, locked until the end of the transaction: two
 * handlers of one request queue here, and the second sees the first one's outcome.
 */
export async function lockRequest(db: Db, id: string, scope: Scope) {
  const [row] = await db.select({
    id: requests.id, reference: requests.reference, status: requests.status, source: requests.source,
    assetId: requests.assetId, description: requests.description, personBlocked: requests.personBlocked,
    requestedBy: requests.requestedBy, contactName: requests.contactName,
  }).from(requests)
    .innerJoin(assets, eq(assets.id, requests.assetId))
    .innerJoin(locations, joinLocation).innerJoin(site, joinSite)
    .where(and(eq(requests.id, id), requestsInScope(scope)))
    .for('update', { of: requests })
  return row
}

/** The next number of `request_number_seq` and the reference made of it (DEM-000042). */
export async function nextRequestReference(db: Db): Promise<{ number: number; reference: string }> {
  const [{ n }] = await db.select({ n: sql<string>`nextval('request_number_seq')::text` }).from(sql`(SELECT 1) AS one`)
  // At least six digits, more when the number needs them (lpad would cut them).
  return { number: Number(n), reference: `DEM-${n.padStart(6, '0')}` }
}

export type NewRequest = Omit<typeof requests.$inferInsert, 'reference' | 'number' | 'status'>

/** Inserts a PENDING request under the next reference. */
export async function insertRequest(db: Db, row: NewRequest): Promise<{ reference: string }> {
  const { number, reference } = await nextRequestReference(db)
  await db.insert(requests).values({ ...row, number, reference, status: 'PENDING' })
  return { reference }
}

/** PENDING → APPROVED with its order; false when the request was no longer pending. */
export async function markApproved(db: Db, id: string, workOrderId: string, by: string, at: Date): Promise<boolean> {
  const rows = await db.update(requests).set({ status: 'APPROVED', workOrderId, handledBy: by, handledAt: at })
    .where(and(eq(requests.id, id), eq(requests.status, 'PENDING'))).returning({ id: requests.id })
  return rows.length > 0
}

/** PENDING → REJECTED with its reason; false when the request was no longer pending. */
export async function markRejected(db: Db, id: string, reason: string, by: string, at: Date): Promise<boolean> {
  const rows = await db.update(requests).set({ status: 'REJECTED', rejectionReason: reason, handledBy: by, handledAt: at })
    .where(and(eq(requests.id, id), eq(requests.status, 'PENDING'))).returning({ id: requests.id })
  return rows.length > 0
}

/** The asset's id when it exists within the caller's sites (an asset outside is unknown). */
export async function assetWithinSites(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>): Promise<string | undefined> {
  const [row] = await db.select({ id: assets.id }).from(assets)
    .innerJoin(locations, joinLocation).innerJoin(site, joinSite)
    .where(and(eq(assets.id, assetId), withinSites(site.id, scope)))
  return row?.id
}
