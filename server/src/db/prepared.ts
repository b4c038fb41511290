// Named prepared statements for the hot reads. Drizzle builds a query's SQL text on every
// call; `.prepare(name)` builds it once, and on PostgreSQL the name lets each pooled
// connection parse and plan it once instead of at every execution. Drizzle's PGlite driver
// ignores the name, so on PGlite the text is registered with platform/pglite-named.ts, which
// parses and plans it once as a named statement of its own. A statement's text must therefore
// be constant: everything that varies, the caller's scope included, is a `sql.placeholder`.
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
