// Test fixtures of the documents module: multipart bodies as a browser sends them, files of
// each accepted type, and the raw download (bytes and headers).
import { createHash, randomBytes } from 'node:crypto'
import type { TestApp } from '../../test/harness.ts'

export const pdf = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(Math.max(0, size - 9))])
export const png = (size = 1024) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)])
export const jpeg = (size = 1024) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)])
export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

export interface FilePart { bytes: Buffer; name?: string; type?: string }

/** A multipart/form-data body: the text fields first, then the file part. */
export async function multipart(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/pdf' }), file.name ?? 'notice.pdf')
  const res = new Response(form)
  return { payload: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! }
}

export async function uploadDocument(t: TestApp, token: string | null, fields: Record<string, string>, file?: FilePart) {
  const { payload, type } = await multipart(fields, file)
  return t.request('POST', '/documents', { token, body: payload, headers: { 'content-type': type } })
}

/** The download as bytes, with its status and headers. */
export async function downloadDocument(t: TestApp, token: string | null, id: string) {
  const res = await t.app.fastify.inject({ method: 'GET', url: `/api/documents/${id}/download`, headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, body: res.headers['content-type']?.toString().includes('json') ? res.json() : undefined }
}
