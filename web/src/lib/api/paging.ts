// Listings page with keyset cursors announced in an RFC 8288 Link header
// (`<…?cursor=…&limit=…>; rel="next"`), absent on the last page.
export function nextCursor(response: Response): string | null {
  const link = response.headers.get('link')
  if (!link) return null
  for (const part of link.split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim())
    if (m) return new URL(m[1], 'http://palier.invalid').searchParams.get('cursor')
  }
  return null
}
