// Documents against both storages for real: the filesystem (the limit at the byte, and the
// memory of a 20 MB upload sent over HTTP) and an S3 server (s3rver, like storage.test.ts):
// upload, identical download, delete; a refused or failed upload leaves no object.
import assert from 'node:assert/strict'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import v8 from 'node:v8'
import vm from 'node:vm'
import { eq } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { documents } from './documents.tables.ts'
import { fsStorage, s3Storage, type Storage } from '../../platform/storage.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset, insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { downloadDocument, jpeg, multipart, pdf, sha256, uploadDocument } from './documents.fixtures.ts'
import { MAX_DOCUMENT_BYTES } from './documents.schemas.ts'

interface S3rverInstance { run(): Promise<{ address: string; port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance
const BUCKET = 'palier-documents'

describe('filesystem storage', () => {
  let t: TestApp
  let token: string
  let assetId: string
  const stored = async () => (await readdir(path.join(t.app.deps.config.dataDir, 'files', 'documents')).catch(() => [])).length
  before(async () => {
    t = await startTestApp()
    token = await t.tokenFor('Dispatcher')
    assetId = await insertAsset(t, await insertLocation(t, 'Site fichiers'))
  })
  after(() => t.close())

  // First: the other test's 20 MB buffers would already have raised the resident size.
  test('a 20 MB upload streamed over HTTP grows the process\'s heap and buffers by less than 40 MB', async (ctx) => {
    const port = await listen(t)
    const boundary = '----palier' + Date.now()
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="assetId"\r\n\r\n${assetId}\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const chunk = Buffer.alloc(64 * 1024, 0x41)
    // A full collection before the start, and once half-way (live memory then, not garbage
    // waiting for a collection); the peaks in between are sampled as they are, garbage included.
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as () => void
    gc()
    const start = process.memoryUsage()
    const live = () => { gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers - start.heapUsed - start.arrayBuffers }
    let halfWayLive: number | undefined
    let peakRss = start.rss, peakHeap = start.heapUsed + start.arrayBuffers
    const sampler = setInterval(() => {
      const m = process.memoryUsage()
      peakRss = Math.max(peakRss, m.rss)
      peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers)
    }, 5)
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1', port, method: 'POST', path: '/api/documents',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + MAX_DOCUMENT_BYTES + tail.length },
      }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)) })
      req.on('error', reject)
      // The body is written as it goes (never built whole): %PDF- then 64 KiB chunks.
      let left = MAX_DOCUMENT_BYTES - 5
      req.write(head)
      req.write('%PDF-')
      const pump = () => {
        while (left > 0) {
          const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
          left -= part.length
          if (halfWayLive === undefined && left < MAX_DOCUMENT_BYTES / 2) halfWayLive = live()
          if (!req.write(part)) return void req.once('drain', pump)
        }
        req.end(tail)
      }
      pump()
    })
    clearInterval(sampler)
    assert.equal(status, 201)
    const MB = 1024 * 1024
    ctx.diagnostic(`growth during the upload: rss ${((peakRss - start.rss) / MB).toFixed(1)} MB, heap + buffers ${((peakHeap - start.heapUsed - start.arrayBuffers) / MB).toFixed(1)} MB; live half-way ${(halfWayLive! / MB).toFixed(1)} MB`)
    // The resident size is reported, not judged: the test worker runs other files before this
    // one (PGlite's WASM heaps among them), whose native memory comes back to it in its own time
    // (98.8 MB of growth seen once in CI, under 1 MB alone). What the streaming bounds is the
    // memory the process holds for the upload: its heap and buffers, judged below.
    // The live memory half-way is reported, not judged: on a loaded machine the bytes waiting in
    // the streams' buffers (6–7 MB seen at load 8) come close to what a held file shows there.
    assert.ok(peakHeap - (start.heapUsed + start.arrayBuffers) < 40 * MB, `heap + buffers grew by ${((peakHeap - start.heapUsed - start.arrayBuffers) / MB).toFixed(1)} MB`)
  })
  test('over HTTP, a file refused from its first bytes answers 400 and the rest of the body is still read', async () => {
    const port = await listen(t)
    const { payload, type } = await multipart({ assetId }, { bytes: Buffer.alloc(8 * 1024 * 1024, 0x41), name: 'notes.pdf' })
    const agent = new http.Agent({ keepAlive: true })
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/documents', agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': type, 'content-length': payload.length } })
    // The whole body gets written (a stalled connection would never finish), and the answer read.
    const sent = new Promise<void>((resolve) => req.on('finish', resolve))
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => { let body = ''; res.on('data', (c) => { body += c }); res.on('end', () => resolve({ status: res.statusCode!, body })) })
      req.on('error', reject)
    })
    req.end(payload)
    const stalled = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the request body was never read whole')), 20_000).unref())
    const [res] = await Promise.race([Promise.all([answer, sent]), stalled])
    agent.destroy()
    assert.equal(res.status, 400)
    assert.equal(JSON.parse(res.body).error.code, 'DOCUMENT_TYPE_REFUSED')
  })

  test('exactly 20 MB passes and downloads identical; one byte more is refused with 400 and leaves nothing', async () => {
    const bytes = pdf(MAX_DOCUMENT_BYTES)
    const res = await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(res.body.sizeBytes, MAX_DOCUMENT_BYTES)
    assert.equal(res.body.sha256, sha256(bytes))
    const down = await downloadDocument(t, token, res.body.id)
    assert.equal(sha256(down.bytes), sha256(bytes))
    const before = await stored()
    assertError(await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes: pdf(MAX_DOCUMENT_BYTES + 1) }), 400, 'DOCUMENT_TOO_LARGE')
    assert.equal(await stored(), before)
  })

})

async function listen(t: TestApp): Promise<number> {
  if (!t.app.fastify.server.listening) await t.app.fastify.listen({ host: '127.0.0.1', port: 0 })
  return (t.app.fastify.server.address() as AddressInfo).port
}

describe('S3 storage (s3rver)', () => {
  let t: TestApp
  let server: S3rverInstance
  let endpoint: string
  let dir: string
  let token: string
  let assetId: string
  const object = (id: string) => fetch(`${endpoint}/${BUCKET}/documents/${id}`)
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'palier-s3-docs-'))
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] })
    endpoint = `http://127.0.0.1:${(await server.run()).port}`
    const storage = await s3Storage({ kind: 's3', endpoint, region: 'us-east-1', bucket: BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' })
    t = await startTestApp({ build: { storage } })
    token = await t.tokenFor('Dispatcher')
    assetId = await insertAsset(t, await insertLocation(t, 'Site S3'))
  })
  after(async () => {
    await t?.close()
    await server?.close()
    await rm(dir, { recursive: true, force: true })
  })

  test('upload, identical download, and delete removes the object', async () => {
    const bytes = jpeg(300_000)
    const res = await uploadDocument(t, token, { kind: 'PHOTO', assetId }, { bytes, name: 'cabine.jpg' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal((await object(res.body.id)).status, 200)
    const down = await downloadDocument(t, token, res.body.id)
    assert.equal(down.status, 200)
    assert.equal(down.headers['content-type'], 'image/jpeg')
    assert.equal(sha256(down.bytes), sha256(bytes))
    assert.equal((await t.request('DELETE', `/documents/${res.body.id}`, { token })).status, 204)
    assert.equal((await object(res.body.id)).status, 404)
    assert.equal((await downloadDocument(t, token, res.body.id)).status, 404)
  })

  test('a 20 MB file goes up in parts and comes back identical; one byte more leaves no object', async () => {
    const bytes = pdf(MAX_DOCUMENT_BYTES)
    const res = await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(sha256((await downloadDocument(t, token, res.body.id)).bytes), sha256(bytes))
    assertError(await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes: pdf(MAX_DOCUMENT_BYTES + 1) }), 400, 'DOCUMENT_TOO_LARGE')
    assertError(await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes: Buffer.from('texte renommé') }), 400, 'DOCUMENT_TYPE_REFUSED')
    const listing = await (await fetch(`${endpoint}/${BUCKET}?list-type=2&prefix=documents/`)).text()
    assert.equal((listing.match(/<Key>/g) ?? []).length, 1, listing)
  })
})

describe('a failure after the file was stored', () => {
  let t: TestApp
  let root: string
  let afterPut: (() => Promise<void>) | null = null
  before(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'palier-docs-fs-'))
    const inner = fsStorage(root)
    // The real folder storage, with a hook once a file is stored.
    const storage: Storage = { ...inner, async put(key, body, type) { await inner.put(key, body, type); await afterPut?.() } }
    t = await startTestApp({ build: { storage } })
  })
  after(async () => {
    await t?.close()
    await rm(root, { recursive: true, force: true })
  })

  test('the target gone before the row is written: 404, no row, and the stored file is removed', async () => {
    const token = await t.tokenFor('Dispatcher')
    const assetId = await insertAsset(t, await insertLocation(t, 'Site éphémère'))
    const db = t.app.deps.database.db
    afterPut = async () => { await db.delete(assets).where(eq(assets.id, assetId)) }
    assertError(await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes: pdf() }), 404)
    afterPut = null
    assert.deepEqual(await readdir(path.join(root, 'documents')).catch(() => []), [])
    assert.deepEqual(await db.select({ id: documents.id }).from(documents).where(eq(documents.assetId, assetId)), [])
  })
})
