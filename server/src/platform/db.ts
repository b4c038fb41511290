// Database adapter: PostgreSQL through `pg` when DATABASE_URL is set, embedded PGlite
// (real Postgres in WASM, files in DATA_DIR/db) otherwise. Same schema, same SQL.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from '../modules/tables.ts'
import type { PoolStats } from './metrics.ts'
import { NAMED_STATEMENTS, useNamedStatements } from './pglite-named.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'postgres' | 'pglite'
  ping(): Promise<boolean>
  close(): Promise<void>
  /** The pg pool's clients (metrics); absent on the embedded database (one connection). */
  poolStats?(): PoolStats
  /** Embedded only: the data folder as a gzipped tarball, which `loadDataDir` opens again (backups). */
  dumpDataDir?(): Promise<Blob>
}

export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url))
// Any constant works; it only has to be the same for every replica running migrations.
const MIGRATION_LOCK = 727_465_001

export interface DatabaseOptions {
  databaseUrl: string | null
  dataDir: string
  /** In-memory embedded database (tests). */
  memory?: boolean
  poolSize?: number
  /** Embedded only: start from this dump (`dumpDataDir()`) instead of an empty store (tests). */
  loadDataDir?: Blob
  /** False when the store is known to be migrated already (a clone of the tests' template). */
  migrate?: boolean
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.migrate ?? true)
  return openPglite(opts.memory ? null : path.join(opts.dataDir, 'db'), opts.migrate ?? true, opts.loadDataDir)
}

async function openPostgres(url: string, max: number, migrateIt: boolean): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  // Short connect timeout so requests fail fast with 503 while the database is away.
  // No JIT compilation: every statement here is a short OLTP read or write, and a misestimated
  // cost would make PostgreSQL spend a second compiling one (measured on the scale dataset:
  // 1.85 s of JIT before 1.77 s of execution for the analytics' monthly series).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30000, options: '-c jit=off' })
  // A connection can die under any client (a failover, a restart, pg_terminate_backend, a
  // proxy's idle timeout): idle in the pool, or checked out by a request or a transaction
  // between two of its statements. pg then emits 'error' on the client, and an 'error' without
  // a listener ends the process. The pool listens on idle clients only; this listens on every
  // client for its whole life. The statement under way fails by itself (the request answers
  // 503, http/error-handler.ts), the client is no longer queryable and the pool drops it when
  // it is released, then opens new connections for the next requests.
  const lost = () => {}
  pool.on('error', lost)
  pool.on('connect', (client) => client.on('error', lost))
  const db = drizzle({ client: pool, schema }) as unknown as Db
  const client = migrateIt ? await pool.connect() : null
  if (client) try {
    // Several replicas may start at once: one migrates, the others wait for it.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle({ client, schema }), { migrationsFolder })
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
  return {
    db,
    kind: 'postgres',
    ping: () => pingWith(db),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  }
}

async function openPglite(dir: string | null, migrateIt: boolean, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  if (dir) mkdirSync(dir, { recursive: true })
  const client = await PGlite.create(dir ?? 'memory://', { extensions: await pgliteExtensions(), ...(loadDataDir ? { loadDataDir } : {}) })
  // The hot reads (`prepared()`) run as named statements: parsed and planned once.
  Object.assign(client, { [NAMED_STATEMENTS]: useNamedStatements(client) })
  const db = drizzle({ client, schema }) as unknown as Db
  if (migrateIt) await migrate(db as never, { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    ping: () => pingWith(db),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  }
}

/** The contrib extensions the migrations create (search: migration 0007), for every PGlite. */
export async function pgliteExtensions() {
  const [{ unaccent }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite/contrib/unaccent'), import('@electric-sql/pglite/contrib/pg_trgm')])
  return { unaccent, pg_trgm }
}

async function pingWith(db: Db): Promise<boolean> {
  // The timer is cleared once the answer is in: left to run, every health call kept a timer, a
  // closure and a promise alive for 2 s (at thousands of calls a second, 130 MB of heap).
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([
      db.execute(sql`SELECT 1`),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), 2000).unref() }),
    ])
    return true
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}
