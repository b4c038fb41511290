// The one family of errors the service raises on purpose. The error handler turns them into
// the fixed body { error: { code, message, details? }, requestId }.
export class AppError extends Error {
  readonly status: number
  readonly code: string
  readonly details?: unknown
  readonly headers?: Record<string, string>
  constructor(status: number, code: string, message: string, details?: unknown, headers?: Record<string, string>) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
    this.headers = headers
  }
}

export const badRequest = (code: string, message: string, details?: unknown) => new AppError(400, code, message, details)
export const unauthorized = (message = 'Authentification requise.', code = 'UNAUTHORIZED') => new AppError(401, code, message)
export const forbidden = (message = "Votre rôle ne permet pas cette opération.", code = 'FORBIDDEN') => new AppError(403, code, message)
export const notFound = (message = 'Ressource introuvable.', code = 'NOT_FOUND') => new AppError(404, code, message)
export const conflict = (code: string, message: string, details?: unknown) => new AppError(409, code, message, details)
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) })
export const unavailable = (code: string, message: string) => new AppError(503, code, message)

/** Postgres unique_violation on a named constraint, for services that turn it into a 409. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err)
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint)
}

/** Postgres foreign_key_violation (a referenced row vanished or is missing). */
export function isForeignKeyViolation(err: unknown): boolean {
  return findPgError(err)?.code === '23503'
}

// Drizzle wraps driver errors; the Postgres fields sit on the error or its cause.
export function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let e = err as { code?: unknown; constraint?: string; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint }
    e = e.cause as typeof e
  }
  return undefined
}
