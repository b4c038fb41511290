// The list's filters live in the address (/ordres?status=OPEN&priority=URGENT is a link one
// can share): read from it leniently (an unknown value is dropped, never sent to the API).
import type { paths } from '@/lib/api/client'

export type ListQuery = NonNullable<paths['/work-orders']['get']['parameters']['query']>
export type WorkOrderFilters = Pick<ListQuery, 'status' | 'priority' | 'type' | 'assetId' | 'siteId' | 'assigneeId' | 'mine' | 'q'>

const STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'] as const
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const
const TYPES = ['CORRECTIVE', 'PREVENTIVE'] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The order the keys take in the address, so one set of filters is one link. */
const KEYS = ['q', 'status', 'priority', 'type', 'siteId', 'assetId', 'assigneeId', 'mine'] as const

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined
const uuid = (v: string | null) => (v !== null && UUID.test(v) ? v : undefined)

export function parseFilters(params: URLSearchParams): WorkOrderFilters {
  const q = params.get('q')?.trim().slice(0, 100)
  const filters: WorkOrderFilters = {
    q: q || undefined,
    status: oneOf(STATUSES, params.get('status')),
    priority: oneOf(PRIORITIES, params.get('priority')),
    type: oneOf(TYPES, params.get('type')),
    siteId: uuid(params.get('siteId')),
    assetId: uuid(params.get('assetId')),
    assigneeId: uuid(params.get('assigneeId')),
    mine: params.get('mine') === 'true' ? true : undefined,
  }
  return compact(filters)
}

export function filtersToParams(filters: WorkOrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of KEYS) {
    const v = filters[key]
    if (v !== undefined && v !== '' && v !== false) params.set(key, String(v))
  }
  return params
}

/** Filters that narrow the list (the search text included), for the "Filtres (n)" counter. */
export function activeFilterCount(filters: WorkOrderFilters): number {
  return Object.values(compact(filters)).length
}

function compact(filters: WorkOrderFilters): WorkOrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false)) as WorkOrderFilters
}
