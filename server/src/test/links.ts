// Reading the RFC 8288 `Link: <…>; rel="next"` header of paginated listings in tests.

/** The next page's URL (under /api) and its cursor, or null on the last page. */
export function nextPage(headers: Record<string, unknown>): { url: string; cursor: string } | null {
  const link = headers.link
  if (link === undefined) return null
  const m = /^<([^>]+)>; rel="next"$/.exec(String(link))
  if (!m) throw new Error(`malformed Link header: ${String(link)}`)
  const cursor = new URL(m[1], 'http://x').searchParams.get('cursor')
  if (!cursor) throw new Error(`Link header without a cursor: ${m[1]}`)
  return { url: m[1], cursor }
}
