// Query and mutation hooks of the work-order screens, on the typed client. The detail's
// mutations answer the whole detail: it replaces the cached one (no refetch), and the lists
// are invalidated by family (['get', '/work-orders']).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client, type Schemas } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'
import { withItemStatus } from '../lib/checklist'
import type { WorkOrderFilters } from '../lib/filters'

type Detail = Schemas['WorkOrderDetail']

/** A page fills a phone screen a few times over; more on demand ("Charger plus"). */
const PAGE_SIZE = 30

export function useWorkOrderList(filters: WorkOrderFilters) {
  const query = { ...filters, limit: PAGE_SIZE }
  return useInfiniteQuery({
    // The fourth element keeps these pages apart from a plain useQuery on the same address.
    queryKey: ['get', '/work-orders', { params: { query } }, 'pages'] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/work-orders', { params: { query: { ...query, cursor: pageParam } }, signal })
      return { workOrders: data!.workOrders, next: nextCursor(response) }
    },
    getNextPageParam: (last) => last.next ?? undefined,
  })
}

const detailOptions = (id: string) => $api.queryOptions('get', '/work-orders/{id}', { params: { path: { id } } })

export function useWorkOrder(id: string) {
  return $api.useQuery('get', '/work-orders/{id}', { params: { path: { id } } })
}

/** After a mutation answering the detail: show it, and let the lists refetch. */
function useStoreDetail() {
  const queryClient = useQueryClient()
  return (detail: Detail) => {
    queryClient.setQueryData<Detail>(detailOptions(detail.id).queryKey, detail)
    void queryClient.invalidateQueries({ queryKey: ['get', '/work-orders'] })
  }
}

export function useTransition() {
  const store = useStoreDetail()
  return $api.useMutation('post', '/work-orders/{id}/transition', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useSaveReport() {
  const store = useStoreDetail()
  return $api.useMutation('put', '/work-orders/{id}/report', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useComment() {
  const store = useStoreDetail()
  return $api.useMutation('post', '/work-orders/{id}/comments', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useSetAssignees() {
  const store = useStoreDetail()
  return $api.useMutation('put', '/work-orders/{id}/assignees', { onSuccess: store })
}

export function useCreateWorkOrder() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/work-orders', {
    meta: { fieldErrors: true },
    onSuccess: (detail) => {
      queryClient.setQueryData<Detail>(detailOptions(detail.id).queryKey, detail)
      void queryClient.invalidateQueries({ queryKey: ['get', '/work-orders'] })
    },
  })
}

const CHECKLIST = ['patch', '/work-orders/{id}/checklist/{itemId}'] as const

/**
 * One tap on a checklist item: shown at once, sent in the background. Taps on one item run
 * one after the other (scope), so the server ends on the last status tapped; the detail is
 * refetched (blockers, log) once no tap is still on its way, and on failure.
 */
export function useTickChecklist(orderId: string, itemId: string) {
  const queryClient = useQueryClient()
  const key = detailOptions(orderId).queryKey
  return $api.useMutation(CHECKLIST[0], CHECKLIST[1], {
    scope: { id: `checklist:${itemId}` },
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<Detail>(key, (d) => (d ? withItemStatus(d, itemId, vars.body.status) : d))
    },
    onSettled: (_data, error) => {
      if (error || queryClient.isMutating({ mutationKey: [...CHECKLIST] }) <= 1) void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/** A part taken from stock for the order: the answer is the detail with its new cost line. */
export function useConsumePart() {
  const store = useStoreDetail()
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/work-orders/{id}/consume-part', {
    meta: { fieldErrors: true },
    onSuccess: (detail) => { store(detail); void queryClient.invalidateQueries({ queryKey: ['get', '/parts'] }) },
  })
}

export function useAddLaborTime() {
  const store = useStoreDetail()
  return $api.useMutation('post', '/work-orders/{id}/labor', { meta: { fieldErrors: true }, onSuccess: store })
}

/** Parts matching what the technician types, for the part picker (PARTS view). */
export function usePartOptions(q: string, enabled: boolean) {
  return $api.useQuery('get', '/parts', { params: { query: { q: q.trim() || undefined, limit: 20 } } }, {
    enabled, staleTime: 15_000, placeholderData: (prev) => prev,
  })
}
