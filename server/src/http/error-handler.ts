// The one error handler: every failure leaves as { error: { code, message, details? }, requestId }.
// Nothing internal (stack, SQL, driver message) ever reaches the caller.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ERROR_CODES, type ErrorCode } from './error-codes.ts'
import { AppError, findPgError } from './errors.ts'
import { fieldErrors } from './validation.ts'

interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown }
  requestId: string
}

function send(reply: FastifyReply, status: number, body: Omit<ErrorBody, 'requestId'>, headers?: Record<string, string>) {
  if (headers) reply.headers(headers)
  return reply.code(status).type('application/json; charset=utf-8').send({ ...body, requestId: reply.request.id })
}

// Connection-level failures: the database (or its network) is away, not the caller's fault.
const UNAVAILABLE_PG = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300'])
const UNAVAILABLE_NET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])

function isUnavailable(err: unknown): boolean {
  const pg = findPgError(err)
  if (pg?.code && UNAVAILABLE_PG.has(pg.code)) return true
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE_NET.has(e.code)) return true
    if (typeof e.message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(e.message)) return true
    e = e.cause as typeof e
  }
  return false
}

// Fastify's client errors by code, then by status: a stable code and a French sentence, never
// Fastify's English text.
const KNOWN_FASTIFY_ERRORS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_ERROR', 'Le corps JSON est vide.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_ERROR', 'Le corps JSON est mal formé.'],
}
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}
const byStatus = (status: number): [ErrorCode, string] => {
  const code = BY_STATUS[status] ?? 'BAD_REQUEST'
  return [code, ERROR_CODES[code].message]
}

export function errorHandler(err: FastifyError & { validation?: unknown[]; validationContext?: string }, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.status >= 500) req.log.warn({ code: err.code }, err.message)
    return send(reply, err.status, { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } }, err.headers)
  }
  if (err.validation) {
    const details = fieldErrors(err.validation as never, err.validationContext)
    const first = details[0]
    const message = first ? `Champ « ${first.field} » : ${first.message}.` : ERROR_CODES.VALIDATION_ERROR.message
    return send(reply, 400, { error: { code: 'VALIDATION_ERROR', message, details } })
  }
  // Fastify's own client errors: malformed JSON, empty JSON body, wrong content type, too large.
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const [code, message] = KNOWN_FASTIFY_ERRORS[err.code] ?? byStatus(status)
    return send(reply, status, { error: { code, message } })
  }
  if (isUnavailable(err)) {
    req.log.error({ err }, 'dependency unavailable')
    return send(reply, 503, { error: { code: 'SERVICE_UNAVAILABLE', message: ERROR_CODES.SERVICE_UNAVAILABLE.message } }, { 'retry-after': '5' })
  }
  req.log.error({ err }, 'unhandled error')
  return send(reply, 500, { error: { code: 'INTERNAL_ERROR', message: ERROR_CODES.INTERNAL_ERROR.message } })
}

/** Errors Fastify raises before any route runs (an undecodable URL, an over-long path
 * parameter): the same body, and the headers the onSend hook would have set. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  reply.headers({ 'x-request-id': req.id, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' })
  return errorHandler(err, req, reply)
}

// Route patterns by method, to tell "no such path" (404) from "no such method here" (405).
type Pattern = { method: string; regex: RegExp }

// Each path parameter is a capture group, so that its length can be told.
function patternOf(url: string): RegExp | null {
  if (url === '*' || url === '/*') return null // catch-alls (CORS preflight) say nothing of a path
  const source = url.split(/(:[A-Za-z0-9_]+|\*)/).map((part) =>
    part === '*' ? '.*' : part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('')
  return new RegExp(`^${source}$`)
}

const decoded = (param: string) => {
  try { return decodeURIComponent(param) } catch { return param }
}

/**
 * Whether a route of this very method has the path but a parameter longer than the router
 * takes: the router then falls through to another route (the web client's catch-all) or to
 * nothing, and the answer is the 414 Fastify gives when it does not fall through.
 */
function paramTooLong(patterns: Pattern[], method: string, path: string, maxParamLength: number): boolean {
  return patterns.some((p) => p.method === method && p.regex.exec(path)?.slice(1).some((param) => decoded(param).length > maxParamLength))
}

export function registerErrorHandling(app: FastifyInstance) {
  const patterns: Pattern[] = []
  app.addHook('onRoute', (r) => {
    const regex = patternOf(r.url)
    if (!regex) return
    for (const method of [r.method].flat()) patterns.push({ method, regex })
  })
  // Bodies are JSON only: Fastify's default text/plain parser would hand a string to
  // validation and answer 400 where 415 is due.
  app.removeContentTypeParser('text/plain')
  app.setErrorHandler(errorHandler)
  const maxParamLength = app.initialConfig.maxParamLength ?? 100
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]
    if (paramTooLong(patterns, req.method, path, maxParamLength)) {
      return send(reply, 414, { error: { code: 'URI_TOO_LONG', message: ERROR_CODES.URI_TOO_LONG.message } })
    }
    const allowed = [...new Set(patterns.filter((p) => p.regex.test(path)).map((p) => p.method))].sort()
    if (allowed.length > 0) {
      return send(reply, 405, { error: { code: 'METHOD_NOT_ALLOWED', message: `Méthode ${req.method} non prise en charge ici ; méthodes admises : ${allowed.join(', ')}.` } }, { allow: allowed.join(', ') })
    }
    const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path
    return send(reply, 404, { error: { code: 'NOT_FOUND', message: `Aucune opération ${req.method} ${shown}.` } })
  })
}
