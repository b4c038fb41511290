// One error body everywhere: answers Fastify itself would give (414, undecodable URL, wrong
// content type, unknown method) carry the README's shape and x-request-id; validation
// messages are French sentences for a person; /api/docs loads its assets.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startTestApp, type TestApp } from '../test/harness.ts'
import type { ErrorCode } from './error-codes.ts'
import { WEB_CSP } from './web-client.ts'

let t: TestApp
let admin: string
const SOME_ID = '0190a0a0-0000-7000-8000-000000000000'

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

type Res = { statusCode: number; headers: Record<string, unknown>; body: string }

function inject(method: string, url: string, opts: { headers?: Record<string, string>; payload?: string } = {}): Promise<Res> {
  return t.app.fastify.inject({ method: method as never, url, headers: { authorization: `Bearer ${admin}`, ...opts.headers }, payload: opts.payload })
}

/** The README's error shape, the x-request-id header equal to the body's requestId, nothing else. */
function assertErrorShape(res: Res, status: number, code: ErrorCode) {
  assert.equal(res.statusCode, status, res.body)
  assert.match(String(res.headers['content-type']), /^application\/json/)
  const body = JSON.parse(res.body)
  assert.deepEqual(Object.keys(body).sort(), ['error', 'requestId'])
  assert.equal(body.error.code, code)
  assert.equal(typeof body.error.message, 'string')
  assert.ok(Object.keys(body.error).every((k) => ['code', 'message', 'details'].includes(k)), res.body)
  assert.equal(res.headers['x-request-id'], body.requestId)
  assert.equal(res.headers['cache-control'], 'no-store')
  assert.equal(res.headers['x-content-type-options'], 'nosniff')
  return body
}

describe('errors Fastify raises before a route runs', () => {
  test('an over-long path parameter answers 414 URI_TOO_LONG in the error shape, with x-request-id', async () => {
    assertErrorShape(await inject('PATCH', `/api/locations/${'a'.repeat(101)}`, { payload: '{}', headers: { 'content-type': 'application/json' } }), 414, 'URI_TOO_LONG')
    assertErrorShape(await inject('GET', `/api/assets/${'b'.repeat(500)}/meters`), 414, 'URI_TOO_LONG')
  })

  test('an undecodable URL answers 400 BAD_REQUEST in the error shape', async () => {
    assertErrorShape(await inject('GET', '/api/assets/%E0%A4%A/meters'), 400, 'BAD_REQUEST')
  })

  test('a body of another content type than JSON answers 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const body = assertErrorShape(await inject('POST', '/api/locations', { payload: 'name=Site', headers: { 'content-type': type } }), 415, 'UNSUPPORTED_MEDIA_TYPE')
      assert.match(body.error.message, /JSON/)
    }
    // The same body as JSON is accepted: the refusal is about the type, not the content.
    assert.equal((await inject('POST', '/api/locations', { payload: '{"name":"Site JSON"}', headers: { 'content-type': 'application/json' } })).statusCode, 201)
  })

  test('a body over 1 MiB answers 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ name: 'x'.repeat(1_100_000) })
    assertErrorShape(await inject('POST', '/api/locations', { payload, headers: { 'content-type': 'application/json' } }), 413, 'PAYLOAD_TOO_LARGE')
  })

  test('malformed and empty JSON answer 400 VALIDATION_ERROR', async () => {
    assertErrorShape(await inject('POST', '/api/locations', { payload: '{"name":', headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_ERROR')
    assertErrorShape(await inject('POST', '/api/locations', { payload: '', headers: { 'content-type': 'application/json' } }), 400, 'VALIDATION_ERROR')
  })

  test('an unsupported method on an existing path answers 405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/api/locations', 'GET, HEAD, POST'],
      ['DELETE', `/api/locations/${SOME_ID}`, 'PATCH'],
      ['POST', `/api/assets/${SOME_ID}`, 'GET, HEAD, PATCH'],
      ['GET', '/api/auth/login', 'POST'],
    ]
    for (const [method, url, allow] of cases) {
      const res = await inject(method, url)
      assertErrorShape(res, 405, 'METHOD_NOT_ALLOWED')
      assert.equal(res.headers.allow, allow, `${method} ${url}`)
    }
    // Without a token too: the method is wrong whoever asks.
    const anonymous = await t.app.fastify.inject({ method: 'PUT', url: '/api/locations' })
    assertErrorShape(anonymous, 405, 'METHOD_NOT_ALLOWED')
  })

  test('a path that names no operation still answers 404 NOT_FOUND, its echo bounded', async () => {
    assertErrorShape(await inject('GET', '/api/nothing-here'), 404, 'NOT_FOUND')
    const long = assertErrorShape(await inject('GET', `/api/${'x'.repeat(5000)}`), 404, 'NOT_FOUND')
    assert.ok(long.error.message.length < 300)
  })
})

describe('validation messages', () => {
  const patchLocation = async (body: unknown) => {
    const created = await t.request('POST', '/locations', { token: admin, body: { name: 'Messages' } })
    return t.request('PATCH', `/locations/${created.body.id}`, { token: admin, body })
  }

  test('a nullable field with a wrong value reports its real reason once, not "doit être null"', async () => {
    const bad = await patchLocation({ partnerId: 'pas-un-uuid' })
    assert.deepEqual(bad.body.error.details, [{ field: 'partnerId', message: 'doit être un identifiant (UUID)' }])
    const wrongType = await patchLocation({ partnerId: 12 })
    assert.deepEqual(wrongType.body.error.details, [{ field: 'partnerId', message: 'doit être un texte ou null' }])
    const tooLong = await t.request('PATCH', `/assets/${SOME_ID}`, { token: admin, body: { model: 'm'.repeat(81) } })
    assert.deepEqual(tooLong.body.error.details, [{ field: 'model', message: '80 caractères au plus' }])
  })

  test('messages never show a regular expression or a JSON Schema term', async () => {
    const answers = [
      await patchLocation({ name: '   ' }),
      await patchLocation({ name: 'x'.repeat(121) }),
      await patchLocation({ latitude: 'nord' }),
      await patchLocation({ latitude: 91 }),
      await patchLocation({ owner: 'moi' }),
      await patchLocation({}),
      await t.request('POST', '/assets', { token: admin, body: { reference: 'A B/C', brand: 'Otis', categoryId: SOME_ID, locationId: SOME_ID } }),
      await t.request('POST', '/assets', { token: admin, body: { reference: 'A1', brand: 'Otis', categoryId: SOME_ID, locationId: SOME_ID, status: 'BROKEN' } }),
      await t.request('GET', '/assets?limit=0'),
      await t.request('GET', '/assets?limit=abc', { token: admin }),
    ]
    for (const res of answers) {
      assert.equal(res.status === 400 || res.status === 401, true, JSON.stringify(res.body))
      for (const text of [res.body.error.message, ...(res.body.error.details ?? []).map((d: { message: string }) => d.message)]) {
        assert.doesNotMatch(text, /[\^$\\]|\[|\]|must |should |anyOf|pattern|schema|propert(y|ies) /, text)
      }
    }
    assert.deepEqual(answers[0].body.error.details, [{ field: 'name', message: 'ne doit pas être vide ni fait seulement d’espaces' }])
    assert.equal(answers[0].body.error.message, 'Champ « name » : ne doit pas être vide ni fait seulement d’espaces.')
    assert.deepEqual(answers[5].body.error.details, [{ field: 'body', message: 'au moins un champ est attendu' }])
  })
})

describe('/api/docs', () => {
  test('the page at the README address and at its trailing-slash form loads every asset it names', async () => {
    for (const page of ['/api/docs', '/api/docs/']) {
      const res = await t.app.fastify.inject({ url: page })
      assert.equal(res.statusCode, 200)
      const urls = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1], `http://palier.test${page}`).pathname)
      assert.ok(urls.length >= 3, res.body)
      for (const url of urls) {
        assert.ok(url.startsWith('/api/docs/'), url)
        assert.equal((await t.app.fastify.inject({ url })).statusCode, 200, url)
      }
    }
  })

  test('the page, its assets and the contract carry the pages’ security headers: the client’s CSP, no framing, nosniff', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js',
      '/api/docs/static/swagger-ui.css', '/api/docs/static/oauth2-redirect.html', '/api/docs/json', '/api/openapi.json']) {
      const res = await t.app.fastify.inject({ url })
      assert.equal(res.statusCode, 200, url)
      assert.equal(res.headers['content-security-policy'], WEB_CSP, url)
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/)
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'(;|$)/, 'no inline or foreign script')
      assert.equal(res.headers['x-frame-options'], 'DENY', url)
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url)
      assert.equal(res.headers['referrer-policy'], 'no-referrer', url)
    }
    // The page runs no inline script (the CSP would block it): every script is a file.
    const page = await t.app.fastify.inject({ url: '/api/docs' })
    assert.deepEqual([...page.body.matchAll(/<script([^>]*)>\s*([^<]*)<\/script>/g)].filter((m) => !/src=/.test(m[1]) || m[2].trim()), [])
  })

  test('the initializer points at a contract that loads', async () => {
    const init = await t.app.fastify.inject({ url: '/api/docs/static/swagger-initializer.js' })
    const spec = /url: ['"]([^'"]+)['"]/.exec(init.body)
    const url = spec ? new URL(spec[1], 'http://palier.test/api/docs/static/').pathname : '/api/docs/json'
    const res = await t.app.fastify.inject({ url })
    assert.equal(res.statusCode, 200, url)
    assert.equal(JSON.parse(res.body).openapi.startsWith('3.'), true)
  })
})
