// The one family of errors the service raises on purpose. The error handler turns them into
// the fixed body { error: { code, message, details? }, requestId }. The code fixes the status
// and the default message (error-codes.ts); a call site adds a message only to say more.
import { ERROR_CODES, type CodeWithStatus, type ErrorCode } from './error-codes.ts'

export class AppError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly details?: unknown
  readonly headers?: Record<string, string>
  constructor(code: ErrorCode, message?: string, details?: unknown, headers?: Record<string, string>) {
    super(message ?? ERROR_CODES[code].message)
    this.status = ERROR_CODES[code].status
    this.code = code
    this.details = details
    this.headers = headers
  }
}

// One helper per status: the name says at the call site what the caller gets, and the type
// keeps the code to that status.
export const badRequest = (code: CodeWithStatus<400>, message?: string, details?: unknown) => new AppError(code, message, details)
export const unauthorized = (message?: string, code: CodeWithStatus<401> = 'UNAUTHORIZED') => new AppError(code, message)
export const forbidden = (message?: string, code: CodeWithStatus<403> = 'FORBIDDEN') => new AppError(code, message)
export const notFound = (message?: string, code: CodeWithStatus<404> = 'NOT_FOUND') => new AppError(code, message)
export const conflict = (code: CodeWithStatus<409>, message?: string, details?: unknown) => new AppError(code, message, details)
export const tooManyRequests = (message: string | undefined, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, undefined, { 'retry-after': String(retryAfterSeconds) })
export const unavailable = (code: CodeWithStatus<503>, message?: string) => new AppError(code, message)

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
