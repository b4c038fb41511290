// Helpers for raw set-based statements (INSERT … SELECT over many rows, data-modifying CTEs).
import { sql, type SQL } from 'drizzle-orm'

/** The rows of a raw statement (`db.execute`): both drivers, pg and PGlite, answer `{ rows }`. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows
}

/**
 * A UUID v7 per row, for ids written set-based where JavaScript's uuidv7() cannot be called
 * per row. PostgreSQL 15 has no uuidv7(): gen_random_uuid() (evaluated per row) gets its
 * first 48 bits replaced by the Unix time in milliseconds and its version nibble turned from
 * 4 into 7 (bits 52 and 53 of byte 6); the RFC 4122 variant stays.
 */
export function uuidv7Sql(): SQL<string> {
  return sql<string>`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid`
}
