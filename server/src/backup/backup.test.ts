// Backups for real (docs/backups.md): the demo data (rows, stock ledger, the manuals' files) backed
// up and restored into an empty store, on the embedded PGlite data folder with files in
// DATA_DIR/files, and (with DATABASE_URL) on PostgreSQL with S3 storage (s3rver). The restored
// store must have the same row counts, sequences, ledger sums and file hashes; a non-empty target
// and a damaged backup are refused before anything is written.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { loadConfig, type Config } from '../config.ts'
import { seedDemo } from '../seed/demo.ts'
import { systemClock } from '../platform/clock.ts'
import { openDatabase } from '../platform/db.ts'
import { fsStorage, openStorage } from '../platform/storage.ts'
import { startTestApp } from '../test/harness.ts'
import { clonePgTemplate, pgliteTemplate } from '../test/template.ts'
import { documentFiles } from './backup.queries.ts'
import { runBackup } from './backup.ts'
import { hashStream, summarise, type Manifest, type StoreSummary } from './manifest.ts'
import { pgConnection, pgToolVersion } from './pg-tools.ts'
import { runRestore } from './restore.ts'

const temps: string[] = []
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  temps.push(dir)
  return dir
}
after(async () => { await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true }))) })

/** The service's configuration for a store: env as an operator would set it. */
const configFor = (env: Record<string, string>): Config => loadConfig({ NODE_ENV: 'test', DEMO_MODE: '0', ...env })

/** What the tool printed, kept to be read by the test. */
function recorder() {
  const lines: string[] = []
  return { lines, out: { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(`WARNING: ${l}`) } }
}

/** A store looked at from outside: its figures, the ledger rule, and each stored file's SHA-256. */
async function lookAt(config: Config): Promise<{ summary: StoreSummary; files: Record<string, string>; documents: Record<string, string> }> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false })
  try {
    const storage = await openStorage(config)
    const files: Record<string, string> = {}
    for await (const key of storage.list()) files[key] = (await hashStream(await storage.get(key))).sha256
    const documents = Object.fromEntries((await documentFiles(database.db)).map((d) => [d.key, d.sha256]))
    return { summary: await summarise(database.db), files, documents }
  } finally {
    await database.close()
  }
}

/** The demo data's shape, and the rules a sound store keeps: quantity = ledger, files as uploaded. */
function assertSound(store: Awaited<ReturnType<typeof lookAt>>) {
  const { summary, files, documents } = store
  assert.ok(summary.tables.work_orders > 100 && summary.tables.stock_movements > 10 && summary.tables.users > 10, JSON.stringify(summary.tables))
  assert.ok(summary.parts.length >= 15)
  for (const p of summary.parts) assert.equal(p.quantity, p.ledger, `part ${p.reference}`)
  assert.ok(Object.keys(files).length >= 3)
  assert.deepEqual(files, documents)
}

// ---- The embedded store: one seeded data folder, one backup, read by every test below.

let source: Config
let backupDir: string
let manifest: Manifest
before(async () => {
  const dataDir = await tempDir('palier-backup-src-')
  const database = await openDatabase({ databaseUrl: null, dataDir, loadDataDir: await pgliteTemplate(), migrate: false })
  try {
    assert.equal(await seedDemo({ database, clock: systemClock, storage: fsStorage(path.join(dataDir, 'files')) }), true)
  } finally {
    await database.close()
  }
  source = configFor({ DATA_DIR: dataDir })
  backupDir = path.join(await tempDir('palier-backup-'), 'nightly')
  manifest = await runBackup(source, backupDir, recorder().out)
})

test('embedded store: the backup holds the data folder, the files and a manifest of what they hold', async () => {
  assert.deepEqual((await readdir(backupDir)).sort(), ['files', 'manifest.json', 'pglite-data.tar.gz'])
  assert.equal(manifest.database.kind, 'pglite')
  assert.match(manifest.database.dumpedWith, /^PGlite 0\.\d+\.\d+$/)
  assert.match(manifest.store.schemaVersion.migration, /^\d{4}_\w+$/)
  const seen = await lookAt(source)
  assertSound(seen)
  assert.deepEqual(manifest.store, seen.summary)
  assert.deepEqual(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256])), seen.files)
  assert.deepEqual(manifest.missingFiles, [])
})

test('embedded store: a restore into an empty DATA_DIR gives the same counts, ledger sums and file hashes, and the service runs on it', async () => {
  const target = configFor({ DATA_DIR: await tempDir('palier-restore-') })
  const { lines, out } = recorder()
  await runRestore(target, backupDir, out)
  assert.ok(lines.some((l) => /verified/.test(l)), lines.join('\n'))
  const [before, after] = [await lookAt(source), await lookAt(target)]
  assertSound(after)
  assert.deepEqual(after.summary, before.summary)
  assert.deepEqual(after.files, before.files)

  // The service, on the restored store, serves its documents byte for byte.
  const database = await openDatabase({ databaseUrl: null, dataDir: target.dataDir, migrate: false })
  const t = await startTestApp({ build: { database }, env: { DATA_DIR: target.dataDir } })
  try {
    const token = await t.tokenFor('Administrateur')
    const [key, sha256] = Object.entries(after.documents)[0]
    const res = await t.app.fastify.inject({ method: 'GET', url: `/api/documents/${key.replace('documents/', '')}/download`, headers: { authorization: `Bearer ${token}` } })
    assert.equal(res.statusCode, 200)
    assert.equal(createHash('sha256').update(res.rawPayload).digest('hex'), sha256)
  } finally {
    await t.close()
    await database.close()
  }
})

test('restore refuses a non-empty database or storage, and writes nothing', async () => {
  // The source itself: its database is there.
  await assert.rejects(runRestore(source, backupDir, recorder().out), /not empty.*Nothing was restored/s)
  // An empty database folder but a storage holding a file.
  const dataDir = await tempDir('palier-restore-files-')
  await fsStorage(path.join(dataDir, 'files')).put('documents/left-over', Buffer.from('x'), 'application/octet-stream')
  await assert.rejects(runRestore(configFor({ DATA_DIR: dataDir }), backupDir, recorder().out), /storage .* is not empty \(it holds documents\/left-over/)
  assert.deepEqual(await readdir(dataDir), ['files'])
})

test('restore refuses a damaged backup before touching the target: a file changed, the database cut short, no manifest', async () => {
  const damaged = path.join(await tempDir('palier-damaged-'), 'copy')
  await cp(backupDir, damaged, { recursive: true })
  const victim = path.join(damaged, 'files', ...manifest.files[0].key.split('/'))
  const bytes = await readFile(victim)
  bytes[bytes.length >> 1] ^= 0xff
  await writeFile(victim, bytes)
  const dataDir = await tempDir('palier-restore-damaged-')
  const target = configFor({ DATA_DIR: dataDir })
  await assert.rejects(runRestore(target, damaged, recorder().out), (err: Error) => {
    assert.match(err.message, /damaged, nothing was restored/)
    assert.match(err.message, new RegExp(`files/${manifest.files[0].key}: .*SHA-256`))
    return true
  })
  await truncate(path.join(damaged, 'pglite-data.tar.gz'), 1000)
  await assert.rejects(runRestore(target, damaged, recorder().out), /pglite-data\.tar\.gz: 1000 bytes/)
  await rm(path.join(damaged, 'manifest.json'))
  await assert.rejects(runRestore(target, damaged, recorder().out), /not a Palier backup: it has no manifest\.json/)
  assert.deepEqual(await readdir(dataDir), [])
})

test('a restored store that differs from the manifest fails the restore, which says the target is partial', async () => {
  const edited = path.join(await tempDir('palier-edited-'), 'copy')
  await cp(backupDir, edited, { recursive: true })
  const changed: Manifest = JSON.parse(await readFile(path.join(edited, 'manifest.json'), 'utf8'))
  changed.store.tables.users += 1
  changed.store.parts[0].ledger += 5
  await writeFile(path.join(edited, 'manifest.json'), JSON.stringify(changed))
  await assert.rejects(runRestore(configFor({ DATA_DIR: await tempDir('palier-restore-edited-') }), edited, recorder().out), (err: Error) => {
    assert.match(err.message, /does not match the backup's manifest/)
    assert.match(err.message, new RegExp(`table users: ${manifest.store.tables.users}, expected ${manifest.store.tables.users + 1}`))
    assert.match(err.message, new RegExp(`part ${manifest.store.parts[0].reference} .*: quantity \\d+ / ledger ${manifest.store.parts[0].ledger}, expected`))
    assert.match(err.message, /partial restore/)
    return true
  })
})

test('backup refuses a folder that is not empty, and an embedded database a process has open', async () => {
  await assert.rejects(runBackup(source, backupDir, recorder().out), /is not empty: give a new or empty folder/)
  const open = await openDatabase({ databaseUrl: null, dataDir: source.dataDir, migrate: false })
  try {
    const dir = path.join(await tempDir('palier-backup-open-'), 'b')
    await assert.rejects(runBackup(source, dir, recorder().out), /is open .*stop the service first/s)
    // The refused backup leaves nothing behind, not even the folder it made.
    await assert.rejects(readdir(dir), { code: 'ENOENT' })
  } finally {
    await open.close()
  }
})

test('npm run restore: a refusal exits non-zero with its reason', async () => {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))
  const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DEMO_MODE: '0', DATA_DIR: source.dataDir }
  const child = spawn(process.execPath, [cli, 'restore', backupDir], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const [stdout, stderr] = await Promise.all([child.stdout, child.stderr].map(async (s) => Buffer.concat(await s.toArray()).toString()))
  const code = await new Promise((resolve) => child.on('close', resolve))
  assert.equal(code, 1, stdout + stderr)
  assert.match(stderr, /Restore failed: .*is not empty/s)
})

test('a missing pg_dump is named with the package that brings it', async () => {
  await assert.rejects(pgToolVersion('pg_dump', { PATH: '/nonexistent' }), /pg_dump was not found on PATH.*postgresql-client/)
})

test('the database password reaches pg_dump through PGPASSWORD, never its command line or a label', () => {
  const c = pgConnection('postgres://palier:s%40cret-pw@db.internal:6432/cmms?sslmode=require', {})
  assert.equal(c.env.PGPASSWORD, 's@cret-pw')
  assert.equal(c.url, 'postgres://palier@db.internal:6432/cmms?sslmode=require')
  assert.equal(c.label, 'database cmms on db.internal:6432')
})

// ---- PostgreSQL (DATABASE_URL set): pg_dump inside the figures' snapshot, S3 storage.

test('PostgreSQL with S3 storage: a restore into an empty database and bucket gives the same counts, ledger sums and file hashes', { skip: !process.env.DATABASE_URL }, async () => {
  const base = process.env.DATABASE_URL!
  const S3rver = createRequire(import.meta.url)('s3rver') as new (o: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> }
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: await tempDir('palier-backup-s3-'), configureBuckets: [{ name: 'src' }, { name: 'dst' }] })
  const { port } = await s3.run()
  const s3Env = (bucket: string) => ({ S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' })
  const sourceDb = await clonePgTemplate(base)
  // The target: a database of this test's own, empty as CREATE DATABASE makes it.
  const targetName = `palier_backup_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = await openDatabase({ databaseUrl: base, dataDir: '', poolSize: 1, migrate: false })
  const dataDir = await tempDir('palier-backup-pg-')
  try {
    await admin.db.execute(sql.raw(`CREATE DATABASE ${targetName}`))
    const targetUrl = new URL(base)
    targetUrl.pathname = `/${targetName}`
    const src = configFor({ DATABASE_URL: sourceDb.url, DATA_DIR: dataDir, ...s3Env('src') })
    const dst = configFor({ DATABASE_URL: targetUrl.toString(), DATA_DIR: dataDir, ...s3Env('dst') })
    const database = await openDatabase({ databaseUrl: sourceDb.url, dataDir: '', migrate: false })
    try {
      assert.equal(await seedDemo({ database, clock: systemClock, storage: await openStorage(src) }), true)
    } finally {
      await database.close()
    }
    const dir = path.join(dataDir, 'backup')
    const { lines, out } = recorder()
    const made = await runBackup(src, dir, out)
    assert.deepEqual((await readdir(dir)).sort(), ['database.pgdump', 'files', 'manifest.json'])
    assert.match(made.database.dumpedWith, /^pg_dump \d+\.\d+$/)
    await runRestore(dst, dir, out)
    const [before, after] = [await lookAt(src), await lookAt(dst)]
    assertSound(after)
    assert.deepEqual(after.summary, before.summary)
    assert.deepEqual(after.files, before.files)
    assert.deepEqual(made.store, before.summary)
    // No secret in what was printed or written: neither the URL (its password) nor the S3 key.
    const said = lines.join('\n') + (await readFile(path.join(dir, 'manifest.json'), 'utf8'))
    for (const secret of [sourceDb.url, targetUrl.toString(), 'S3RVER']) assert.ok(!said.includes(secret), secret)
    // Restored once, the target is no longer empty.
    await assert.rejects(runRestore(dst, dir, recorder().out), /is not empty \(it holds .*Nothing was restored/s)
  } finally {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`)).catch(() => {})
    await admin.close()
    await sourceDb.drop()
    await s3.close()
  }
})
