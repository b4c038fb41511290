import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { invitations, users } from '../users/users.tables.ts'

/**
 * The user an activation link would open, without using it up: a valid (unused, unrevoked,
 * unexpired) link of an account still waiting for activation. Read before the password is
 * hashed, so a made-up token costs one indexed lookup, not an Argon2id hash.
 */
export async function pendingActivation(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db.select({ userId: invitations.userId }).from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(
      eq(invitations.tokenHash, tokenHash), isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now),
      isNull(users.activatedAt), isNull(users.disabledAt),
    ))
  return row?.userId
}
