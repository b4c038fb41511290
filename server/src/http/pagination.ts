// Keyset pagination shared by every listing that grows: the body stays the spec's wrapper
// (`{ assets }`, `{ workOrders }`…); the next page is announced in an RFC 8288 `Link`
// header, absent on the last page. A cursor is the last row's sort key (base64url JSON),
// checked against the listing's own key shape before it reaches SQL.
import type { FastifyRequest } from 'fastify'
import { badRequest } from './errors.ts'
import { Int, Text, Type } from './schema-kit.ts'

const CURSOR_PATTERN = '^[A-Za-z0-9_-]+$'
const MAX_CURSOR = 400

/** The `limit` and `cursor` query parameters of a paginated listing. */
export function pageParams(defaultLimit: number, maxLimit: number) {
  return {
    limit: Type.Optional(Int(1, maxLimit, { default: defaultLimit, description: `Page size, ${defaultLimit} by default, ${maxLimit} at most.` })),
    cursor: Type.Optional(Text(MAX_CURSOR, { minLength: 1, pattern: CURSOR_PATTERN, description: 'Opaque: taken from the `Link: <…>; rel="next"` header of the previous page.' })),
  }
}

/** A sort key as a tuple of values, each tested by its own check (string pattern, number…). */
export type KeyShape = readonly ((v: unknown) => boolean)[]

export const isUuid = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)
export const isMatching = (re: RegExp) => (v: unknown) => typeof v === 'string' && re.test(v)

/**
 * A time read from the store as whole microseconds since the epoch (a bigint's text), in the
 * form cursors carry it: ISO 8601, UTC, six decimals.
 */
export function microsecondIso(micros: string): string {
  const us = BigInt(micros)
  const ms = us / 1000n - (us % 1000n < 0n ? 1n : 0n)
  const rest = us - ms * 1000n
  return new Date(Number(ms)).toISOString().replace('Z', `${String(rest).padStart(3, '0')}Z`)
}

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url')
}

const invalidCursor = () =>
  badRequest('VALIDATION_ERROR', 'Champ « cursor » : curseur invalide (reprenez la liste depuis le début).', [{ field: 'cursor', message: 'curseur invalide' }])

/** The sort key a cursor carries, or 400 when it is not one of this listing's keys. */
export function decodeCursor(cursor: string, shape: KeyShape): unknown[] {
  let v: unknown
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw invalidCursor()
  }
  if (!Array.isArray(v) || v.length !== shape.length || !shape.every((ok, i) => ok(v[i]))) throw invalidCursor()
  return v
}

/**
 * One page from `limit + 1` rows fetched in sort order: the extra row only tells that
 * another page follows, whose cursor is the key of the page's last row.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => readonly unknown[]): { items: T[]; next: string | null } {
  const items = rows.slice(0, limit)
  const last = items.at(-1)
  return { items, next: rows.length > limit && last ? encodeCursor(keyOf(last)) : null }
}

const PLAIN_PATH = /^(\/[A-Za-z0-9_-]+)+$/

/** `<path?other params&cursor=…&limit=…>; rel="next"`, relative to the request's own URL. */
export function nextLink(req: FastifyRequest, cursor: string, limit: number): string {
  // The usual first page: a plain path, no query string, nothing to parse or escape (a cursor
  // is base64url already).
  if (PLAIN_PATH.test(req.url)) return `<${req.url}?cursor=${cursor}&limit=${limit}>; rel="next"`
  const url = new URL(req.url, 'http://service')
  url.searchParams.delete('cursor')
  url.searchParams.delete('limit')
  url.searchParams.set('cursor', cursor)
  url.searchParams.set('limit', String(limit))
  return `<${url.pathname}${url.search}>; rel="next"`
}
