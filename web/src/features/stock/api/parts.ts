// The stock's calls: the paged parts list (Link header), a part with its ledger, create and
// edit a part, a stock movement, and the suppliers to choose from.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'
import type { PartFilters } from '../lib/filters'

const PAGE_SIZE = 50

export function usePartList(filters: PartFilters) {
  return useInfiniteQuery({
    // Starts like $api's keys, so invalidating ['get', '/parts'] refreshes it too.
    queryKey: ['get', '/parts', { params: { query: filters } }, 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/parts', { params: { query: { ...filters, limit: PAGE_SIZE, cursor: pageParam } }, signal })
      return { parts: data?.parts ?? [], next: nextCursor(response) ?? undefined }
    },
    getNextPageParam: (last) => last.next,
  })
}

/**
 * A part with its ledger by pages (the newest 20 first, « Charger plus » for older ones): each
 * page is the part with its next movements. The key starts like $api's, so invalidating
 * ['get', '/parts/{id}'] refreshes it too.
 */
export function usePart(id: string) {
  return useInfiniteQuery({
    queryKey: ['get', '/parts/{id}', { params: { path: { id } } }, 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/parts/{id}', { params: { path: { id }, query: { cursor: pageParam } }, signal })
      return { part: data!, next: nextCursor(response) ?? undefined }
    },
    getNextPageParam: (last) => last.next,
    // The part's own fields from the first page, the ledger from all of them.
    select: (d) => ({ ...d.pages[0]!.part, movements: d.pages.flatMap((p) => p.part.movements) }),
  })
}

/** After any change to a part: its lists and its page. */
function useRefresh() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/parts'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/parts/{id}'] }),
  ])
}

export function useCreatePart() {
  const refresh = useRefresh()
  return $api.useMutation('post', '/parts', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useUpdatePart() {
  const refresh = useRefresh()
  return $api.useMutation('patch', '/parts/{id}', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useAddMovement() {
  const refresh = useRefresh()
  return $api.useMutation('post', '/parts/{id}/movements', { meta: { fieldErrors: true }, onSuccess: refresh })
}

/** Active suppliers, for the part's supplier (partners belong to the purchasing rights). */
export function useSupplierOptions(enabled: boolean) {
  return $api.useQuery('get', '/partners', { params: { query: { kind: 'SUPPLIER', active: true } } }, {
    enabled, staleTime: 5 * 60_000,
    select: (d) => d.partners.map((p) => ({ value: p.id, label: p.name })),
  })
}
