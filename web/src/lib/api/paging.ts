// Listings page with keyset cursors announced in an RFC 8288 Link header
// (`<…?cursor=…&limit=…>; rel="next"`), absent on the last page. The one place that reads it:
// a page with its next cursor, every page to a cap; the hooks on top are in cursor-list.ts.
import { client } from './client'
import type { ReadParams, ReadPath } from './query-keys'
import type { paths } from './schema'

export function nextCursor(response: Response): string | null {
  const link = response.headers.get('link')
  if (!link) return null
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim())
    if (m) return new URL(m[1], 'http://palier.invalid').searchParams.get('cursor')
  }
  return null
}

/** The addresses whose reads take a `cursor` (the paged listings, a part's ledger). */
export type CursorPath = { [P in ReadPath]: NonNullable<paths[P]['get']['parameters']['query']> extends { cursor?: string } ? P : never }[ReadPath]
export type Answer<P extends ReadPath> = paths[P]['get']['responses'][200] extends { content: { 'application/json': infer A } } ? A : never
export interface Page<P extends ReadPath> { answer: Answer<P>; next: string | undefined }

// `client.GET` over a path chosen by the caller: openapi-fetch's overloads cannot be called with
// a generic path, so the one call is typed here from the contract's own types instead.
type GetAny = (path: string, init: { params: unknown; signal?: AbortSignal }) => Promise<{ data?: unknown; response: Response }>

/** One page of `path` from `cursor` (the first without one), with the cursor of the next. */
export async function fetchPage<P extends CursorPath>(path: P, params: ReadParams<P>, cursor: string | undefined, signal?: AbortSignal): Promise<Page<P>> {
  const query = cursor === undefined ? params.query : { ...params.query, cursor }
  const { data, response } = await (client.GET as unknown as GetAny)(path, { params: { ...params, query }, signal })
  return { answer: data as Answer<P>, next: nextCursor(response) ?? undefined }
}

/** The items of every page, following the Link header until the last page or `max` items. */
export async function fetchAllPages<P extends CursorPath, T>(path: P, params: ReadParams<P>, items: (answer: Answer<P>) => T[],
  max: number, signal?: AbortSignal): Promise<T[]> {
  const all: T[] = []
  let cursor: string | undefined
  do {
    const page = await fetchPage(path, params, cursor, signal)
    all.push(...items(page.answer))
    cursor = page.next
  } while (cursor !== undefined && all.length < max)
  return all.slice(0, max)
}
