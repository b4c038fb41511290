// The dashboard reads the existing lists (no API of its own): one page each, with whether the
// API announced more (Link header), so that a count is shown exact or as « 50+ ».
import { $api, type paths } from '@/lib/api/client'
import { useFirstPage } from '@/lib/api/cursor-list'

/** The API's default page: a count that needs more is a « 50+ ». */
export const PAGE_SIZE = 50

type OrderQuery = Omit<NonNullable<paths['/work-orders']['get']['parameters']['query']>, 'limit' | 'cursor'>
type RequestQuery = Omit<NonNullable<paths['/requests']['get']['parameters']['query']>, 'limit' | 'cursor'>

// The dashboard stays open on a desk all day: its lists read themselves again while it is on
// screen (lib/api/live.ts), each time a cheap 304 when nothing changed.
export function useOrderPage(query: OrderQuery, enabled = true) {
  return useFirstPage('/work-orders', { query: { ...query, limit: PAGE_SIZE } }, (a) => a.workOrders, enabled, { live: true })
}

/** Newest first, as the list the cards open (trapped persons first either way). */
export function useRequestPage(query: RequestQuery, enabled = true) {
  return useFirstPage('/requests', { query: { sort: 'newest', ...query, limit: PAGE_SIZE } }, (a) => a.requests, enabled, { live: true })
}

export function usePreventiveStatus(enabled = true) {
  return $api.useQuery('get', '/preventive/status', {}, { enabled })
}

/** The orders not finished yet, in their three states (the list filters one state at a time). */
export function useActiveOrders(enabled = true) {
  const open = useOrderPage({ status: 'OPEN' }, enabled)
  const inProgress = useOrderPage({ status: 'IN_PROGRESS' }, enabled)
  const onHold = useOrderPage({ status: 'ON_HOLD' }, enabled)
  return { open, inProgress, onHold, all: [open, inProgress, onHold] }
}

/** The late orders (not finished, due date passed): the page « Ordres en retard » links to, in its order. */
export function useLateOrders(enabled = true) {
  return useOrderPage({ late: true, sort: 'due' }, enabled)
}

/** The live orders nobody is assigned to: exactly the list « Ordres non affectés » opens. */
export function useUnassignedOrders(enabled = true) {
  return useOrderPage({ status: ['OPEN', 'IN_PROGRESS', 'ON_HOLD'], unassigned: true, sort: 'due' }, enabled)
}

/** Several queries shown as one (a card needs all of them): loading until each has answered,
 * the first error, and a retry of all. */
export function combine<T extends unknown[]>(queries: { [K in keyof T]: { data: T[K] | undefined; error: unknown; isPending: boolean; refetch: () => unknown; fetchStatus?: string } }) {
  const ready = queries.every((q) => q.data !== undefined)
  return {
    data: ready ? (queries.map((q) => q.data) as T) : undefined,
    error: queries.find((q) => q.error)?.error ?? null,
    isPending: queries.some((q) => q.isPending),
    // Waiting for the network when any part is (QueryState says « Pas de réseau »).
    fetchStatus: queries.some((q) => q.fetchStatus === 'paused') ? 'paused' : undefined,
    refetch: () => Promise.all(queries.map((q) => q.refetch())),
  }
}
