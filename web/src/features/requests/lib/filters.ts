// The list's filters live in the address (/demandes?status=PENDING&source=PORTAL is a link one
// can share, and the dashboard's cards point at such links): read leniently, an unknown value
// is dropped, never sent to the API. Keys are the API's own query names, as for work orders.
import type { paths } from '@/lib/api/client'

type ListQuery = NonNullable<paths['/requests']['get']['parameters']['query']>
export type RequestFilters = Pick<ListQuery, 'q' | 'status' | 'source' | 'siteId' | 'assetId' | 'mine'>

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
const SOURCES = ['APP', 'PORTAL'] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The order of the keys in the address, so that one set of filters is one link. */
const KEYS = ['q', 'status', 'source', 'siteId', 'assetId', 'mine'] as const

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined
const uuid = (v: string | null) => (v !== null && UUID.test(v) ? v : undefined)

export function parseFilters(params: URLSearchParams): RequestFilters {
  return compact({
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    status: oneOf(STATUSES, params.get('status')),
    source: oneOf(SOURCES, params.get('source')),
    siteId: uuid(params.get('siteId')),
    assetId: uuid(params.get('assetId')),
    mine: params.get('mine') === 'true' ? true : undefined,
  })
}

export function filtersToParams(filters: RequestFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of KEYS) {
    const v = filters[key]
    if (v !== undefined && v !== '' && v !== false) params.set(key, String(v))
  }
  return params
}

export function hasFilters(filters: RequestFilters): boolean {
  return Object.keys(compact(filters)).length > 0
}

function compact(filters: RequestFilters): RequestFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as RequestFilters
}
