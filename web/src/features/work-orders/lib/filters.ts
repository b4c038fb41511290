// The list's filters live in the address (/ordres?status=OPEN&priority=URGENT is a link one
// can share): read from it leniently (an unknown value is dropped, never sent to the API).
// The list opens on live work: with no state in the address, the states not finished;
// `status=all` asks for every state. It opens in the day's triage order (the API's `sort=due`:
// trapped persons, then the late ones, then by due date); `sort=priority` is the API's default.
import type { paths } from '@/lib/api/client'

export type ListQuery = NonNullable<paths['/work-orders']['get']['parameters']['query']>
type Status = Extract<ListQuery['status'], string>
export type WorkOrderFilters = Pick<ListQuery, 'priority' | 'type' | 'assetId' | 'siteId' | 'assigneeId' | 'mine' | 'q' | 'late' | 'unassigned' | 'sort'> & {
  /** Orders in any of these states; undefined: every state. */
  status?: Status[]
}

const STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'] as const
/** Work not finished: what the list opens on (the API's late orders are among these). */
export const LIVE_STATUSES: Status[] = ['OPEN', 'IN_PROGRESS', 'ON_HOLD']
export type Sort = NonNullable<ListQuery['sort']>
/** The list's own order: the day's triage. */
export const DEFAULT_SORT: Sort = 'due'
export const DEFAULT_FILTERS: WorkOrderFilters = { status: LIVE_STATUSES, sort: DEFAULT_SORT }
const ALL = 'all'
const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const
const TYPES = ['CORRECTIVE', 'PREVENTIVE'] as const
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The order the keys take in the address, so one set of filters is one link. */
const KEYS = ['q', 'status', 'late', 'unassigned', 'priority', 'type', 'siteId', 'assetId', 'assigneeId', 'mine', 'sort'] as const

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined
const uuid = (v: string | null) => (v !== null && UUID.test(v) ? v : undefined)
const isLive = (s: readonly Status[] | undefined) => s !== undefined && s.length === LIVE_STATUSES.length && LIVE_STATUSES.every((x) => s.includes(x))

function parseStatus(values: string[]): Status[] | undefined {
  if (values.includes(ALL)) return undefined
  // In the order of the states, once each (the API refuses a state twice).
  const known = STATUSES.filter((s) => values.includes(s))
  return known.length ? known : LIVE_STATUSES
}

export function parseFilters(params: URLSearchParams): WorkOrderFilters {
  const q = params.get('q')?.trim().slice(0, 100)
  const filters: WorkOrderFilters = {
    q: q || undefined,
    status: parseStatus(params.getAll('status')),
    late: params.get('late') === 'true' ? true : undefined,
    priority: oneOf(PRIORITIES, params.get('priority')),
    type: oneOf(TYPES, params.get('type')),
    siteId: uuid(params.get('siteId')),
    assetId: uuid(params.get('assetId')),
    assigneeId: uuid(params.get('assigneeId')),
    mine: params.get('mine') === 'true' ? true : undefined,
    unassigned: params.get('unassigned') === 'true' ? true : undefined,
    sort: params.get('sort') === 'priority' ? 'priority' : DEFAULT_SORT,
  }
  return compact(filters)
}

export function filtersToParams(filters: WorkOrderFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of KEYS) {
    const v = filters[key]
    if (key === 'status') {
      // The default (work not finished) goes without saying; every state must be said.
      if (v === undefined || (v as Status[]).length === 0) params.set('status', ALL)
      else if (!isLive(v as Status[])) for (const s of v as Status[]) params.append('status', s)
    } else if (key === 'sort') {
      // The list's own order goes without saying.
      if (v !== undefined && v !== DEFAULT_SORT) params.set('sort', String(v))
    } else if (v !== undefined && v !== '' && v !== false) params.set(key, String(v))
  }
  return params
}

/** Filters that narrow the list beyond the default (the search text included; not the order), for the
 * "Filtres (n)" counter and « Effacer les filtres ». */
export function activeFilterCount(filters: WorkOrderFilters): number {
  const { status, sort: _order, ...rest } = compact(filters)
  return Object.values(rest).length + (isLive(status) ? 0 : 1)
}

function compact(filters: WorkOrderFilters): WorkOrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([k, v]) => k === 'status' || (v !== undefined && v !== '' && v !== false))) as WorkOrderFilters
}
