// The API answers every error in one shape ({ error: { code, message, details? }, requestId });
// the client turns it into one Error class that carries the French message to show.
import type { components } from './schema'

type ErrorBody = components['schemas']['ErrorResponse']
export type FieldError = NonNullable<ErrorBody['error']['details']>[number]

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly details: FieldError[]
  readonly requestId: string | null

  constructor(status: number, body: Partial<ErrorBody> | null) {
    super(body?.error?.message ?? messageForStatus(status))
    this.name = 'ApiError'
    this.status = status
    this.code = body?.error?.code ?? `HTTP_${status}`
    this.details = body?.error?.details ?? []
    this.requestId = body?.requestId ?? null
  }

  /** Field errors keyed by the form field they name (`body.email` → `email`). */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const d of this.details) out[d.field.replace(/^(body|query|params)[./]/, '').replace(/^\//, '').replaceAll('/', '.')] = d.message
    return out
  }
}

function messageForStatus(status: number): string {
  if (status === 0) return 'Le service est injoignable. Vérifiez votre connexion puis réessayez.'
  if (status >= 500) return 'Le service a rencontré une erreur. Réessayez dans un instant.'
  return `La demande a échoué (${status}).`
}

/** The message to show a person for anything thrown by a query or mutation. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof TypeError) return messageForStatus(0)
  return 'Une erreur inattendue est survenue.'
}

/** The address names nothing the caller can read: a 404, or an id the API refused as malformed
 * (a 400 naming only the path's id — the API names it « id »). Retrying can never work: the page says « introuvable ». */
export function isNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false
  if (error.status === 404) return true
  return error.status === 400 && error.details.length > 0 && error.details.every((d) => /^(\/?params[./])?id$/.test(d.field))
}
