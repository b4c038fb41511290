// The list's filters live in the address (/demandes?status=PENDING&source=PORTAL is a link one
// can share, and the dashboard's cards point at such links): read leniently, an unknown value
// is dropped, never sent to the API. Keys are the API's own query names, as for work orders.
// The list opens newest first (the API's `sort=newest`: a Demandeur's new request on top), and,
// for those who decide (approve or reject), on the requests waiting for a decision:
// `status=all` then asks for every state. A search alone (`?q=DEM-…`, the dashboard's links)
// looks in every state: a reference is found whatever became of it.
import type { paths } from '@/lib/api/client'

type ListQuery = NonNullable<paths['/requests']['get']['parameters']['query']>
export type RequestFilters = Pick<ListQuery, 'q' | 'status' | 'source' | 'siteId' | 'assetId' | 'mine' | 'sort'>
type Status = NonNullable<ListQuery['status']>
export type Sort = NonNullable<ListQuery['sort']>
/** The list's own order: the newest first. */
export const DEFAULT_SORT: Sort = 'newest'
const ALL = 'all'

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
const SOURCES = ['APP', 'PORTAL'] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The order of the keys in the address, so that one set of filters is one link. */
const KEYS = ['q', 'status', 'source', 'siteId', 'assetId', 'mine', 'sort'] as const

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined
const uuid = (v: string | null) => (v !== null && UUID.test(v) ? v : undefined)

/** `defaultStatus`: the state the list opens on for this person (PENDING for those who decide). */
export function parseFilters(params: URLSearchParams, defaultStatus?: Status): RequestFilters {
  const status = params.get('status')
  const q = params.get('q')?.trim().slice(0, 100) || undefined
  return compact({
    q,
    status: status === ALL ? undefined : oneOf(STATUSES, status) ?? (q ? undefined : defaultStatus),
    source: oneOf(SOURCES, params.get('source')),
    siteId: uuid(params.get('siteId')),
    assetId: uuid(params.get('assetId')),
    mine: params.get('mine') === 'true' ? true : undefined,
    sort: params.get('sort') === 'oldest' ? 'oldest' : DEFAULT_SORT,
  })
}

export function filtersToParams(filters: RequestFilters, defaultStatus?: Status): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of KEYS) {
    const v = filters[key]
    // The defaults go without saying; every state, when the list opens on one, must be said.
    if (key === 'status' && defaultStatus !== undefined) {
      const searching = Boolean(filters.q)
      if (v === undefined) { if (!searching) params.set('status', ALL) } else if (v !== defaultStatus || searching) params.set('status', String(v))
    } else if (key === 'sort') {
      if (v !== undefined && v !== DEFAULT_SORT) params.set('sort', String(v))
    } else if (v !== undefined && v !== '' && v !== false) params.set(key, String(v))
  }
  return params
}

/** Whether anything narrows the list beyond what it opens on (not the order). */
export function hasFilters(filters: RequestFilters, defaultStatus?: Status): boolean {
  const { sort: _order, status, ...rest } = compact(filters)
  return Object.keys(rest).length > 0 || status !== defaultStatus
}

function compact(filters: RequestFilters): RequestFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as RequestFilters
}
