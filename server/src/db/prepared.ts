// Named prepared statements for the hot reads. Drizzle builds a query's SQL text on every
// call; `.prepare(name)` builds it once, and on PostgreSQL the name lets each pooled
// connection parse and plan it once instead of at every execution (PGlite ignores the name:
// there only the text building is saved). A statement's text must therefore be constant:
// everything that varies, the caller's scope included, is a `sql.placeholder`.
import type { Db } from '../platform/db.ts'

/**
 * A statement built once per database handle (each test app has its own), on first use.
 * Meant for the plain handle, not a transaction's (that would build one per transaction).
 */
export function prepared<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) byDb.set(db, statement = build(db))
    return statement
  }
}
