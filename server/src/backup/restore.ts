// `npm run restore -- <dir>` (docs/backups.md): a backup into an EMPTY database and storage.
// Nothing is written before the backup is found whole (every byte as its manifest says) and
// both targets empty; afterwards the restored store is checked against the manifest: row
// counts, sequences, each part's quantity and ledger, every file's size and SHA-256.
import { openAsBlob } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../platform/db.ts'
import { openStorage, type Storage } from '../platform/storage.ts'
import { userObjects } from './backup.queries.ts'
import { describeTarget, type Output } from './backup.ts'
import { checkBackupFiles, checkStoredFiles, copyFilesIn, firstStoredKey } from './files.ts'
import { BackupError, hashFile, knownMigrations, ledgerMismatches, pgliteVersion, readManifest, summarise, summaryDifferences, type Manifest } from './manifest.ts'
import { pgConnection, pgRestore, pgToolVersion, requireVersion } from './pg-tools.ts'

const PARTIAL = 'The target now holds a partial restore: empty the database and the storage (drop and create the database, or delete DATA_DIR/db; delete the stored files) before trying again.'

export async function runRestore(config: Config, dir: string, out: Output): Promise<Manifest> {
  const manifest = await readManifest(dir)
  out.info(`Restoring the backup made at ${manifest.createdAt} (${dir}) into ${describeTarget(config)}`)

  const damaged = await checkBackup(dir, manifest)
  if (damaged.length) throw new BackupError(`The backup is damaged, nothing was restored:\n  ${damaged.join('\n  ')}`)
  out.info(`  backup checked: the database file and ${manifest.files.length} files match the manifest`)
  await checkFits(config, manifest)

  const storage = await openStorage(config)
  // Open on PostgreSQL (found empty); on PGlite, DATA_DIR/db found absent or empty.
  const target = config.databaseUrl ? await emptyPostgres(config.databaseUrl, manifest) : await emptyPglite(config.dataDir)
  let restored = target
  try {
    const key = await firstStoredKey(storage)
    if (key !== null) throw new BackupError(`The storage (${config.storage.kind === 's3' ? `bucket ${config.storage.bucket}` : path.join(config.dataDir, 'files')}) is not empty (it holds ${key}…): a restore goes into an empty storage only. Nothing was restored.`)
    // pg_restore runs in one transaction: failing, it leaves the database as empty as it was.
    if (target) {
      await pgRestore(pgConnection(config.databaseUrl!), path.join(dir, path.basename(manifest.database.file))).catch((err: Error) => {
        err.message = `${err.message}\npg_restore ran in one transaction: the database is still empty, nothing was restored.`
        throw err
      })
    }
    try {
      if (!target) restored = await loadPglite(config.dataDir, dir, manifest)
      out.info('  database restored')
      await copyFilesIn(storage, manifest.files, dir)
      out.info(`  ${manifest.files.length} files restored`)
      const problems = await verify(restored!, storage, manifest)
      if (problems.length) throw new BackupError(`The restored store does not match the backup's manifest:\n  ${problems.join('\n  ')}`)
    } catch (err) {
      if (err instanceof Error) err.message = `${err.message}\n${PARTIAL}`
      throw err
    }
  } finally {
    await restored?.close()
  }
  out.info(`  verified: schema ${manifest.store.schemaVersion.migration}, ${Object.keys(manifest.store.tables).length} tables' row counts, ${manifest.store.parts.length} parts' ledgers and ${manifest.files.length} files' SHA-256 as in the manifest`)
  if (manifest.missingFiles.length) out.warn(`${manifest.missingFiles.length} file(s) named by documents were already missing at backup time (the manifest's missingFiles): their downloads answer 404.`)
  for (const line of ledgerMismatches(manifest.store)) out.warn(`restored as it was backed up: ${line}`)
  out.info('Restore complete. Start the service on it (it migrates a backup of an older version at start).')
  return manifest
}

/** Every problem of the backup folder: its database file and stored files against the manifest. */
async function checkBackup(dir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = []
  const db = await hashFile(path.join(dir, path.basename(manifest.database.file))).catch(() => null)
  if (!db) problems.push(`${manifest.database.file}: missing from the backup`)
  else if (db.size !== manifest.database.size || db.sha256 !== manifest.database.sha256) {
    problems.push(`${manifest.database.file}: ${db.size} bytes, SHA-256 ${db.sha256}; the manifest says ${manifest.database.size} bytes, SHA-256 ${manifest.database.sha256}`)
  }
  return [...problems, ...(await checkBackupFiles(dir, manifest.files))]
}

/** Refuses a backup this service cannot take: another kind of database, a schema it does not know. */
async function checkFits(config: Config, manifest: Manifest): Promise<void> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite'
  if (manifest.database.kind !== kind) {
    throw new BackupError(manifest.database.kind === 'pglite'
      ? 'This is a backup of the embedded database (PGlite): restore it with DATABASE_URL unset, into an empty DATA_DIR.'
      : 'This is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty PostgreSQL database.')
  }
  const migration = manifest.store.schemaVersion.migration
  if (!(await knownMigrations()).entries.some((e) => e.tag === migration)) {
    throw new BackupError(`The backup's schema (${migration}) is newer than this version of Palier knows: restore it with the version that made it, or a later one.`)
  }
  if (kind === 'pglite' && manifest.database.dumpedWith !== `PGlite ${await pgliteVersion()}`) {
    throw new BackupError(`The backup was made with ${manifest.database.dumpedWith}, this Palier runs PGlite ${await pgliteVersion()}: a PGlite data folder opens only in the version that wrote it. Restore it with the Palier version that made it.`)
  }
}

/** The target PostgreSQL database, open, once found empty; pg_restore checked beforehand. */
async function emptyPostgres(databaseUrl: string, manifest: Manifest): Promise<Database> {
  const conn = pgConnection(databaseUrl)
  const tool = await pgToolVersion('pg_restore', conn.env)
  const dumped = Number(/(\d+)/.exec(manifest.database.dumpedWith)?.[1] ?? 0)
  requireVersion('pg_restore', tool.major, dumped, `a dump made by pg_dump ${dumped}`)
  const database = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1, migrate: false })
  const objects = await userObjects(database.db).catch(async (err) => { await database.close(); throw err })
  if (objects.length) {
    await database.close()
    throw new BackupError(`The ${conn.label} is not empty (it holds ${objects.join(', ')}…): a restore goes into an empty database only (createdb, and no service started on it before the restore). Nothing was restored.`)
  }
  return database
}

/** Null once DATA_DIR/db is found absent or empty (the restore creates it). */
async function emptyPglite(dataDir: string): Promise<null> {
  const dbDir = path.join(dataDir, 'db')
  const entries = await readdir(dbDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return []
    throw err
  })
  if (entries.length) throw new BackupError(`${dbDir} is not empty: a restore goes into an empty DATA_DIR/db only (move the old one away, or give another DATA_DIR). Nothing was restored.`)
  return null
}

async function loadPglite(dataDir: string, dir: string, manifest: Manifest): Promise<Database> {
  const loadDataDir = await openAsBlob(path.join(dir, path.basename(manifest.database.file)))
  return openDatabase({ databaseUrl: null, dataDir, loadDataDir, migrate: false })
}

/** Every way the restored store differs from the manifest, one line each. */
async function verify(database: Database, storage: Storage, manifest: Manifest): Promise<string[]> {
  return [...summaryDifferences(manifest.store, await summarise(database.db)), ...(await checkStoredFiles(storage, manifest.files))]
}
