// Named prepared statements for the hot reads. Drizzle builds a query's SQL text on every
// call; `.prepare(name)` builds it once, and on PostgreSQL the name lets each pooled
// connection parse and plan it once instead of at every execution. Drizzle's PGlite driver
// ignores the name, so on PGlite the text is registered with platform/pglite-named.ts, which
// parses and plans it once as a named statement of its own. A statement's text must therefore
// be constant: everything that varies, the caller's scope included, is a `sql.placeholder`.
import { sql, type Placeholder } from 'drizzle-orm'
import type { Db } from '../platform/db.ts'
import { NAMED_STATEMENTS } from '../platform/pglite-named.ts'

/**
 * A statement built once per database handle (each test app has its own), on first use.
 * Meant for the plain handle, not a transaction's (that would build one per transaction).
 */
export function prepared<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) {
      byDb.set(db, statement = build(db))
      const text = (statement as { queryString?: unknown }).queryString // drizzle's PGlite statement
      const named = (db as unknown as { $client?: { [NAMED_STATEMENTS]?: Set<string> } }).$client?.[NAMED_STATEMENTS]
      if (named && typeof text === 'string') named.add(text)
    }
    return statement
  }
}

/**
 * A statement prepared in two shapes, the whole fleet's and the site-restricted callers'
 * (`build` receives which, and the name to prepare it under: `name`, or `name_sites`), picked
 * by the caller's scope. For a reading that covers the whole table when unrestricted: one
 * generic plan for `$1 IS NULL OR site = ANY($1)` reads every row for a caller's few sites too,
 * where the restricted shape (`onlyWithinSitesParam`) is served by the site's index.
 */
export function preparedPerSiteScope<P>(name: string, build: (db: Db, restricted: boolean, name: string) => P): (db: Db, scope: { siteIds: string[] | null }) => P {
  const fleet = prepared((db) => build(db, false, name))
  const sites = prepared((db) => build(db, true, `${name}_sites`))
  return (db, scope) => (scope.siteIds ? sites : fleet)(db)
}

/**
 * A parameter the planner cannot read, for the hot pages' statements: `(SELECT $n)` is an
 * init plan, not a value, so a custom plan estimates it no better than the generic plan does.
 * With `LIMIT $n` (or `status = $n`) read as 51 (or 'OPEN'), every custom plan looked cheaper
 * than the generic one, so PostgreSQL planned the statement again at every call: 0.2–0.5 ms of
 * planning for 0.1–0.2 ms of execution on the scale dataset (EXPLAIN ANALYZE). Hidden, the
 * generic plan costs no more than a custom one and is kept from the sixth call on. Only for
 * statements whose plan suits every value (an index range in the page's order, cut at the page).
 */
export const opaque = (name: string, type: 'int' | 'text') =>
  sql`(SELECT ${sql.placeholder(name)}::${sql.raw(type)})` as unknown as Placeholder<string, number>

/**
 * A constant LIMIT written into a prepared statement's text, which the planner then reads:
 * for a statement whose answer is everything that matches, capped at `n` (a picker's entries).
 * As a parameter, a generic plan assumes a small part of the rows and prefers reading an index
 * in the answer's order and filtering it, the whole table for a caller's few sites.
 */
export const constantLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as Placeholder<string, number>

/**
 * A prepared statement's rows as the driver gives them, keyed by the columns' SQL names,
 * without drizzle's mapping (a few type tests per field: 70–140 µs for a page of 51 rows of
 * five fields on the bench machine). Only for selections whose every field is aliased to its
 * key (`sql\`…\`.as('key')`) and needs no decoding (text, boolean, integer, uuid).
 */
export function rawRows<R>(statement: object, values: Record<string, unknown>): Promise<R[]> {
  // `all()`: both drivers' prepared queries run the same named statement without mapping
  // (left out of drizzle's public typings).
  return (statement as { all(values: Record<string, unknown>): Promise<R[]> }).all(values)
}
