import assert from 'node:assert/strict'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { brotliCompressSync } from 'node:zlib'
import { startTestApp } from '../test/harness.ts'

async function builtClient() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palier-web-'))
  await mkdir(path.join(dir, 'assets'))
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Palier</title><script type="module" src="/assets/app-abc123.js"></script>')
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)')
  await writeFile(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'))
  return dir
}

test('the web client is served at / and on its routes, with a CSP forbidding inline script', async (t) => {
  const webDir = await builtClient()
  const t0 = await startTestApp({ env: { WEB_DIR: webDir }, build: { webClient: true } })
  t.after(() => t0.close())
  const app = t0.app.fastify
  for (const url of ['/', '/ordres/123', '/p/ASC-0001']) {
    const res = await app.inject({ method: 'GET', url })
    assert.equal(res.statusCode, 200, url)
    assert.match(res.headers['content-type'] as string, /text\/html/)
    assert.match(res.body, /<title>Palier<\/title>/)
    const csp = res.headers['content-security-policy'] as string
    assert.match(csp, /script-src 'self'(;|$)/)
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.equal(res.headers['cache-control'], 'no-cache')
  }
  const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
  assert.equal(asset.statusCode, 200)
  assert.match(asset.headers['cache-control'] as string, /immutable/)
  const compressed = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } })
  assert.equal(compressed.headers['content-encoding'], 'br')
  assert.deepEqual(compressed.rawPayload, brotliCompressSync('console.log(1)'))
})

test('with the web client served, unknown API paths still answer the API 404 error', async (t) => {
  const webDir = await builtClient()
  const t0 = await startTestApp({ env: { WEB_DIR: webDir }, build: { webClient: true } })
  t.after(() => t0.close())
  const app = t0.app.fastify
  const res = await app.inject({ method: 'GET', url: '/api/nothing-here' })
  assert.equal(res.statusCode, 404)
  assert.equal(res.json().error.code, 'NOT_FOUND')
  const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' })
  assert.equal(missing.statusCode, 404, missing.body)
})
