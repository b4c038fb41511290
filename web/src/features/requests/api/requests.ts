// The requests' calls: the paged list (Link header), create, approve, reject, and what the
// dialogs need (asset options, people who may work the order, the asset's site).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'
import type { RequestFilters } from '../lib/filters'

const PAGE_SIZE = 50

export function useRequestList(filters: RequestFilters) {
  return useInfiniteQuery({
    // Starts like $api's keys, so invalidating ['get', '/requests'] refreshes it too.
    queryKey: ['get', '/requests', { params: { query: filters } }, 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/requests', { params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam } }, signal })
      return { requests: data?.requests ?? [], next: nextCursor(response) ?? undefined }
    },
    getNextPageParam: (last) => last.next,
  })
}

/** After any change to a request: its lists, and the orders an approval created. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/requests'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/work-orders'] }),
  ])
}

export function useCreateRequest() {
  const refresh = useRefreshAfterChange()
  return $api.useMutation('post', '/requests', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useApproveRequest() {
  const refresh = useRefreshAfterChange()
  return $api.useMutation('post', '/requests/{id}/approve', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useRejectRequest() {
  const refresh = useRefreshAfterChange()
  return $api.useMutation('post', '/requests/{id}/reject', { meta: { fieldErrors: true }, onSuccess: refresh })
}

/** Elevators the caller may name: the API already keeps them to the caller's sites. */
export function useAssetOptions(enabled = true) {
  return $api.useQuery('get', '/assets/options', {}, { enabled, staleTime: 5 * 60_000 })
}

/** Everyone, to choose assignees from: needs the right to see other people. */
export function useUsers(enabled: boolean) {
  return $api.useQuery('get', '/users', {}, { enabled, staleTime: 60_000 })
}

/** The asset's detail, for its site (the request only names the site). */
export function useAssetSite(assetId: string, enabled: boolean) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id: assetId } } }, { enabled, staleTime: 5 * 60_000, select: (a) => a.siteId })
}

/** Top-level sites, for the list's site filter. */
export function useSites(enabled: boolean) {
  return $api.useQuery('get', '/locations', {}, {
    enabled, staleTime: 5 * 60_000,
    select: (d) => d.locations.filter((l) => l.parentId === null).map((l) => ({ value: l.id, label: l.name })),
  })
}
