// Update bodies carry only what the person changed: a PATCH that resends an unchanged role
// or member list would still be checked (and maybe refused) for nothing.

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    // Id lists are sets: the order picked in a multi-select means nothing.
    return a.length === b.length && a.every((x) => b.includes(x))
  }
  return a === b
}

/** The entries of `next` whose value differs from `initial`. */
export function changes<T extends Record<string, unknown>>(initial: T, next: T): Partial<T> {
  const out: Partial<T> = {}
  for (const key of Object.keys(next) as (keyof T)[]) if (!same(initial[key], next[key])) out[key] = next[key]
  return out
}

/** A text field for a create body: trimmed, left out when empty. */
export function optional(text: string): string | undefined {
  const t = text.trim()
  return t === '' ? undefined : t
}

/** A text field for an update body where null clears the stored value. */
export function orNull(text: string): string | null {
  const t = text.trim()
  return t === '' ? null : t
}
