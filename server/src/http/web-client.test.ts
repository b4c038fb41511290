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
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><meta name="palier-public-url" content="__PALIER_PUBLIC_URL__"><title>Palier</title><script type="module" src="/assets/app-abc123.js"></script>')
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

const publicUrlOf = (html: string) => {
  const m = /<meta name="palier-public-url" content="([^"]*)">/.exec(html)
  assert.ok(m, 'the meta tag is in the page')
  return m[1].replace(/&#(\d+);/g, (_s, n: string) => String.fromCharCode(Number(n)))
}

test('the page tells the client PUBLIC_URL in a meta tag, escaped, rendered once at start', async (t) => {
  const webDir = await builtClient()
  // A valid URL whose raw text would break out of the attribute if it were not escaped.
  const publicUrl = 'https://ascenseurs.example/palier"><script>alert(1)</script>&x=1'
  const t0 = await startTestApp({ env: { WEB_DIR: webDir, PUBLIC_URL: publicUrl }, build: { webClient: true } })
  t.after(() => t0.close())
  const app = t0.app.fastify
  const first = await app.inject({ method: 'GET', url: '/etiquettes?site=1' })
  assert.equal(first.statusCode, 200)
  assert.equal(publicUrlOf(first.body), publicUrl)
  assert.doesNotMatch(first.body, /<script>alert/)
  assert.match(first.headers['content-security-policy'] as string, /script-src 'self'(;|$)/)
  assert.equal(first.headers['cache-control'], 'no-cache')

  // Kept in memory: the file is not read again for each page.
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Palier v2</title>')
  const again = await app.inject({ method: 'GET', url: '/' })
  assert.equal(again.body, first.body)
})

test('with the web client served, an over-long path parameter still answers 414, not the catch-all’s 405', async (t) => {
  const webDir = await builtClient()
  const t0 = await startTestApp({ env: { WEB_DIR: webDir }, build: { webClient: true } })
  t.after(() => t0.close())
  const app = t0.app.fastify
  const long = 'A'.repeat(5000)
  for (const [method, url] of [['GET', `/api/portal/assets/${long}`], ['HEAD', `/api/portal/assets/${long}`], ['GET', `/api/portal/requests/DEM-000001/${long}`],
    ['GET', `/api/assets/${'a'.repeat(101)}`], ['GET', `/api/portal/assets/${'%C3%A9'.repeat(101)}`]] as const) {
    const res = await app.inject({ method, url })
    assert.equal(res.statusCode, 414, `${method} ${url.slice(0, 40)}`)
    if (method === 'GET') {
      assert.equal(res.json().error.code, 'URI_TOO_LONG')
      assert.ok(res.json().requestId)
    }
  }
  // At the limit the route answers itself (a reference has at most 40 characters: 400); another
  // method is still a 405.
  assert.equal((await app.inject({ method: 'GET', url: `/api/portal/assets/${'A'.repeat(100)}` })).json().error.code, 'VALIDATION_ERROR')
  assert.equal((await app.inject({ method: 'DELETE', url: `/api/portal/assets/${long}` })).statusCode, 405)
})
