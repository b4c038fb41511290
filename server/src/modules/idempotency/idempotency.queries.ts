// The SQL of the idempotency keys: the claim is one INSERT whose conflict on (caller, key)
// decides, in the database, which of two concurrent requests does the write.
import { and, eq, lt, sql } from 'drizzle-orm'
import { idempotencyKeys } from './idempotency.tables.ts'
import type { Db } from '../../platform/db.ts'
import type { KeptKey } from '../../http/idempotency.ts'

/**
 * Inserts the claim; an expired row of the same key is taken over. Returns true when this
 * request holds the key, else the row as it stands.
 */
export async function claimKey(db: Db, userId: string, key: string, operation: string, requestHash: string, now: Date, expiredBefore: Date): Promise<true | KeptKey> {
  const claimed = await db.insert(idempotencyKeys).values({ userId, key, operation, requestHash, createdAt: now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { operation, requestHash, status: null, answer: null, createdAt: now },
      setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ userId: idempotencyKeys.userId })
  if (claimed.length) return true
  const [row] = await db.select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, answer: idempotencyKeys.answer })
    .from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  // Released between the two statements: claim again.
  return row ?? claimKey(db, userId, key, operation, requestHash, now, expiredBefore)
}

export async function keepAnswer(db: Db, userId: string, key: string, status: number, answer: string): Promise<void> {
  await db.update(idempotencyKeys).set({ status, answer }).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

export async function releaseKey(db: Db, userId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.status} IS NULL`))
}

export async function purgeKeys(db: Db, expiredBefore: Date): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore)).returning({ key: idempotencyKeys.key })
  return rows.length
}
