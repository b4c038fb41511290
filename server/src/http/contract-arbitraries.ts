// Test support for fuzz.test.ts (never imported by the service): fast-check arbitraries built
// from an operation's JSON schemas. Each node is valid-looking most of the time and hostile
// otherwise (control characters, impossible dates, huge numbers, wrong types, extra
// properties, very long strings, odd unicode), so that a request is mostly right and wrong
// in one or two places — the way a careless or malicious client gets through to the service.
import fc, { type Arbitrary } from 'fast-check'

type Schema = Record<string, any>
/** Existing ids worth sending for a field (by its name: `categoryId`, `id`, …); may be empty. */
export type Ids = (field: string) => readonly string[]

const HOSTILE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', 'bip\u0007', '\u001b[31mrouge', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udc00', '\udfff\ud800',
  '\u202eLTR', '\u200b', '\ufeff', '\uffff', '😀'.repeat(60), 'é'.repeat(300), 'x'.repeat(10_000), "'; DROP TABLE users; --",
  '../../etc/passwd', '%00', '\\', '{"a":1}', 'null', 'true', '1e309', 'NaN', '-0',
  '2016-12-31T23:59:60Z', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '0099-12-31T23:59:59Z', '1899-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z', '2024-02-30T10:00:00Z', '+275760-09-13T00:00:00Z', '2024-01-01T10:00:00', '2024-01-01',
  '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '0190a0a0-0000-7000-8000-00000000000g',
]
const HOSTILE_NUMBERS = [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 2 ** 63, -1, 0, -0, 0.5, 1e-300]
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, 'texte', 42, -7.5, [null], { a: {} }, ['a', 'b']]

// Any UTF-16 code unit, lone surrogates and controls included.
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))

const ISO_MIN = Date.UTC(1900, 0, 1)
const ISO_MAX = Date.UTC(2999, 11, 31)

function validString(s: Schema, ids: readonly string[]): Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 200, 300)
  const min = s.minLength ?? 0
  if (s.enum) return fc.constantFrom(...(s.enum as string[]))
  switch (s.format) {
    case 'uuid': return ids.length ? fc.oneof({ weight: 7, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: fc.uuid() }) : fc.uuid()
    case 'date-time': return fc.integer({ min: ISO_MIN, max: ISO_MAX }).map((ms) => new Date(ms).toISOString())
    case 'date': return fc.integer({ min: ISO_MIN, max: ISO_MAX }).map((ms) => new Date(ms).toISOString().slice(0, 10))
    case 'email': return fc.emailAddress().filter((e) => e.length <= max)
  }
  if (s.pattern === '\\S') return fc.string({ minLength: 1, maxLength: max }).filter((x) => /\S/.test(x))
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= min && x.length <= max)
  return fc.string({ minLength: min, maxLength: max, unit: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }, { weight: 1, arbitrary: fc.constantFrom('é', '漢', '\n', '\t') }) })
}

function validNumber(s: Schema, integer: boolean): Arbitrary<number> {
  const min = s.minimum ?? -1e6
  const max = s.maximum ?? 1e6
  return integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u000b', '\u001b', '\u007f', '\u0085', '\ud800', '\udc00']
const BAD_DATES = ['2016-12-31T23:59:60Z', '2016-12-31T23:59:60+01:00', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '0050-06-15T12:00:00+02:00',
  '0099-12-31T23:59:59Z', '1899-12-31T23:59:59Z', '9999-12-31T23:59:59Z', '2024-02-30T10:00:00Z', '2023-02-29']

/** A wrong value for `schema`, most often a right one spoiled in one place. */
export function hostile(schema: Schema, ids: Ids, field = ''): Arbitrary<unknown> {
  const s: Schema = withoutNull(schema)
  const parts: { weight: number; arbitrary: Arbitrary<unknown> }[] = [{ weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) }]
  if (s.type === 'string') {
    // A right value with one control character in it: what used to reach the database.
    const spoiled = fc.tuple(validString(s, ids(field)), fc.constantFrom(...CONTROLS), fc.nat())
      .map(([v, c, i]) => { const at = i % (v.length + 1); return v.slice(0, at) + c + v.slice(at) })
    parts.push({ weight: 4, arbitrary: spoiled }, { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40, unit: anyUnit }) })
    if (s.format === 'date-time' || s.format === 'date') parts.push({ weight: 4, arbitrary: fc.constantFrom(...BAD_DATES) })
    if (s.maxLength !== undefined) parts.push({ weight: 1, arbitrary: fc.constant('a'.repeat(s.maxLength + 1)) })
  }
  if (s.type === 'integer' || s.type === 'number') {
    parts.push({ weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) }, { weight: 1, arbitrary: fc.double() })
    if (s.minimum !== undefined) parts.push({ weight: 1, arbitrary: fc.constant(s.minimum - 1) })
    if (s.maximum !== undefined) parts.push({ weight: 1, arbitrary: fc.constant(s.maximum + 1) })
  }
  return fc.oneof(...parts)
}

/** How wrong a generated input is: 0 never; 'one': exactly one top-level field wrong, the
 * rest right; 1 or 5: the weight of a wrong value against 20 right ones at every node (and
 * the chance of a missing required field or an unknown one). */
export type Hostility = 0 | 'one' | 1 | 5
const weightOf = (h: Hostility) => (typeof h === 'number' ? h : 0)

/** A value for `schema`: valid-looking, or hostile at some nodes, recursively. */
export function valueOf(s: Schema, ids: Ids, h: Hostility, depth = 0, field = ''): Arbitrary<unknown> {
  const valid = validValueOf(s, ids, h, depth, field)
  return weightOf(h) === 0 ? valid : fc.oneof({ weight: 20, arbitrary: valid }, { weight: weightOf(h), arbitrary: hostile(s, ids, field) })
}

/** The non-null side of a nullable schema (`anyOf` with a null branch, or a type list with "null"). */
function withoutNull(s: Schema): Schema {
  if (s.anyOf) return (s.anyOf as Schema[]).find((b) => b.type !== 'null') ?? s
  if (Array.isArray(s.type)) return { ...s, type: (s.type as string[]).find((t) => t !== 'null') }
  return s
}

function validValueOf(s: Schema, ids: Ids, h: Hostility, depth: number, field: string): Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...(s.anyOf as Schema[]).map((b) => validValueOf(b, ids, h, depth, field)))
  if (Array.isArray(s.type)) return fc.oneof(fc.constant(null), validValueOf(withoutNull(s), ids, h, depth, field))
  if (s.const !== undefined) return fc.constant(s.const)
  switch (s.type) {
    case 'string': return validString(s, ids(field))
    case 'integer': return validNumber(s, true)
    case 'number': return validNumber(s, false)
    case 'boolean': return fc.boolean()
    case 'null': return fc.constant(null)
    case 'array': return depth > 3 ? fc.constant([]) : fc.array(valueOf(s.items ?? {}, ids, h, depth + 1, field), { maxLength: Math.min(s.maxItems ?? 3, 3) })
    case 'object': return objectOf(s, ids, h, depth)
    default: return fc.constantFrom(...WRONG_TYPES)
  }
}

/** An object of the schema's properties; when hostile, a required one may be missing and an
 * unknown one may come along. */
export function objectOf(s: Schema, ids: Ids, h: Hostility, depth = 0): Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, Schema>
  const keys = Object.keys(props)
  const required = new Set<string>(s.required ?? [])
  const w = weightOf(h)
  const presence = (k: string) => (required.has(k) ? fc.nat(20).map((n) => n >= w) : fc.boolean())
  const entries = keys.map((k) => fc.tuple(fc.constant(k), valueOf(props[k], ids, h, depth + 1, k), presence(k)))
  const unknown = fc.tuple(fc.constantFrom('owner', '__proto__', 'constructor', 'id', '', '\u0000'), fc.constantFrom(...WRONG_TYPES))
  const extra = w === 0 ? fc.constant(null) : fc.oneof({ weight: 20, arbitrary: fc.constant(null) }, { weight: w, arbitrary: unknown })
  const wrongOne = h === 'one' && depth === 0 && keys.length > 0
    ? fc.nat(keys.length - 1).chain((i) => fc.tuple(fc.constant(keys[i]), hostile(props[keys[i]], ids, keys[i])))
    : fc.constant(null)
  return fc.tuple(fc.tuple(...entries), extra, wrongOne).map(([list, more, wrong]) => {
    const out: Record<string, unknown> = {}
    for (const [k, v, present] of list) if (present) out[k] = v
    for (const [k, v] of [more, wrong].filter((e) => e !== null)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
    return out
  })
}

/** Raw JSON payloads no schema accepts as an object of its fields. */
export const RAW_BODIES = ['', '{', 'null', '[]', '"texte"', '1e999', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(2000) + ']'.repeat(2000), '{"a":"\\ud800"}']

/** Raw path segments and query strings that are wrong before any schema looks at them. */
export const RAW_SEGMENTS = ['%', '%E0%A4%A', '%2F', '..', '%00', 'a'.repeat(101), 'b'.repeat(5000), '%F0%9F%98%80', ' ']
export const RAW_QUERIES = ['%', 'q=%E0%A4%A', 'q=%00', 'a[b]=c', '__proto__=x', 'q=a&q=b', 'limit=1&limit=2', 'limit=1e3', 'underContract=yes', `q=${'x'.repeat(5000)}`]

/** A query string from a generated object; arrays repeat the key, objects travel as JSON. */
export function queryString(query: Record<string, unknown>): string {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) p.append(k, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item))
  }
  return p.toString()
}

export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** A path segment: percent-encoded, a lone surrogate replaced (it cannot be encoded). */
export function segment(value: unknown): string {
  return encodeURIComponent(String(value).replace(LONE_SURROGATE, '\ufffd'))
}
