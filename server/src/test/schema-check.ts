// Test support: an answer checked against its response schema as a client reading the contract
// would (Ajv with the standard formats): for answers sent as JSON text built by the store
// (http/json-text.ts), which skip the schema's serialiser.
import assert from 'node:assert/strict'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import type { TSchema } from '../http/schema-kit.ts'

const ajv = new Ajv.default({ strict: false, allErrors: true })
addFormats.default(ajv)

export function assertMatchesSchema(schema: TSchema, value: unknown, what = 'the answer') {
  const validate = ajv.compile(schema)
  assert.ok(validate(value), `${what} does not match its schema: ${ajv.errorsText(validate.errors)}`)
}
