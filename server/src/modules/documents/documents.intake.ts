// What an uploaded file is, decided while it streams to storage: its type from its first
// bytes (never from its name or declared type), its SHA-256 and its size, without holding it.
import { createHash } from 'node:crypto'
import { Transform } from 'node:stream'
import { badRequest } from '../../http/errors.ts'
import { hasForbiddenCharacters } from '../../http/input-rules.ts'
import { couldBecome, headLength, prefix, sniffType } from '../../lib/sniff.ts'
import { MAX_DOCUMENT_BYTES, MAX_FILE_NAME, type ContentTypeValue } from './documents.schemas.ts'

const SIGNATURES = [
  prefix<ContentTypeValue>('application/pdf', '%PDF-'),
  prefix<ContentTypeValue>('image/jpeg', [0xff, 0xd8, 0xff]),
  prefix<ContentTypeValue>('image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
]
const LONGEST = headLength(SIGNATURES)

export const typeRefused = () => badRequest('DOCUMENT_TYPE_REFUSED', undefined, [{ field: 'file', message: 'PDF, JPG ou PNG uniquement' }])
export const tooLarge = () => badRequest('DOCUMENT_TOO_LARGE', `Fichier trop volumineux : ${MAX_DOCUMENT_BYTES / 1_048_576} Mo au plus.`,
  [{ field: 'file', message: `${MAX_DOCUMENT_BYTES / 1_048_576} Mo au plus` }])
const badName = () => badRequest('VALIDATION_ERROR', 'Champ « file » : nom de fichier invalide.', [{ field: 'file', message: 'nom de fichier invalide' }])

/** The type whose signature starts `head`, undefined when none does (or not yet known). */
export function sniff(head: Buffer): ContentTypeValue | undefined {
  return sniffType(SIGNATURES, head)
}

/**
 * The name offered back at download: the base name as sent, trimmed; 400 when empty, too
 * long, carrying a path separator or a control character.
 */
export function checkFileName(name: string | undefined): string {
  const n = (name ?? '').trim()
  if (!n || n.length > MAX_FILE_NAME || /[/\\]/.test(n) || hasForbiddenCharacters(n) || /[\t\r\n]/.test(n) || n === '.' || n === '..') throw badName()
  return n
}

export interface Intake {
  /** Pipe the upload through it: refuses a file whose first bytes are no PDF, JPG or PNG. */
  stream: Transform
  result(): { contentType: ContentTypeValue; sizeBytes: number; sha256: string }
}

export function intake(): Intake {
  const hash = createHash('sha256')
  let size = 0
  let head = Buffer.alloc(0)
  let type: ContentTypeValue | undefined
  let refused = false
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      // Once refused, the rest is read and dropped: the client finishes sending and reads the
      // answer (failing the stream here would stall the request's connection).
      if (refused) return done()
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, LONGEST)])
        type = sniff(head)
        // Refused as soon as the first bytes can no longer begin any accepted signature.
        if (!type && !couldBecome(SIGNATURES, head)) {
          refused = true
          return done()
        }
      }
      size += chunk.length
      hash.update(chunk)
      done(null, chunk)
    },
    flush(done) {
      // An empty file, or one shorter than any signature.
      done(type && !refused ? null : typeRefused())
    },
  })
  return {
    stream,
    result: () => ({ contentType: type!, sizeBytes: size, sha256: hash.digest('hex') }),
  }
}
