// The upload and download route kinds, on a test-only pair of routes (no operation of the
// contract uses them yet): streamed both ways, with their own size limit and error answers.
import assert from 'node:assert/strict'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { buildOpenApi } from '../contract/openapi.ts'
import { assertError, startTestApp, type TestApp } from '../test/harness.ts'
import { contentDisposition } from './files.ts'
import { AUTHENTICATED, FILE, route, type Route } from './route.ts'
import { Body, Out, Text, Type } from './schema-kit.ts'
import type { Platform } from '../modules/module.ts'

const MAX = 64 * 1024
const Stored = Out({ key: Text(100), fileName: Text(255), mimeType: Text(100), note: Text(100) })

function fileRoutes({ storage }: Platform): Route[] {
  return [
    route({
      operationId: 'testUpload', method: 'POST', url: '/test-files', tag: 'Test', summary: 'Upload', access: AUTHENTICATED,
      upload: { maxBytes: MAX, fields: Type.Object({ note: Text(100) }) },
      success: { status: 201, schema: Stored },
      handler: async ({ file }) => {
        const upload = await file()
        const key = `test/${uuidv7()}`
        await storage.put(key, upload.stream, upload.mimeType)
        return { key, fileName: upload.fileName, mimeType: upload.mimeType, note: upload.fields.note ?? '' }
      },
    }),
    route({
      operationId: 'testDownload', method: 'GET', url: '/test-files/:id', tag: 'Test', summary: 'Download', access: AUTHENTICATED,
      params: Body({ id: Text(40, { pattern: '^[0-9a-f-]+$' }) }),
      download: { contentTypes: ['application/pdf'], maxBytes: MAX },
      success: { status: 200, schema: FILE },
      handler: async ({ params }) => ({ stream: await storage.get(`test/${params.id}`), contentType: 'application/pdf', fileName: 'Schéma câblage "A".pdf' }),
    }),
  ]
}

let t: TestApp
let token: string
before(async () => {
  t = await startTestApp({ build: { extraRoutes: fileRoutes } })
  token = await t.tokenFor('Technicien')
})
after(() => t.close())

/** A multipart body as a browser sends it. */
async function multipart(parts: { file?: Buffer; note?: string }) {
  const form = new FormData()
  if (parts.note !== undefined) form.append('note', parts.note)
  if (parts.file) form.append('file', new Blob([parts.file], { type: 'application/pdf' }), 'plan.pdf')
  const res = new Response(form)
  return { payload: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! }
}

async function upload(parts: { file?: Buffer; note?: string }) {
  const { payload, type } = await multipart(parts)
  return t.request('POST', '/test-files', { token, body: payload, headers: { 'content-type': type } })
}

test('a file of exactly the limit is streamed to storage and read back whole, as an attachment', async () => {
  const bytes = Buffer.alloc(MAX, 7)
  const res = await upload({ note: 'armoire', file: bytes })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  assert.deepEqual(res.body, { key: res.body.key, fileName: 'plan.pdf', mimeType: 'application/pdf', note: 'armoire' })
  const id = res.body.key.slice('test/'.length)
  const down = await t.app.fastify.inject({ method: 'GET', url: `/api/test-files/${id}`, headers: { authorization: `Bearer ${token}` } })
  assert.equal(down.statusCode, 200)
  assert.equal(down.headers['content-type'], 'application/pdf')
  assert.equal(down.headers['content-disposition'], `attachment; filename="Sch_ma c_blage _A_.pdf"; filename*=UTF-8''${encodeURIComponent('Schéma câblage _A_.pdf')}`)
  assert.ok(down.rawPayload.equals(bytes))
})

test('the offered name cannot add a parameter, hide its type or carry invisible characters', () => {
  const injected = contentDisposition('x"; filename="evil.html', 'application/pdf')
  assert.equal(injected, `attachment; filename="x_; filename=_evil.pdf"; filename*=UTF-8''x_%3B%20filename%3D_evil.pdf`)
  // One quoted name (no quote inside) and one extended name of attr-chars only.
  assert.match(injected, /^attachment; filename="[^"\\]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/)
  const bidi = contentDisposition('facture\u202Efdp.exe', 'application/pdf')
  assert.equal(bidi, `attachment; filename="facturefdp.pdf"; filename*=UTF-8''facturefdp.pdf`)
  assert.equal(contentDisposition('photo-panne.jpg.hta', 'image/jpeg'), `attachment; filename="photo-panne.jpg"; filename*=UTF-8''photo-panne.jpg`)
  // RFC 5987: ' ( ) * are not attr-chars; % is not left in the plain name.
  assert.equal(contentDisposition("l'ascenseur (B) *100%*.png", 'image/png'),
    `attachment; filename="l'ascenseur (B) _100__.png"; filename*=UTF-8''l%27ascenseur%20%28B%29%20_100%25_.png`)
  assert.equal(contentDisposition('Schéma.pdf', 'application/pdf'), `attachment; filename="Sch_ma.pdf"; filename*=UTF-8''Sch%C3%A9ma.pdf`)
})

test('one byte over the limit answers 413 PAYLOAD_TOO_LARGE and leaves no partial file', async () => {
  const stored = async () => (await readdir(path.join(t.app.deps.config.dataDir, 'files', 'test')).catch(() => [])).length
  const before = await stored()
  assertError(await upload({ file: Buffer.alloc(MAX + 1, 7) }), 413, 'PAYLOAD_TOO_LARGE')
  if (t.app.deps.storage.kind === 'fs') assert.equal(await stored(), before)
})

test('no file part answers 400 naming the field; a JSON body 415', async () => {
  const res = await upload({ note: 'sans fichier' })
  assertError(res, 400, 'VALIDATION_ERROR')
  assert.equal(res.body.error.details[0].field, 'file')
  assertError(await t.request('POST', '/test-files', { token, body: { file: 'x' } }), 415, 'UNSUPPORTED_MEDIA_TYPE')
})

test('a JSON operation refuses a multipart body with 415', async () => {
  const { payload, type } = await multipart({ note: 'x', file: Buffer.from('x') })
  const res = await t.request('POST', '/teams', { token: await t.tokenFor('Administrateur'), body: payload, headers: { 'content-type': type } })
  assertError(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
})

test('the contract describes the multipart body and the binary answer', () => {
  const doc = buildOpenApi(fileRoutes({} as Platform), { version: 'test' }) as any
  const up = doc.paths['/test-files'].post
  const schema = up.requestBody.content['multipart/form-data'].schema
  assert.deepEqual(schema.required, ['file', 'note'])
  assert.equal(schema.properties.file.format, 'binary')
  assert.equal(schema.properties.file.maxLength, MAX)
  assert.ok(up.responses['413'] && up.responses['415'])
  const down = doc.paths['/test-files/{id}'].get.responses['200']
  assert.deepEqual(Object.keys(down.content), ['application/pdf'])
  assert.ok(down.headers['Content-Disposition'])
})
