// Conditional reads (issue 19): every JSON answer of a GET carries a strong ETag, the hash of
// its body, with `Cache-Control: private, no-cache`, so that the browser keeps it and asks
// again with `If-None-Match`; when the body would be the same the answer is 304 without it.
// Lists polled by the web client every 30 s then cost a header's round trip, and, for a read
// whose answer is kept in process (answer-cache.ts), not even its building: the kept answer
// carries its ETag, computed once when it was kept.
// The ETag is a hash of the body and nothing else, so it can never reveal another caller's
// answer: a 304 is only ever an answer identical to the one the caller would have been sent.
import { hash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'

/** Answers that may be revalidated: kept by the browser for this person only, asked again each time. */
export const REVALIDATE = 'private, no-cache'

/** The strong ETag of a serialised answer (SHA-1 is enough: it names a body, it guards no secret). */
export function etagOf(payload: string): string {
  return `"${hash('sha1', payload, 'base64url')}"`
}

/** Whether `If-None-Match` names `etag` (a list, `W/` prefixes and `*` allowed: the weak comparison a GET uses). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header === etag) return true
  for (const part of header.split(',')) {
    const tag = part.trim()
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true
  }
  return false
}

/** Sets the headers of a revalidatable answer; true when the caller already holds this body (answer 304). */
export function conditional(req: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('etag', etag)
  reply.header('cache-control', REVALIDATE)
  if (!noneMatch(req.headers['if-none-match'], etag)) return false
  reply.code(304)
  reply.removeHeader('content-type')
  reply.removeHeader('link')
  return true
}

/**
 * The onSend hook of a GET route: the ETag of its success answer (given by a kept answer, else
 * hashed here), then 304 without a body when it matches `If-None-Match`. `keep` receives the
 * answer of a read that missed, with its ETag. Errors and other statuses pass untouched.
 */
export function conditionalGet(status: number, keep: ((req: FastifyRequest, reply: FastifyReply, payload: string, etag: string) => void) | null): onSendHookHandler {
  return (req, reply, payload, done) => {
    if (reply.statusCode !== status || typeof payload !== 'string') return done(null, payload)
    const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload)
    keep?.(req, reply, payload, etag)
    done(null, conditional(req, reply, etag) ? null : payload)
  }
}

/**
 * `POST /signed-out`, outside /api and the contract: the web client calls it when its session
 * ends (sign-out, a token refused), and the browser then drops its HTTP cache, where the
 * revalidatable answers above were kept for that person (`Clear-Site-Data`, honoured on
 * localhost and HTTPS). Nothing is read or written on the server.
 */
export function registerSignedOut(app: FastifyInstance) {
  app.post('/signed-out', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('clear-site-data', '"cache"').header('cache-control', 'no-store').code(204).send()
  })
}
