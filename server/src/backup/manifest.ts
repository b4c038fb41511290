// The manifest of a backup (manifest.json, written last: a folder without one is no backup) and
// what it records of a store: its schema version, row counts, sequences, each part's quantity
// beside its ledger, and each stored file's key, size and SHA-256. A restore checks the backup
// against it before touching anything, and the restored store against it afterwards.
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { migrationsFolder, type Db } from '../platform/db.ts'
import { lastMigration, partLedgers, rowCounts, sequenceValues, tableNames, type PartLedger } from './backup.queries.ts'

export const MANIFEST_FILE = 'manifest.json'
export const FORMAT = 'palier-backup/1'
/** Where the stored files go in a backup folder: files/<storage key>. */
export const FILES_DIR = 'files'

export class BackupError extends Error {}

export interface StoreSummary {
  /** The last migration applied: its journal tag (e.g. 0018_part_list_rows) and drizzle's hash. */
  schemaVersion: { migration: string; hash: string }
  tables: Record<string, number>
  sequences: Record<string, number | null>
  parts: PartLedger[]
}

export interface FileEntry { key: string; size: number; sha256: string }

export interface Manifest {
  format: typeof FORMAT
  createdAt: string
  /** Only kinds and versions: never a URL, a host, a bucket key or any secret. */
  /** dumpedWith: 'pg_dump 15.20' or 'PGlite 0.5.16' (a data folder opens in that version only). */
  database: { kind: 'postgres' | 'pglite'; serverVersion: string; dumpedWith: string; file: string; size: number; sha256: string }
  storage: { kind: 'fs' | 's3' }
  store: StoreSummary
  files: FileEntry[]
  /** Keys the documents name whose file the storage did not hold at backup time. */
  missingFiles: string[]
}

interface Journal { entries: { when: number; tag: string }[] }
let journal: Promise<Journal> | null = null
/** The migrations this version of Palier knows (its drizzle journal). */
export function knownMigrations(): Promise<Journal> {
  journal ??= readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8').then((t) => JSON.parse(t) as Journal)
  return journal
}

/** The PGlite this Palier runs (pinned exactly in server/package.json, as the tests' template reads it). */
export async function pgliteVersion(): Promise<string> {
  return JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')).dependencies['@electric-sql/pglite']
}

/** What the manifest records of a store, read on `db` (inside the dump's snapshot on PostgreSQL). */
export async function summarise(db: Db): Promise<StoreSummary> {
  const last = await lastMigration(db)
  if (!last) throw new BackupError('This database holds no Palier schema (no drizzle.__drizzle_migrations): nothing to back up.')
  const tag = (await knownMigrations()).entries.find((e) => e.when === last.createdAt)?.tag ?? `unknown-${last.createdAt}`
  return {
    schemaVersion: { migration: tag, hash: last.hash },
    tables: await rowCounts(db, await tableNames(db)),
    sequences: await sequenceValues(db),
    parts: await partLedgers(db),
  }
}

/** Parts whose quantity is not the sum of their movements, one line each. */
export function ledgerMismatches(s: StoreSummary): string[] {
  return s.parts.filter((p) => p.quantity !== p.ledger).map((p) => `part ${p.reference}: quantity ${p.quantity}, movements sum to ${p.ledger}`)
}

/** Each way `actual` differs from `expected`, one line each (none: the same store). */
export function summaryDifferences(expected: StoreSummary, actual: StoreSummary): string[] {
  const out: string[] = []
  if (expected.schemaVersion.migration !== actual.schemaVersion.migration || expected.schemaVersion.hash !== actual.schemaVersion.hash) {
    out.push(`schema version: ${actual.schemaVersion.migration}, expected ${expected.schemaVersion.migration}`)
  }
  const compare = <V>(what: string, a: Record<string, V>, b: Record<string, V>) => {
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (a[name] !== b[name]) out.push(`${what} ${name}: ${b[name] ?? 'absent'}, expected ${a[name] ?? 'absent'}`)
    }
  }
  compare('table', expected.tables, actual.tables)
  compare('sequence', expected.sequences, actual.sequences)
  const ledger = (s: StoreSummary) => Object.fromEntries(s.parts.map((p) => [`${p.reference} (${p.id})`, `quantity ${p.quantity} / ledger ${p.ledger}`]))
  compare('part', ledger(expected), ledger(actual))
  return out
}

/** Size and SHA-256 of a stream, read to its end. */
export async function hashStream(stream: Readable | AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk)
    size += chunk.length
  }
  return { size, sha256: hash.digest('hex') }
}

export const hashFile = (file: string) => hashStream(createReadStream(file))

/** A file in the backup folder for a storage key (keys are the service's own: documents/<uuid>). */
export function backupPathOf(dir: string, key: string): string {
  const target = path.resolve(dir, FILES_DIR, ...key.split('/'))
  if (!target.startsWith(path.resolve(dir, FILES_DIR) + path.sep)) throw new BackupError(`Invalid storage key in the manifest: ${JSON.stringify(key)}`)
  return target
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  // Renamed into place: a manifest is there whole, or not at all.
  const tmp = path.join(dir, `.${MANIFEST_FILE}.tmp`)
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  await rename(tmp, path.join(dir, MANIFEST_FILE))
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8')
  } catch {
    throw new BackupError(`${dir} is not a Palier backup: it has no ${MANIFEST_FILE} (a backup that did not finish has none).`)
  }
  let manifest: Manifest
  try {
    manifest = JSON.parse(text)
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged.`)
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not a manifest this version reads (format ${JSON.stringify(manifest?.format)}, expected ${FORMAT}).`)
  return manifest
}
