// Strict input: bodies are validated as sent (no coercion, unknown properties refused);
// path and query strings are coerced to the declared types, since they arrive as text.
// The rules shared by every input (plain text, real dates in range) live in input-rules.ts and
// are enforced here, for bodies, query strings and path parameters alike.
import Ajv, { type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import localizeModule from 'ajv-i18n/localize/fr/index.js'
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import { hasForbiddenCharacters, isDate, isDateTime } from './input-rules.ts'
import { frenchMessage } from './validation-messages.ts'

/** The keyword schema-kit's Text carries: no control characters, no lone surrogates. */
export const PLAIN_TEXT = 'x-plain-text'

function makeAjv(coerce: boolean) {
  const ajv = new Ajv.default({
    allErrors: false,
    removeAdditional: false,
    useDefaults: false,
    coerceTypes: coerce,
    strict: false,
    // The failing schema travels with each error: messages read its bounds and patterns.
    verbose: true,
  })
  addFormats.default(ajv)
  // Replace ajv-formats' date checks: RFC 3339 admits leap seconds and year 0000, which
  // JavaScript's Date and PostgreSQL do not; years before 1900 are refused too.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime })
  ajv.addFormat('date', { type: 'string', validate: isDate })
  ajv.addKeyword({
    keyword: PLAIN_TEXT,
    type: 'string',
    schemaType: 'boolean',
    validate: (on: boolean, data: string) => !on || !hasForbiddenCharacters(data),
  })
  return ajv
}

// CommonJS module: at run time the default import is the function itself.
const localize = localizeModule as unknown as (errors?: ErrorObject[] | null) => void

const bodyAjv = makeAjv(false)
const textAjv = makeAjv(true)

export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object)
  return (data: unknown) => {
    if (validate(data)) return { value: data }
    const errors = validate.errors as ErrorObject[]
    localize(errors)
    return { error: Object.assign(new Error('validation'), { validation: errors }) }
  }
}

export interface FieldError {
  field: string
  message: string
}

function fieldOf(e: ErrorObject, part: string | undefined): string {
  const path = e.instancePath.replace(/^\//, '').replaceAll('/', '.')
  if (e.keyword === 'required') return [path, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.')
  if (e.keyword === 'additionalProperties') return [path, (e.params as { additionalProperty: string }).additionalProperty].filter(Boolean).join('.')
  return path || part || 'body'
}

/** A union (Nullable(X) and the like) reports one error per branch plus its own: keep the
 * reason of the branch whose type matched (e.g. "120 caractères au plus"), or, when no type
 * matched, one error listing the accepted types. Never "doit être null" next to the real reason. */
function collapseUnions(errors: ErrorObject[]): ErrorObject[] {
  let out = errors
  for (const union of errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    const prefix = `${union.schemaPath}/`
    const branches = out.filter((e) => e.schemaPath.startsWith(prefix))
    const reasons = branches.filter((e) => !(e.keyword === 'type' && e.instancePath === union.instancePath))
    const types = branches.filter((e) => e.keyword === 'type' && e.instancePath === union.instancePath)
      .flatMap((e) => String((e.params as { type: string }).type).split(','))
    const replacement: ErrorObject[] = reasons.length > 0
      ? reasons
      : [{ ...union, keyword: 'type', params: { type: [...new Set(types)].join(',') } }]
    out = out.filter((e) => e !== union && !e.schemaPath.startsWith(prefix))
    out.push(...replacement)
  }
  return out
}

/** Turns Ajv errors into readable field errors: { field: "city", message: "80 caractères au plus" }. */
export function fieldErrors(errors: ErrorObject[], part: string | undefined): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const e of collapseUnions(errors)) {
    const fe = { field: fieldOf(e, part), message: frenchMessage(e) }
    const key = `${fe.field}\u0000${fe.message}`
    if (!seen.has(key)) { seen.add(key); out.push(fe) }
  }
  return out
}
