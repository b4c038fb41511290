// The SQL of backups and restores (docs/backups.md): what a manifest records of a store, the
// snapshot pg_dump shares with it, and whether a restore's target is empty. Same SQL on
// PostgreSQL and PGlite.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../db/set-based.queries.ts'
import type { Db } from '../platform/db.ts'

/** The tables of the service's schema (public), by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(db.execute(sql`
    SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`))
  return rows.map((r) => r.name)
}

/** Each table's row count, in one statement (one snapshot). */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  if (tables.length === 0) return {}
  const counts = sql.join(tables.map((t) => sql`SELECT ${t}::text AS name, count(*)::bigint AS n FROM ${sql.identifier(t)}`), sql` UNION ALL `)
  const rows = await rowsOf<{ name: string; n: string | number }>(db.execute(counts))
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]))
}

/** Each sequence's last value (null: never used), so that a restore numbers on where it stopped. */
export async function sequenceValues(db: Db): Promise<Record<string, number | null>> {
  const rows = await rowsOf<{ name: string; value: string | number | null }>(db.execute(sql`
    SELECT sequencename AS name, last_value AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`))
  return Object.fromEntries(rows.map((r) => [r.name, r.value === null ? null : Number(r.value)]))
}

export interface PartLedger { id: string; reference: string; quantity: number; ledger: number }

/** Each part's stock quantity beside the sum of its movements (the ledger): equal in a sound store. */
export async function partLedgers(db: Db): Promise<PartLedger[]> {
  const rows = await rowsOf<{ id: string; reference: string; quantity: number; ledger: string | number }>(db.execute(sql`
    SELECT p.id, p.reference, p.quantity, COALESCE(m.total, 0)::bigint AS ledger
    FROM parts p
    LEFT JOIN (SELECT part_id, sum(quantity) AS total FROM stock_movements GROUP BY part_id) m ON m.part_id = p.id
    ORDER BY p.number`))
  return rows.map((r) => ({ id: r.id, reference: r.reference, quantity: Number(r.quantity), ledger: Number(r.ledger) }))
}

/** The last migration applied (drizzle's record: its hash and its journal time), null without any. */
export async function lastMigration(db: Db): Promise<{ hash: string; createdAt: number } | null> {
  const [present] = await rowsOf<{ ok: boolean }>(db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`))
  if (!present.ok) return null
  const [row] = await rowsOf<{ hash: string; created_at: string | number }>(db.execute(sql`
    SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1`))
  return row ? { hash: row.hash, createdAt: Number(row.created_at) } : null
}

/** The stored files the store's rows name: each document's key, size and SHA-256 as recorded at upload. */
export async function documentFiles(db: Db): Promise<{ key: string; size: number; sha256: string }[]> {
  const rows = await rowsOf<{ key: string; size: string | number; sha256: string }>(db.execute(sql`
    SELECT storage_key AS key, size_bytes AS size, sha256 FROM documents ORDER BY storage_key`))
  return rows.map((r) => ({ key: r.key, size: Number(r.size), sha256: r.sha256 }))
}

/**
 * What makes a database not empty for a restore: a table, sequence or view in any schema of
 * its own, or a schema besides public (the first few, by name). A database just made by
 * CREATE DATABASE has none; one the service has started on has its tables and `drizzle`.
 */
export async function userObjects(db: Db, limit = 5): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(db.execute(sql`
    SELECT name FROM (
      SELECT n.nspname || '.' || c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      UNION ALL
      SELECT 'schema ' || nspname FROM pg_namespace
      WHERE nspname NOT IN ('public', 'pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
    ) o ORDER BY name LIMIT ${limit}`))
  return rows.map((r) => r.name)
}

/** The server's version, e.g. 150020 and '15.20 (Debian …)'. */
export async function serverVersion(db: Db): Promise<{ num: number; text: string }> {
  const [row] = await rowsOf<{ num: string | number; text: string }>(db.execute(sql`
    SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS text`))
  return { num: Number(row.num), text: row.text }
}

/** Exports the transaction's snapshot for pg_dump --snapshot (in a REPEATABLE READ transaction). */
export async function exportSnapshot(tx: Db): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(tx.execute(sql`SELECT pg_export_snapshot() AS id`))
  return row.id
}

/** Writes every changed page to the data files, so that a copy of the folder needs no replay. */
export async function checkpoint(db: Db): Promise<void> {
  await db.execute(sql`CHECKPOINT`)
}
