// The answers of writes sent with an Idempotency-Key (http/idempotency.ts): one row per caller
// and key, kept 24 hours. The primary key decides which of two concurrent first requests writes.
import { pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'

export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  /** The operationId the key was first used on. */
  operation: text('operation').notNull(),
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  requestHash: text('request_hash').notNull(),
  /** The first answer: null while the first request is running. */
  status: smallint('status'),
  answer: text('answer'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })])
