// Both storage adapters, for real: a temporary folder, and an S3-compatible server (s3rver)
// started here on a free local port. The same contract runs against each; nothing is mocked.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { fsStorage, s3Storage, type Storage } from './storage.ts'

// s3rver ships no typings: the slice used here, loaded through require (it is CommonJS).
interface S3rverInstance { run(): Promise<{ address: string; port: number }>; close(): Promise<void> }
type S3rverClass = new (opts: Record<string, unknown>) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass

const BUCKET = 'palier-test'
const temps: string[] = []
async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix))
  temps.push(dir)
  return dir
}
after(async () => { await Promise.all(temps.map((d) => rm(d, { recursive: true, force: true }))) })

async function startS3(): Promise<{ server: S3rverInstance; endpoint: string }> {
  const server = new S3rver({
    address: '127.0.0.1', port: 0, silent: true,
    directory: await tempDir('palier-s3rver-'),
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await server.run()
  return { server, endpoint: `http://127.0.0.1:${port}` }
}

// s3rver checks SigV4 signatures against its fixed default credentials.
function s3Config(endpoint: string, bucket = BUCKET) {
  return { kind: 's3' as const, endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray())
}

async function keysOf(s: Storage): Promise<string[]> {
  const keys: string[] = []
  for await (const key of s.list()) keys.push(key)
  return keys
}

/** The behaviour every adapter owes the services. */
function storageContract(make: () => Storage) {
  const small = randomBytes(4096)
  // Several chunks, every byte value, larger than one socket read.
  const chunks = Array.from({ length: 8 }, () => randomBytes(128 * 1024))
  const large = Buffer.concat(chunks)

  test('a Buffer comes back byte-identical', async () => {
    const s = make()
    await s.put('attachments/0190a1b2-buffer.bin', small, 'application/octet-stream')
    const out = await s.get('attachments/0190a1b2-buffer.bin')
    assert.ok(out instanceof Readable)
    assert.deepEqual(await bytesOf(out), small)
  })

  test('a Readable stream comes back byte-identical', async () => {
    const s = make()
    await s.put('attachments/0190a1b2-stream.bin', Readable.from(chunks), 'image/jpeg')
    assert.deepEqual(await bytesOf(await s.get('attachments/0190a1b2-stream.bin')), large)
  })

  test('putting the same key again replaces the content', async () => {
    const s = make()
    await s.put('photos/replace.txt', Buffer.from('first'), 'text/plain')
    await s.put('photos/replace.txt', Buffer.from('second, longer'), 'text/plain')
    assert.equal((await bytesOf(await s.get('photos/replace.txt'))).toString(), 'second, longer')
  })

  test('after delete, get fails; deleting again is harmless', async () => {
    const s = make()
    await s.put('attachments/to-delete.bin', small, 'application/octet-stream')
    await s.delete('attachments/to-delete.bin')
    await assert.rejects(s.get('attachments/to-delete.bin'))
    await s.delete('attachments/to-delete.bin')
  })

  test('get of a key never written fails', async () => {
    await assert.rejects(make().get('attachments/never-written.bin'))
  })

  test('keys that try to escape are refused by put, get and delete', async () => {
    const s = make()
    for (const key of ['../x', '/abs', 'a/../../x', 'a/..', '', '.hidden', 'a\\b', 'a b']) {
      await assert.rejects(s.put(key, Buffer.from('x'), 'text/plain'), /invalid storage key/, `put ${JSON.stringify(key)}`)
      await assert.rejects(s.get(key), /invalid storage key/, `get ${JSON.stringify(key)}`)
      await assert.rejects(s.delete(key), /invalid storage key/, `delete ${JSON.stringify(key)}`)
    }
  })

  test('ping is true when the store is reachable', async () => {
    assert.equal(await make().ping(), true)
  })

  test('list gives every stored key, nested ones included, and neither a deleted one nor the health probe', async () => {
    const s = make()
    await s.ping()
    await s.put('listed/a.bin', small, 'application/octet-stream')
    await s.put('listed/deeper/b.bin', small, 'application/octet-stream')
    await s.put('listed/gone.bin', small, 'application/octet-stream')
    await s.delete('listed/gone.bin')
    const keys = await keysOf(s)
    assert.deepEqual(keys.filter((k) => k.startsWith('listed/')).sort(), ['listed/a.bin', 'listed/deeper/b.bin'])
    assert.ok(!keys.includes('.health'))
    assert.equal(new Set(keys).size, keys.length)
  })
}

test('list of a storage folder not yet created is empty', async () => {
  assert.deepEqual(await keysOf(fsStorage(path.join(await tempDir('palier-list-'), 'missing'))), [])
})

describe('fsStorage (temporary folder)', () => {
  let root = ''
  let storage: Storage
  before(async () => {
    root = path.join(await tempDir('palier-fs-'), 'files')
    storage = fsStorage(root)
  })
  storageContract(() => storage)

  test('files land inside the root folder and nowhere else', async () => {
    await storage.put('nested/deep/file.txt', Buffer.from('inside'), 'text/plain')
    assert.equal(await readFile(path.join(root, 'nested/deep/file.txt'), 'utf8'), 'inside')
  })

  test('a ping polled hard writes its probe once a second at most, and sees the folder gone after that second', async () => {
    const dir = path.join(await tempDir('palier-fs-'), 'files')
    const s = fsStorage(dir)
    assert.deepEqual(await Promise.all(Array.from({ length: 50 }, () => s.ping())), Array(50).fill(true))
    const probe = path.join(dir, '.health')
    const first = await readFile(probe, 'utf8')
    await new Promise((r) => setTimeout(r, 20))
    assert.deepEqual(await Promise.all(Array.from({ length: 50 }, () => s.ping())), Array(50).fill(true))
    assert.equal(await readFile(probe, 'utf8'), first, 'not written again within the second')
    await rm(dir, { recursive: true })
    await writeFile(dir, 'a file where the folder was')
    await new Promise((r) => setTimeout(r, 1100))
    assert.equal(await s.ping(), false)
  })

  test('ping is false when the root cannot be created', async () => {
    const blocker = path.join(await tempDir('palier-fs-'), 'a-file')
    await fsStorage(path.dirname(blocker)).put('a-file', Buffer.from('in the way'), 'text/plain')
    assert.equal(await fsStorage(path.join(blocker, 'files')).ping(), false)
  })
})

describe('s3Storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>
  let storage: Storage
  before(async () => {
    s3 = await startS3()
    storage = await s3Storage(s3Config(s3.endpoint))
    assert.equal(storage.kind, 's3')
  })
  after(async () => { await s3?.server.close() })
  storageContract(() => storage)

  test('the object is really in the bucket, under the given key and content type', async () => {
    const body = randomBytes(1000)
    await storage.put('attachments/raw-check.pdf', body, 'application/pdf')
    // An anonymous read straight from the server: the stored bytes are the body itself
    // (no aws-chunked framing or checksum trailer left in them).
    const res = await fetch(`${s3.endpoint}/${BUCKET}/attachments/raw-check.pdf`)
    assert.equal(res.status, 200)
    assert.equal(res.headers.get('content-type'), 'application/pdf')
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), body)
  })

  test('a stream read only partly can be abandoned without breaking later calls', async () => {
    await storage.put('attachments/partial.bin', randomBytes(512 * 1024), 'application/octet-stream')
    const out = await storage.get('attachments/partial.bin')
    for await (const chunk of out) { assert.ok(chunk.length > 0); break }
    assert.equal(await storage.ping(), true)
    assert.equal((await bytesOf(await storage.get('attachments/partial.bin'))).length, 512 * 1024)
  })

  test('ping is false when the bucket does not exist', async () => {
    assert.equal(await (await s3Storage(s3Config(s3.endpoint, 'no-such-bucket'))).ping(), false)
  })

  // s3rver knows access key ids but does not verify SigV4 signatures, so the id is what is wrong here.
  test('ping is false with an unknown access key', async () => {
    const wrong = await s3Storage({ ...s3Config(s3.endpoint), accessKeyId: 'NOT-A-KEY' })
    assert.equal(await wrong.ping(), false)
    await assert.rejects(wrong.put('attachments/denied.bin', Buffer.from('x'), 'text/plain'))
  })

  test('ping goes from true to false when the server stops', async () => {
    const other = await startS3()
    const s = await s3Storage(s3Config(other.endpoint))
    assert.equal(await s.ping(), true)
    await other.server.close()
    assert.equal(await s.ping(), false)
    await assert.rejects(s.get('attachments/anything.bin'))
  })
})
