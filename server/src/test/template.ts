// A migrated and seeded store made once per version of the schema, then copied for each test
// app: on PostgreSQL a template database cloned with CREATE DATABASE … TEMPLATE, on PGlite a
// dump of the data folder cached in the system's temporary folder. Starting from a copy skips
// PGlite's initdb (most of an embedded start) and every migration.
import { createHash, randomBytes } from 'node:crypto'
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import * as schema from '../modules/tables.ts'
import { seedReferenceData, STANDARD_CATEGORIES, STANDARD_REFERENCE_VALUES } from '../seed/reference-data.ts'
import { ROLE_NAMES, defaultMatrix } from '../modules/access/access.matrix.ts'
import { ensureRolesAndMatrix } from '../modules/access/access.queries.ts'
import { migrationsFolder, openDatabase, pgliteExtensions, type Db } from '../platform/db.ts'

// Distinct from the service's own advisory locks (727_465_00x).
const TEMPLATE_LOCK = 727_465_101
// A template of another schema version is dropped once it is this old: another checkout
// (another branch) may be running its tests against the same server right now.
const STALE_AFTER_MS = 6 * 3600_000

async function seed(db: Db) {
  await ensureRolesAndMatrix(db)
  await seedReferenceData(db)
}

/**
 * The template databases go: a PGlite copy opens `postgres` only, and never creates a database,
 * so copying their 600 catalog files (15 MB) into every test app's memory was a third of its start
 * (750 → 540 ms of CPU an app).
 */
async function slimForCopies(client: { exec(q: string): Promise<unknown> }) {
  for (const name of ['template0', 'template1']) {
    // One statement a call: DROP DATABASE refuses the transaction a multi-statement text runs in.
    await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`)
    await client.exec(`DROP DATABASE ${name}`)
  }
  await client.exec('CHECKPOINT')
}

let key: Promise<string> | null = null
/** Changes with the migrations, the seeders (code and data) and the PGlite version. */
export function templateKey(): Promise<string> {
  key ??= (async () => {
    const h = createHash('sha256')
    for (const f of (await readdir(migrationsFolder, { recursive: true })).sort()) {
      if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(await readFile(path.join(migrationsFolder, f)))
    }
    h.update(seed.toString()).update(slimForCopies.toString()).update(ensureRolesAndMatrix.toString()).update(seedReferenceData.toString())
    h.update(JSON.stringify([STANDARD_CATEGORIES, STANDARD_REFERENCE_VALUES, ROLE_NAMES.map((r) => defaultMatrix(r))]))
    // A dump opens only in the PGlite version that wrote it (pinned exactly in package.json).
    h.update(JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')).dependencies['@electric-sql/pglite'])
    return h.digest('hex').slice(0, 16)
  })()
  return key
}

// ---- PGlite: a dump of the data folder, written once per key, loaded by every test app.

let dump: Promise<Blob> | null = null
/** The migrated and seeded data folder, as `loadDataDir` takes it. */
export function pgliteTemplate(): Promise<Blob> {
  dump ??= (async () => {
    const file = path.join(os.tmpdir(), `palier-test-template-${await templateKey()}.tar`)
    try {
      // Read whole: a blob backed by the file would fail if another process renamed over it.
      return new Blob([await readFile(file)])
    } catch {
      const { PGlite } = await import('@electric-sql/pglite')
      const { drizzle } = await import('drizzle-orm/pglite')
      const { migrate } = await import('drizzle-orm/pglite/migrator')
      const client = await PGlite.create('memory://', { extensions: await pgliteExtensions() })
      const db = drizzle({ client, schema }) as unknown as Db
      await migrate(db as never, { migrationsFolder })
      await seed(db)
      await slimForCopies(client)
      const blob = await client.dumpDataDir('none')
      await client.close()
      // Test files start in parallel processes: each may build it, the rename makes the
      // file appear whole or not at all.
      const tmp = `${file}.${randomBytes(6).toString('hex')}`
      await writeFile(tmp, Buffer.from(await blob.arrayBuffer()))
      await rename(tmp, file)
      await dropStaleDumps(path.basename(file))
      return blob
    }
  })()
  return dump
}

async function dropStaleDumps(current: string) {
  for (const f of await readdir(os.tmpdir())) {
    if (!f.startsWith('palier-test-template-') || f === current) continue
    const p = path.join(os.tmpdir(), f)
    const s = await stat(p).catch(() => null)
    if (s && Date.now() - s.mtimeMs > STALE_AFTER_MS) await rm(p, { force: true })
  }
}

// ---- PostgreSQL: a template database per key, built once under an advisory lock.

async function connect(url: string): Promise<pg.Client> {
  const { default: pgm } = await import('pg')
  const c = new pgm.Client({ connectionString: url })
  await c.connect()
  return c
}

const withDatabase = (baseUrl: string, name: string) => {
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  return u.toString()
}

/** Retries while another session is still leaving the source database (code 55006). */
async function retryInUse<T>(f: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await f()
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || i >= 50) throw e
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

async function ensurePgTemplate(admin: pg.Client, baseUrl: string, name: string): Promise<void> {
  const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1
  if (await exists()) return
  // Test files start in parallel processes: one builds, the others wait and find it built.
  await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK])
  try {
    if (await exists()) return
    const building = `${name}_b${randomBytes(3).toString('hex')}`
    await admin.query(`CREATE DATABASE ${building}`)
    const database = await openDatabase({ databaseUrl: withDatabase(baseUrl, building), dataDir: '', poolSize: 1 })
    try {
      await seed(database.db)
    } finally {
      await database.close()
    }
    // Built under another name and renamed: a half-built template is never cloned.
    await retryInUse(() => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`))
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`)
    await admin.query(`COMMENT ON DATABASE ${name} IS 'Palier test template, built ${new Date().toISOString()}'`)
    await dropStaleTemplates(admin, name)
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK])
  }
}

async function dropStaleTemplates(admin: pg.Client, current: string) {
  const { rows } = await admin.query<{ datname: string; note: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname LIKE 'palier\\_tpl\\_%' AND datname <> $1`, [current])
  for (const r of rows) {
    const built = Date.parse(/built (\S+)/.exec(r.note ?? '')?.[1] ?? '')
    if (!(Date.now() - built > STALE_AFTER_MS)) continue
    await admin.query(`ALTER DATABASE ${r.datname} WITH IS_TEMPLATE false`).catch(() => {})
    await admin.query(`DROP DATABASE IF EXISTS ${r.datname}`).catch(() => {})
  }
}

/** A fresh database for one test app, cloned from the template; `drop` removes it. */
export async function clonePgTemplate(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = `palier_tpl_${await templateKey()}`
  const name = `palier_t_${randomBytes(6).toString('hex')}`
  const admin = await connect(baseUrl)
  try {
    await ensurePgTemplate(admin, baseUrl, template)
    await retryInUse(() => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)).catch(async (e) => {
      // Dropped meanwhile by a run of another schema version: build it again.
      if ((e as { code?: string }).code !== '3D000') throw e
      await ensurePgTemplate(admin, baseUrl, template)
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    })
  } finally {
    await admin.end()
  }
  return {
    url: withDatabase(baseUrl, name),
    async drop() {
      const c = await connect(baseUrl)
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
