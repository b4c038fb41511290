// The one error handler: every failure leaves as { error: { code, message, details? }, requestId }.
// Nothing internal (stack, SQL, driver message) ever reaches the caller.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AppError, findPgError } from './errors.ts'
import { fieldErrors } from './validation.ts'

interface ErrorBody {
  error: { code: string; message: string; details?: unknown }
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

export function errorHandler(err: FastifyError & { validation?: unknown[]; validationContext?: string }, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.status >= 500) req.log.warn({ code: err.code }, err.message)
    return send(reply, err.status, { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } }, err.headers)
  }
  if (err.validation) {
    const details = fieldErrors(err.validation as never, err.validationContext)
    const first = details[0]
    const message = first ? `Champ « ${first.field} » : ${first.message}.` : 'Requête invalide.'
    return send(reply, 400, { error: { code: 'VALIDATION_ERROR', message, details } })
  }
  // Fastify's own client errors: malformed JSON, empty JSON body, wrong content type, too large.
  const status = err.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const known: Record<string, [string, string]> = {
      FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Type de contenu non pris en charge.'],
      FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'Corps de requête trop volumineux.'],
      FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_ERROR', 'Le corps JSON est vide.'],
      FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_ERROR', 'Le corps JSON est mal formé.'],
    }
    const [code, message] = known[err.code] ?? (status === 429
      ? ['RATE_LIMITED', 'Trop de requêtes : réessayez dans une minute.']
      : err.code === 'FST_ERR_BAD_URL' || status === 400 ? ['BAD_REQUEST', 'Requête invalide.'] : ['BAD_REQUEST', err.message])
    return send(reply, status, { error: { code, message } })
  }
  if (isUnavailable(err)) {
    req.log.error({ err }, 'dependency unavailable')
    return send(reply, 503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'Service momentanément indisponible (base de données injoignable). Réessayez dans un instant.' } }, { 'retry-after': '5' })
  }
  req.log.error({ err }, 'unhandled error')
  return send(reply, 500, { error: { code: 'INTERNAL_ERROR', message: 'Erreur interne. Elle a été journalisée avec l’identifiant de requête.' } })
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler)
  app.setNotFoundHandler((req, reply) =>
    send(reply, 404, { error: { code: 'NOT_FOUND', message: `Aucune opération ${req.method} ${req.url.split('?')[0]}.` } }))
}
