// Parts and their ledger (SQL only). A part is read as one JSON object built by the database
// (supplier and, for the detail, the most recent movements included): one round trip.
// parts.quantity is never written here: the trigger on stock_movements keeps it (migration
// 0006), so a movement is the only way stock changes.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import { prepared } from '../../db/prepared.ts'
import { partners } from '../partners/partners.tables.ts'
import { purchaseOrders } from '../purchase-orders/purchase-orders.tables.ts'
import { personJson } from '../users/users.queries.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { parts, stockMovements } from './parts.tables.ts'
import type { Db } from '../../platform/db.ts'
import { MOVEMENTS_PAGE, type MovementKind } from './parts.schemas.ts'

export interface PartJson {
  id: string
  reference: string
  designation: string
  reorderThreshold: number
  supplier: { id: string; name: string } | null
  lastUnitPriceCents: number | null
  quantity: number
  belowThreshold: boolean
  createdAt: string
  updatedAt: string
}

export interface MovementJson {
  id: string
  kind: MovementKind
  quantity: number
  unitPriceCents: number | null
  reason: string | null
  actor: { id: string; displayName: string } | null
  workOrder: { id: string; reference: string } | null
  purchaseOrder: { id: string; reference: string } | null
  createdAt: string
  /** created_at with microseconds: the ledger page's key, not sent. */
  sortAt: string
}

/** 'P-' and the number zero-padded to six digits, longer when it needs more. */
export const partReference = (n: number) => `P-${String(n).padStart(6, '0')}`

// The outer part, named explicitly inside correlated subqueries (a bare column would bind to
// the subquery's own table).
const outer = (column: string) => sql`${parts}.${sql.identifier(column)}`

// "Under its threshold": strictly below the reorder point (docs/parts.md).
const partJson = sql<PartJson>`json_build_object(
  'id', ${parts.id}, 'reference', ${parts.reference}, 'designation', ${parts.designation},
  'reorderThreshold', ${parts.reorderThreshold},
  'supplier', (SELECT json_build_object('id', s.id, 'name', s.name) FROM ${partners} s WHERE s.id = ${outer('supplier_id')}),
  'lastUnitPriceCents', ${parts.lastUnitPriceCents}, 'quantity', ${parts.quantity},
  'belowThreshold', ${parts.quantity} < ${parts.reorderThreshold},
  'createdAt', ${isoUtc(sql`${parts.createdAt}`)}, 'updatedAt', ${isoUtc(sql`${parts.updatedAt}`)})`

// A page of the ledger, each movement's actor, order and purchase order looked up by key:
// joined, the prepared statement's generic plan hashes whole tables at every call.
const movementsJson = sql<MovementJson[]>`coalesce((
  SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind, 'quantity', m.quantity, 'unitPriceCents', m.unit_price_cents,
      'reason', m.reason,
      'actor', ${personJson(sql`m.actor_id`)},
      'workOrder', (SELECT json_build_object('id', w.id, 'reference', w.reference) FROM ${workOrders} w WHERE w.id = m.work_order_id),
      'purchaseOrder', (SELECT json_build_object('id', po.id, 'reference', po.reference) FROM ${purchaseOrders} po WHERE po.id = m.purchase_order_id),
      'createdAt', ${isoUtc(sql`m.created_at`)},
      -- The page's key with microseconds (a set-based writer stamps several in one millisecond).
      'sortAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) ORDER BY m.created_at DESC, m.id DESC)
  FROM (SELECT * FROM ${stockMovements} sm WHERE sm.part_id = ${outer('id')}
          AND (sm.created_at, sm.id) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid)
        ORDER BY sm.created_at DESC, sm.id DESC LIMIT ${sql.placeholder('limit')}) m), '[]'::json)`

const detailStatement = prepared((db) => db.select({ part: partJson, movements: movementsJson }).from(parts)
  .where(eq(parts.id, sql.placeholder('id')))
  .prepare('parts_detail'))

/** Where a page of the ledger starts: just older than this movement (created_at, id). */
export type MovementKey = [createdAt: string, id: string]
const NEWEST: MovementKey = ['9999-12-31T00:00:00.000000Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff']

/**
 * The part with a page of its movements older than `before` (the newest first by default),
 * one more than `limit` to tell whether an older page follows; or undefined.
 */
export async function partDetail(db: Db, id: string, page: { limit: number; before?: MovementKey } = { limit: MOVEMENTS_PAGE }): Promise<(PartJson & { movements: MovementJson[] }) | undefined> {
  const [beforeAt, beforeId] = page.before ?? NEWEST
  const [row] = await detailStatement(db).execute({ id, beforeAt, beforeId, limit: page.limit + 1 })
  return row && { ...row.part, movements: row.movements }
}

export interface PartFilter { q?: string; supplierId?: string; belowThreshold?: boolean }

/** Lower case without the accents of French, for accent-insensitive matching. */
const fold = (expr: SQL) => sql`translate(lower(${expr}), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa')`

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function conditions(f: PartFilter): SQL[] {
  const where: SQL[] = []
  if (f.supplierId) where.push(eq(parts.supplierId, f.supplierId))
  if (f.belowThreshold !== undefined) {
    where.push(f.belowThreshold ? sql`${parts.quantity} < ${parts.reorderThreshold}` : sql`${parts.quantity} >= ${parts.reorderThreshold}`)
  }
  if (f.q) {
    const p = fold(sql`${containsPattern(f.q)}`)
    where.push(sql`(${parts.reference} ILIKE ${containsPattern(f.q)} OR ${fold(sql`${parts.designation}`)} LIKE ${p})`)
  }
  return where
}

// Each part's row as stored by its trigger (migration 0018, `part_list_row`: `partJson`'s
// fields), sent as it is.
const listedFields = { row: sql<string>`${parts}.list_row`, number: parts.number }

// The unfiltered listing (the stock screen as it opens) is prepared; filtered pages are built
// per call. Sort key: the reference number (unique index parts_number_key), so the keyset is
// one integer and the index serves both the order and the condition.
const pageStatement = prepared((db) => db.select(listedFields).from(parts)
  .where(sql`${parts.number} > ${sql.placeholder('after')}`)
  .orderBy(parts.number)
  .limit(sql.placeholder('limit'))
  .prepare('parts_page'))

/** One page of parts after the number `after` (0: from the start), one row more than `limit`. */
export async function listPartsPage(db: Db, f: PartFilter, page: { limit: number; after: number }) {
  const where = conditions(f)
  if (!where.length) return pageStatement(db).execute({ after: page.after, limit: page.limit + 1 })
  return db.select(listedFields).from(parts)
    .where(and(sql`${parts.number} > ${page.after}`, ...where))
    .orderBy(parts.number)
    .limit(page.limit + 1)
}

/** Inserts a part numbered by the sequence; returns its id. */
export async function insertPart(db: Db, row: Omit<typeof parts.$inferInsert, 'number' | 'reference' | 'quantity'>) {
  const [{ n }] = await db.select({ n: sql<number>`nextval('part_number_seq')::bigint` }).from(sql`(SELECT 1) one`)
  const number = Number(n)
  await db.insert(parts).values({ ...row, number, reference: partReference(number) })
}

export async function updatePartRow(db: Db, id: string, set: Partial<Pick<typeof parts.$inferInsert, 'designation' | 'reorderThreshold' | 'supplierId' | 'lastUnitPriceCents' | 'updatedAt'>>) {
  await db.update(parts).set(set).where(eq(parts.id, id))
}

/**
 * Locks the part until the transaction ends (FOR NO KEY UPDATE: the same lock the ledger's
 * trigger takes to add to the quantity), so that the quantity and price read here are the
 * ones the movement will follow: concurrent movements of one part queue on this row.
 */
export async function lockPart(db: Db, id: string) {
  const [row] = await db.select({
    id: parts.id, reference: parts.reference, quantity: parts.quantity, lastUnitPriceCents: parts.lastUnitPriceCents, supplierId: parts.supplierId,
  }).from(parts).where(eq(parts.id, id)).for('no key update')
  return row
}

/** The supplier, locked FOR SHARE (its kind and active flag cannot change until commit). */
export async function lockSupplier(db: Db, id: string) {
  const [row] = await db.select({ kind: partners.kind, isActive: partners.isActive }).from(partners).where(eq(partners.id, id)).for('share')
  return row
}

export type MovementInsert = typeof stockMovements.$inferInsert

/** Appends a movement; the trigger moves the part's quantity (check_violation below zero). */
export async function insertMovement(db: Db, row: MovementInsert) {
  await db.insert(stockMovements).values(row)
}
