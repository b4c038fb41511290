// The store behind the Idempotency-Key header (http/idempotency.ts), and the hourly purge of
// keys older than 24 hours (an expired key is also taken over by its next claim).
import { IDEMPOTENCY_TTL_MS, type IdempotencyStore, type KeptKey } from '../../http/idempotency.ts'
import type { Platform } from '../module.ts'
import { claimKey, keepAnswer, purgeKeys, releaseKey } from './idempotency.queries.ts'

export class IdempotencyService implements IdempotencyStore {
  private readonly p: Pick<Platform, 'database' | 'clock'>
  constructor(p: Pick<Platform, 'database' | 'clock'>) { this.p = p }

  claim(userId: string, key: string, operation: string, requestHash: string, now: Date): Promise<true | KeptKey> {
    return claimKey(this.p.database.db, userId, key, operation, requestHash, now, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
  }

  answer(userId: string, key: string, status: number, answer: string): Promise<void> {
    return keepAnswer(this.p.database.db, userId, key, status, answer)
  }

  release(userId: string, key: string): Promise<void> {
    return releaseKey(this.p.database.db, userId, key)
  }

  purge(): Promise<number> {
    return purgeKeys(this.p.database.db, new Date(this.p.clock.now().getTime() - IDEMPOTENCY_TTL_MS))
  }
}
