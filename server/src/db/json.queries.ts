// SQL pieces for reads that assemble a whole answer in one statement with json_agg.
import { sql, type SQL } from 'drizzle-orm'

/**
 * A timestamptz as text inside JSON, in exactly the form JavaScript's toISOString gives
 * (UTC, milliseconds, "Z"): JSON built by the database carries no Date objects, and the
 * answer must read the same as when the value comes from a column.
 */
export function isoUtc(expr: SQL): SQL<string | null> {
  return sql<string | null>`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}
