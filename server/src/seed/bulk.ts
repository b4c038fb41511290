// Bulk inserts for the seeders (SQL is at home in seed/).
import { getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../platform/db.ts'

/**
 * One statement per table whatever the number of rows: the rows travel as one JSON parameter
 * that the database unpacks (json_populate_recordset). Thousands of bind parameters cost the
 * embedded database far more than parsing one JSON text.
 */
export async function insertRows<T extends PgTable>(tx: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (!rows.length) return
  const columns = getTableColumns(table) as Record<string, PgColumn>
  const keys = Object.keys(rows[0]).filter((k) => k in columns)
  const names = sql.join(keys.map((k) => sql.identifier(columns[k].name)), sql`, `)
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k) => [columns[k].name, (r as Record<string, unknown>)[k] ?? null]))))
  await tx.execute(sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json)`)
}
