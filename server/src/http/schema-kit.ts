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

export const Uuid = (opts: object = {}) => Type.String({ format: 'uuid', ...opts })
export const DateTime = () => Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' })
export const Email = () => Type.String({ format: 'email', maxLength: 254 })

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()])
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
