// The stock list's filters live in the address (/stock?q=fusible&belowThreshold=true), read
// leniently like the requests' filters. Keys are the API's own query names.
import type { paths } from '@/lib/api/client'

type ListQuery = NonNullable<paths['/parts']['get']['parameters']['query']>
export type PartFilters = Pick<ListQuery, 'q' | 'belowThreshold'>

export function parseFilters(params: URLSearchParams): PartFilters {
  const q = params.get('q')?.trim().slice(0, 100) || undefined
  const belowThreshold = params.get('belowThreshold') === 'true' ? true : undefined
  return { ...(q ? { q } : {}), ...(belowThreshold ? { belowThreshold } : {}) }
}

export function filtersToParams(filters: PartFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q?.trim()) params.set('q', filters.q.trim())
  if (filters.belowThreshold) params.set('belowThreshold', 'true')
  return params
}

export function hasFilters(filters: PartFilters): boolean {
  return Boolean(filters.q?.trim() || filters.belowThreshold)
}

