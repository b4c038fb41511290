// `npm run backup -- <dir>` (docs/backups.md): the database (pg_dump, or the embedded PGlite
// data folder) and the stored files the documents name, into an empty folder, with a
// manifest written last. The manifest's figures are read in the dump's own snapshot.
import { existsSync } from 'node:fs'
import { chmod, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.ts'
import { openDatabase } from '../platform/db.ts'
import { openStorage } from '../platform/storage.ts'
import { checkpoint, documentFiles, exportSnapshot, serverVersion } from './backup.queries.ts'
import { copyFilesOut } from './files.ts'
import { BackupError, FORMAT, hashFile, ledgerMismatches, pgliteVersion, summarise, writeManifest, type FileEntry, type Manifest, type StoreSummary } from './manifest.ts'
import { pgConnection, pgDump, pgToolVersion, requireVersion } from './pg-tools.ts'

export const PG_DUMP_FILE = 'database.pgdump'
export const PGLITE_FILE = 'pglite-data.tar.gz'

export interface Output { info(line: string): void; warn(line: string): void }

/** What was read of the database: its file in the backup, its figures, the files it names. */
interface DatabasePart { database: Manifest['database']; store: StoreSummary; wanted: FileEntry[] }

/** The folder a backup goes into: created, or refused unless empty (a backup never overwrites). */
async function prepareFolder(dir: string): Promise<{ created: boolean }> {
  const s = await stat(dir).catch(() => null)
  if (s && !s.isDirectory()) throw new BackupError(`${dir} exists and is not a folder.`)
  if (s && (await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty: give a new or empty folder for each backup (e.g. one named by the date).`)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  return { created: !s }
}

export function describeTarget(config: Config): string {
  const db = config.databaseUrl ? `the PostgreSQL ${pgConnection(config.databaseUrl).label}` : `the embedded database in ${path.join(config.dataDir, 'db')}`
  const files = config.storage.kind === 's3' ? `the S3 bucket ${config.storage.bucket}` : `the files in ${path.join(config.dataDir, 'files')}`
  return `${db} and ${files}`
}

export async function runBackup(config: Config, dir: string, out: Output): Promise<Manifest> {
  const { created } = await prepareFolder(dir)
  out.info(`Backing up ${describeTarget(config)} into ${dir}`)
  try {
    const started = new Date()
    const part = config.databaseUrl ? await dumpPostgres(config.databaseUrl, dir) : await dumpPglite(config.dataDir, dir)
    const engine = part.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite, PostgreSQL'
    out.info(`  database: ${engine} ${part.database.serverVersion}, schema ${part.store.schemaVersion.migration}, ${Object.values(part.store.tables).reduce((a, b) => a + b, 0)} rows in ${Object.keys(part.store.tables).length} tables (${part.database.size} bytes)`)
    for (const line of ledgerMismatches(part.store)) out.warn(`the source's stock ledger is off (copied as it is): ${line}`)

    const copied = await copyFilesOut(await openStorage(config), part.wanted, dir)
    out.info(`  files: ${copied.files.length} of ${part.wanted.length} named by documents, ${copied.files.reduce((a, f) => a + f.size, 0)} bytes`)
    if (copied.missing.length) out.warn(`${copied.missing.length} file(s) named by documents are not in the storage (listed in the manifest's missingFiles), e.g. ${copied.missing.slice(0, 3).join(', ')}`)
    for (const line of copied.altered) out.warn(`a stored file differs from what was uploaded (copied as stored): ${line}`)

    const manifest: Manifest = {
      format: FORMAT,
      createdAt: started.toISOString(),
      database: part.database,
      storage: { kind: config.storage.kind },
      store: part.store,
      files: copied.files,
      missingFiles: copied.missing,
    }
    await writeManifest(dir, manifest)
    out.info(`Backup complete: ${path.join(dir, 'manifest.json')}`)
    return manifest
  } catch (err) {
    // The folder was empty or absent: what is in it now is this backup's unfinished part.
    if (created) await rm(dir, { recursive: true, force: true })
    else for (const entry of await readdir(dir).catch(() => [])) await rm(path.join(dir, entry), { recursive: true, force: true })
    throw err
  }
}

async function dumpPostgres(databaseUrl: string, dir: string): Promise<DatabasePart> {
  const conn = pgConnection(databaseUrl)
  const tool = await pgToolVersion('pg_dump', conn.env)
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1, migrate: false })
  try {
    const version = await serverVersion(database.db)
    requireVersion('pg_dump', tool.major, Math.floor(version.num / 10_000), 'this PostgreSQL server')
    const file = path.join(dir, PG_DUMP_FILE)
    // One snapshot for the figures, the documents' list and pg_dump, while the service writes on.
    const { store, wanted } = await database.db.transaction(async (tx) => {
      const snapshot = await exportSnapshot(tx)
      const store = await summarise(tx)
      const wanted = await documentFiles(tx)
      await pgDump(conn, file, snapshot)
      await chmod(file, 0o600)
      return { store, wanted }
    }, { isolationLevel: 'repeatable read', accessMode: 'read only' })
    return { database: { kind: 'postgres', serverVersion: version.text, dumpedWith: tool.text, file: PG_DUMP_FILE, ...(await hashFile(file)) }, store, wanted }
  } finally {
    await database.close()
  }
}

async function dumpPglite(dataDir: string, dir: string): Promise<DatabasePart> {
  const dbDir = path.join(dataDir, 'db')
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dbDir} (DATA_DIR=${dataDir}): nothing to back up. Is DATA_DIR the service's?`)
  // PGlite serves one process: a second one opening the folder would corrupt it. Its
  // postmaster.pid is there while a process has it open (and after a crash, until next open).
  if (existsSync(path.join(dbDir, 'postmaster.pid'))) {
    throw new BackupError(`The embedded database in ${dbDir} is open (its postmaster.pid is there): stop the service first, it serves one process at a time. If the service is not running, it was not stopped cleanly: start it and stop it once (Ctrl+C or SIGTERM), then back up.`)
  }
  const database = await openDatabase({ databaseUrl: null, dataDir, migrate: false })
  try {
    await checkpoint(database.db)
    const version = await serverVersion(database.db)
    const store = await summarise(database.db)
    const wanted = await documentFiles(database.db)
    const file = path.join(dir, PGLITE_FILE)
    await writeFile(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()), { mode: 0o600 })
    return { database: { kind: 'pglite', serverVersion: version.text, dumpedWith: `PGlite ${await pgliteVersion()}`, file: PGLITE_FILE, ...(await hashFile(file)) }, store, wanted }
  } finally {
    await database.close()
  }
}
