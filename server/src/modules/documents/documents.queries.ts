// Documents (SQL only): who may see a document is its target's business — an elevator's
// documents follow the elevator's scope (ASSETS), an order's follow the order's (WORK_ORDERS:
// own records and sites), through the helpers of db/scope.queries.ts.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { users } from '../users/users.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { documents } from './documents.tables.ts'
import { ownRecords, withinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { ownedBy } from '../work-orders/work-orders.detail.queries.ts'
import type { DocumentKindValue } from './documents.schemas.ts'

/** The caller's scope in each target category, null where its role may not view it. */
export interface Visibility {
  assets: Scope | null
  workOrders: Scope | null
}

export type Target = { kind: 'asset'; id: string } | { kind: 'workOrder'; id: string }

/** Assets the scope may see (sites only: assets have no owner). */
const assetsIn = (scope: Scope) =>
  sql`SELECT a.id FROM ${assets} a WHERE ${withinSites(sql`a.site_id`, scope) ?? sql`true`}`

/** Work orders the scope may see: own records without view-other, within the caller's sites. */
function ordersWhere(scope: Scope): SQL[] {
  return [
    ownRecords(scope, (u) => ownedBy(sql`${u}::uuid`)),
    scope.siteIds ? sql`${workOrders.assetId} IN (${assetsIn(scope)})` : undefined,
  ].filter((w): w is SQL => w !== undefined)
}
const ordersIn = (scope: Scope) => {
  const where = ordersWhere(scope)
  return sql`SELECT ${workOrders.id} FROM ${workOrders} WHERE ${where.length ? and(...where) : sql`true`}`
}

function visible(v: Visibility): SQL {
  const parts: SQL[] = []
  if (v.assets) parts.push(v.assets.siteIds ? sql`${documents.assetId} IN (${assetsIn(v.assets)})` : sql`${documents.assetId} IS NOT NULL`)
  if (v.workOrders) parts.push(v.workOrders.viewOther && !v.workOrders.siteIds ? sql`${documents.workOrderId} IS NOT NULL` : sql`${documents.workOrderId} IN (${ordersIn(v.workOrders)})`)
  return parts.length ? or(...parts)! : sql`false`
}

/**
 * Whether the target exists within the scope (an elevator or an order hidden from it is
 * unknown), locking it against changes of its place or owners until the transaction ends.
 */
export async function targetInScope(db: Db, target: Target, scope: Scope): Promise<boolean> {
  const rows = target.kind === 'asset'
    ? await db.select({ id: assets.id }).from(assets)
      .where(and(eq(assets.id, target.id), withinSites(assets.siteId, scope))).for('key share')
    : await db.select({ id: workOrders.id }).from(workOrders)
      .where(and(eq(workOrders.id, target.id), ...ordersWhere(scope))).for('key share')
  return rows.length > 0
}

// The creation instant to the microsecond, for the cursor (a Date loses the last digits).
const sortAt = sql<string>`to_char(${documents.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
export const SORT_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

const fields = {
  id: documents.id,
  assetId: documents.assetId,
  workOrderId: documents.workOrderId,
  kind: sql<DocumentKindValue>`${documents.kind}`,
  fileName: documents.fileName,
  contentType: sql<'application/pdf' | 'image/jpeg' | 'image/png'>`${documents.contentType}`,
  sizeBytes: documents.sizeBytes,
  sha256: documents.sha256,
  inCorpus: documents.inCorpus,
  uploadedBy: sql<{ id: string; displayName: string } | null>`CASE WHEN ${users.id} IS NULL THEN NULL ELSE json_build_object('id', ${users.id}, 'displayName', ${users.displayName}) END`,
  createdAt: documents.createdAt,
}

export interface DocumentFilter {
  assetId?: string
  workOrderId?: string
  kind?: DocumentKindValue
}

/** `limit + 1` visible documents, most recent first, after the keyset (createdAt, id). */
export async function listDocuments(db: Db, v: Visibility, f: DocumentFilter, page: { limit: number; after?: [string, string] }) {
  return db.select({ item: fields, sortAt }).from(documents)
    .leftJoin(users, eq(users.id, documents.uploadedBy))
    .where(and(
      visible(v),
      f.assetId ? eq(documents.assetId, f.assetId) : undefined,
      f.workOrderId ? eq(documents.workOrderId, f.workOrderId) : undefined,
      f.kind ? eq(documents.kind, f.kind) : undefined,
      page.after ? sql`(${documents.createdAt}, ${documents.id}) < (${page.after[0]}::timestamptz, ${page.after[1]}::uuid)` : undefined,
    ))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(page.limit + 1)
}

/** One visible document, or undefined (missing and hidden alike). */
export async function documentById(db: Db, id: string, v: Visibility) {
  const [row] = await db.select(fields).from(documents).leftJoin(users, eq(users.id, documents.uploadedBy))
    .where(and(eq(documents.id, id), visible(v)))
  return row
}

/** The stored side of one visible document, locked for the rest of the transaction. */
export async function lockDocument(db: Db, id: string, v: Visibility) {
  const [row] = await db.select({ id: documents.id, assetId: documents.assetId, workOrderId: documents.workOrderId, storageKey: documents.storageKey })
    .from(documents).where(and(eq(documents.id, id), visible(v))).for('update')
  return row
}

/** The file of one visible document. */
export async function fileOf(db: Db, id: string, v: Visibility) {
  const [row] = await db.select({ fileName: documents.fileName, contentType: documents.contentType, sizeBytes: documents.sizeBytes, storageKey: documents.storageKey })
    .from(documents).where(and(eq(documents.id, id), visible(v)))
  return row
}

export async function insertDocument(db: Db, row: typeof documents.$inferInsert) {
  await db.insert(documents).values(row)
}

export async function setInCorpus(db: Db, id: string, inCorpus: boolean) {
  await db.update(documents).set({ inCorpus }).where(eq(documents.id, id))
}

export async function deleteDocumentRow(db: Db, id: string) {
  await db.delete(documents).where(eq(documents.id, id))
}

/** Of these document ids, the ones that have a row. */
export async function existingDocumentIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))
  return new Set(rows.map((r) => r.id))
}
