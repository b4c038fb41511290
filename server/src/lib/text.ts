/** Optional free text as stored: trimmed, and blank means "no value" (null). */
export function cleanText(v: string | null | undefined): string | null | undefined {
  if (v === undefined || v === null) return v
  const t = v.trim()
  return t === '' ? null : t
}
