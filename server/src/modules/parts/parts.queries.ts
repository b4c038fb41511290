// Parts and their ledger (SQL only). A part is read as the JSON text the database keeps or
// builds (its stored row, and for the detail a page of its movements): one round trip.
// parts.quantity is never written here: the trigger on stock_movements keeps it (migration
// 0006), so a movement is the only way stock changes.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { prepared, rawRows } from '../../db/prepared.ts'
import { partners } from '../partners/partners.tables.ts'
import { partLedgerHeads, parts, stockMovements } from './parts.tables.ts'
import type { Db } from '../../platform/db.ts'
import { MOVEMENTS_PAGE } from './parts.schemas.ts'

/** 'P-' and the number zero-padded to six digits, longer when it needs more. */
export const partReference = (n: number) => `P-${String(n).padStart(6, '0')}`

// The part's stored row (`list_row`, migration 0018: its fields) followed by a page of its
// ledger as JSON text, sent as the database wrote it (http/json-text.ts). The newest page, as
// the stock screen opens it, is the one kept by the writers (part_ledger_heads, migration
// 0019); another page, or one marked stale by a rename, is built by the same function
// (part_ledger_page), in one round trip either way.
const detailStatement = prepared((db) => db
  .select({
    text: sql<string>`left(p.list_row, -1) || ',"movements":' || page.body || '}'`.as('text'),
    nextKey: sql<string | null>`page.next_key`.as('nextKey'),
  })
  .from(sql`${parts} p
    LEFT JOIN ${partLedgerHeads} h ON h.part_id = p.id AND ${sql.placeholder('newest')}::boolean AND h.body IS NOT NULL
    CROSS JOIN LATERAL (
      SELECT h.body, h.next_key WHERE h.body IS NOT NULL
      UNION ALL
      SELECT l.body, l.next_key FROM part_ledger_page(p.id, ${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::uuid, ${sql.placeholder('limit')}::int) l
      WHERE h.body IS NULL) page`)
  .where(sql`p.id = ${sql.placeholder('id')}`)
  .prepare('parts_detail'))

/** Where a page of the ledger starts: just older than this movement (created_at, id). */
export type MovementKey = [createdAt: string, id: string]
const NEWEST: MovementKey = ['9999-12-31T00:00:00.000000Z', 'ffffffff-ffff-ffff-ffff-ffffffffffff']

/**
 * The part with a page of its movements older than `before` (the newest first by default), as
 * PartDetail's JSON text, and the key of the next (older) page when one follows; or undefined.
 */
export async function partDetail(db: Db, id: string, page: { limit: number; before?: MovementKey } = { limit: MOVEMENTS_PAGE }): Promise<{ text: string; next: MovementKey | null } | undefined> {
  const [beforeAt, beforeId] = page.before ?? NEWEST
  const newest = !page.before && page.limit === MOVEMENTS_PAGE
  // Read as the driver gives it (each field aliased to its key): no mapping.
  const [row] = await rawRows<{ text: string; nextKey: string | null }>(detailStatement(db), { id, beforeAt, beforeId, limit: page.limit, newest })
  return row && { text: row.text, next: row.nextKey ? JSON.parse(row.nextKey) as MovementKey : null }
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

// Each part's row as stored by its trigger (migration 0018, `part_list_row`: PartSummary's
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
