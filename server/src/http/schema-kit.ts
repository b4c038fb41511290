// Small builders on top of TypeBox so that schemas read like the spec, plus the registry of
// named schemas that become `components.schemas` in the generated contract.
import Type, { type Static, type TSchema } from 'typebox'

const names = new WeakMap<object, string>()

/** Gives a schema its contract name (e.g. "Location"); routes keep using the object itself. */
export function named<T extends TSchema>(name: string, schema: T): T {
  names.set(schema, name)
  return schema
}

export function schemaName(schema: object): string | undefined {
  return names.get(schema)
}

// Every string, integer and array carries its bounds: the contract promises them (and the
// OWASP lint checks them), input validation enforces them.
export const Uuid = (opts: object = {}) => Type.String({ format: 'uuid', maxLength: 36, ...opts })
// Dates: validation.ts gives the `date-time` and `date` formats their meaning (a real instant
// or day, years 1900–2999, no leap second), wherever a schema uses them.
export const DateTime = (opts: object = {}) => Type.Unsafe<Date | string>({ type: 'string', format: 'date-time', maxLength: 35, ...opts })
/** A calendar day, `YYYY-MM-DD`. */
export const DateOnly = (opts: object = {}) => Type.String({ format: 'date', minLength: 10, maxLength: 10, ...opts })
export const Email = (opts: object = {}) => Type.String({ format: 'email', maxLength: 254, ...opts })

/** Free text of at most `max` characters (responses and inputs alike). `x-plain-text`
 * (enforced in validation.ts) refuses control characters other than tab, line feed and
 * carriage return, and unpaired surrogates. */
export const Text = (max: number, opts: object = {}) => Type.String({ maxLength: max, 'x-plain-text': true, ...opts })

/** A bounded integer; int32 or int64 from its range. */
export const Int = (minimum: number, maximum: number, opts: object = {}) =>
  Type.Integer({ format: maximum > 2_147_483_647 || minimum < -2_147_483_648 ? 'int64' : 'int32', minimum, maximum, ...opts })

/** A count of rows (never negative). */
export const Count = (opts: object = {}) => Int(0, Number.MAX_SAFE_INTEGER, opts)

/** A list with its documented ceiling (listings that can grow are paginated below it). */
export const List = <T extends TSchema>(items: T, maxItems: number, opts: object = {}) => Type.Array(items, { maxItems, ...opts })

/**
 * `schema` or null, as one schema whose `type` lists both (`["string", "null"]`, OpenAPI 3.1)
 * rather than a union: for a union, the answer's serializer (fast-json-stringify) runs a
 * validator on every such field to choose its branch; for a type list, a `typeof`. The
 * keywords of `schema` (bounds, format, pattern) apply to its type and leave null alone; an
 * enum gets null added. A named schema stays a union, so that the contract keeps its `$ref`.
 */
export function Nullable<T extends TSchema>(schema: T, opts: object = {}) {
  const s = schema as unknown as Record<string, unknown>
  if (schemaName(schema) || typeof s.type !== 'string') return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()], opts as Record<string, unknown>))
  return Type.Unsafe<Static<T> | null>({ ...s, type: [s.type, 'null'], ...(Array.isArray(s.enum) ? { enum: [...s.enum, null] } : {}), ...opts })
}

/** A string restricted to a list of values, typed as their union. */
export function StringEnum<const T extends readonly string[]>(values: T, opts: object = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts })
}

/** A request body: unknown properties are refused. */
export function Body<T extends Record<string, TSchema>>(properties: T, opts: object = {}) {
  return Type.Object(properties, { additionalProperties: false, ...opts })
}

/** A response object: exactly the listed fields, all present (nullable ones may be null). */
export function Out<T extends Record<string, TSchema>>(properties: T, opts: object = {}) {
  return Type.Object(properties, { additionalProperties: false, ...opts })
}

export const IdParams = Body({ id: Uuid() })

export { Type, type Static, type TSchema }
