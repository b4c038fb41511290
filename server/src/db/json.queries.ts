// SQL pieces for reads that assemble a whole answer in one statement with json_agg.
import { is, sql, type SQL } from 'drizzle-orm'
import { PgTimestamp, type PgColumn } from 'drizzle-orm/pg-core'

/**
 * A timestamptz as text inside JSON, in exactly the form JavaScript's toISOString gives
 * (UTC, milliseconds, "Z"): JSON built by the database carries no Date objects, and the
 * answer must read the same as when the value comes from a column.
 */
export function isoUtc(expr: SQL): SQL<string | null> {
  return sql<string | null>`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}

/** A row as JSON gives it: timestamps become their ISO text. */
export type Jsonified<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

/**
 * `json_build_object` of a Drizzle selection (same field names; timestamps through isoUtc).
 * A listing that selects one such object per row costs the driver one JSON.parse per row
 * instead of decoding and mapping every field in JavaScript.
 */
export function jsonObject(fields: Record<string, SQL | PgColumn>): SQL {
  const pairs = Object.entries(fields).map(([name, f]) => {
    if (!/^[A-Za-z]\w*$/.test(name)) throw new Error(`field name ${name} cannot be a JSON key literal`)
    return sql`${sql.raw(`'${name}'`)}, ${is(f, PgTimestamp) ? isoUtc(sql`${f}`) : f}`
  })
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}
