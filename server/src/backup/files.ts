// The stored files of a backup, through the service's storage adapter (DATA_DIR/files or S3):
// copied into <backup>/files/<key> with their size and SHA-256, put back on restore, and
// checked on both sides against the manifest.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Storage } from '../platform/storage.ts'
import { backupPathOf, hashFile, hashStream, type FileEntry } from './manifest.ts'

/** Files copied or checked at once: S3 answers each in tens of milliseconds. */
const PARALLEL = 4

async function eachLimited<T>(items: readonly T[], f: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => { while (next < items.length) await f(items[next++]) }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker))
}

/** A missing object (ENOENT, S3's NoSuchKey/404), as opposed to a storage that fails. */
function isMissing(err: unknown): boolean {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

export interface CopiedFiles {
  files: FileEntry[]
  /** Keys a document names but the storage does not hold. */
  missing: string[]
  /** Files whose bytes differ from the size or SHA-256 recorded at upload, one line each. */
  altered: string[]
}

/** Copies each named file from the storage into the backup folder, hashing it on the way. */
export async function copyFilesOut(storage: Storage, wanted: FileEntry[], dir: string): Promise<CopiedFiles> {
  const files: FileEntry[] = []
  const missing: string[] = []
  const altered: string[] = []
  await eachLimited(wanted, async (want) => {
    let source: Readable
    try {
      source = await storage.get(want.key)
    } catch (err) {
      if (isMissing(err)) { missing.push(want.key); return }
      throw err
    }
    const target = backupPathOf(dir, want.key)
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    const hash = createHash('sha256')
    let size = 0
    await pipeline(source, async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk)
        size += chunk.length
        yield chunk
      }
    }, createWriteStream(target, { mode: 0o600 }))
    const got = { size, sha256: hash.digest('hex') }
    files.push({ key: want.key, ...got })
    if (got.size !== want.size || got.sha256 !== want.sha256) altered.push(`${want.key}: stored ${got.size} bytes, SHA-256 ${got.sha256}; recorded at upload ${want.size} bytes, SHA-256 ${want.sha256}`)
  })
  const byKey = (a: { key: string } | string, b: { key: string } | string) => (typeof a === 'string' ? a : a.key).localeCompare(typeof b === 'string' ? b : b.key)
  return { files: files.sort(byKey), missing: missing.sort(byKey), altered }
}

/** Each backup file that is absent or differs from the manifest, one line each. */
export async function checkBackupFiles(dir: string, entries: FileEntry[]): Promise<string[]> {
  const problems: string[] = []
  await eachLimited(entries, async (e) => {
    const file = backupPathOf(dir, e.key)
    if (!(await stat(file).catch(() => null))?.isFile()) { problems.push(`${path.relative(dir, file)}: missing from the backup`); return }
    const got = await hashFile(file)
    if (got.size !== e.size || got.sha256 !== e.sha256) problems.push(`${path.relative(dir, file)}: ${got.size} bytes, SHA-256 ${got.sha256}; the manifest says ${e.size} bytes, SHA-256 ${e.sha256}`)
  })
  return problems.sort()
}

/** Puts each backup file back into the storage under its key. */
export async function copyFilesIn(storage: Storage, entries: FileEntry[], dir: string): Promise<void> {
  // The documents service stores every file as application/octet-stream (its type is the row's).
  await eachLimited(entries, (e) => storage.put(e.key, createReadStream(backupPathOf(dir, e.key)), 'application/octet-stream'))
}

/** Each stored file that is absent or differs from the manifest, read back from the storage. */
export async function checkStoredFiles(storage: Storage, entries: FileEntry[]): Promise<string[]> {
  const problems: string[] = []
  await eachLimited(entries, async (e) => {
    const got = await storage.get(e.key).then(hashStream, (err) => {
      if (isMissing(err)) return null
      throw err
    })
    if (!got) problems.push(`${e.key}: not in the storage`)
    else if (got.size !== e.size || got.sha256 !== e.sha256) problems.push(`${e.key}: ${got.size} bytes, SHA-256 ${got.sha256} in the storage; the manifest says ${e.size} bytes, SHA-256 ${e.sha256}`)
  })
  return problems.sort()
}

/** The first key the storage holds, if any (a restore goes into an empty storage only). */
export async function firstStoredKey(storage: Storage): Promise<string | null> {
  for await (const key of storage.list()) return key
  return null
}
