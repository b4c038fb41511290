// The two route kinds that carry files: a multipart upload streamed to the handler (its own
// size limit, the file never held in memory), and a download streamed from storage with its
// content type and an attachment name. JSON routes never accept multipart bodies (415).
import { pipeline, Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { safeFileName } from '../lib/file-names.ts'
import { AppError, badRequest } from './errors.ts'
import type { Download, Route, Upload } from './route.ts'

/** Limits of the multipart parser besides the route's own file size. */
export const MULTIPART_LIMITS = { files: 1, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 50 }

const tooLarge = (maxBytes: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `Fichier trop volumineux : ${Math.floor(maxBytes / 1_048_576)} Mo au plus.`)

/** The file part of an upload route's request; its stream errors with 413 past the limit. */
export async function readUpload(req: FastifyRequest, route: Route): Promise<Upload> {
  const maxBytes = route.upload!.maxBytes
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envoyez le fichier en multipart/form-data (champ « file »).')
  // The parser lets one byte more through, so that the count below can tell "over the limit".
  const part = await req.file({ limits: { ...MULTIPART_LIMITS, fileSize: maxBytes + 1 }, throwFileSizeLimit: false })
  if (!part || part.fieldname !== 'file') {
    throw badRequest('VALIDATION_ERROR', 'Champ « file » : fichier manquant.', [{ field: 'file', message: 'fichier manquant' }])
  }
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value
    if (v && v.type === 'field' && name !== 'file') fields[name] = String(v.value)
  }
  // Past the limit the stream fails, so that whoever consumes it (storage) stops, removes what
  // it wrote, and the request answers 413.
  let seen = 0
  const counted = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length
      done(seen > maxBytes ? tooLarge(maxBytes) : null, seen > maxBytes ? undefined : chunk)
    },
  })
  pipeline(part.file, counted, () => {})
  return { stream: counted, fileName: part.filename, mimeType: part.mimetype, fields }
}

/**
 * RFC 6266 attachment: the name made safe for its content type (`safeFileName`: no invisible or
 * bidirectional character, the extension of the type recognised from the bytes), an ASCII
 * fallback and the UTF-8 name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string, contentType: string): string {
  const name = safeFileName(fileName, contentType)
  // `%` too: some browsers decode percent sequences in the plain parameter.
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_')
  // RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * ! unencoded; the first four are not attr-chars.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

export function sendDownload(reply: FastifyReply, status: number, file: Download) {
  reply.code(status)
  reply.header('content-type', file.contentType)
  reply.header('content-disposition', contentDisposition(file.fileName, file.contentType))
  if (file.size !== undefined) reply.header('content-length', String(file.size))
  return reply.send(file.stream)
}
