// Strict input: bodies are validated as sent (no coercion, unknown properties refused);
// path and query strings are coerced to the declared types, since they arrive as text.
import Ajv, { type ErrorObject } from 'ajv'
import addFormats from 'ajv-formats'
import localizeModule from 'ajv-i18n/localize/fr/index.js'
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'

function makeAjv(coerce: boolean) {
  const ajv = new Ajv.default({
    allErrors: false,
    removeAdditional: false,
    useDefaults: false,
    coerceTypes: coerce,
    strict: false,
  })
  addFormats.default(ajv)
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

/** Turns Ajv errors into readable field errors: "email": "doit correspondre au format email". */
export function fieldErrors(errors: ErrorObject[], part: string | undefined): FieldError[] {
  return errors.map((e) => {
    let field = e.instancePath.replace(/^\//, '').replaceAll('/', '.')
    if (e.keyword === 'required') field = [field, (e.params as { missingProperty: string }).missingProperty].filter(Boolean).join('.')
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty
      return { field: [field, extra].filter(Boolean).join('.'), message: 'propriété inconnue' }
    }
    return { field: field || part || 'body', message: e.message ?? 'valeur invalide' }
  })
}
