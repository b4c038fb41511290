// Query and mutation hooks of the work-order screens, on the typed client. The detail's
// mutations answer the whole detail: it replaces the cached one (no refetch), and the lists
// are refreshed as write-refreshes.ts says.
import { useQueryClient } from '@tanstack/react-query'
import { $api, type Schemas } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { queryKeys } from '@/lib/api/query-keys'
import { useWrite, writeKey } from '@/lib/api/use-write'
import { withItemStatus } from '../lib/checklist'
import type { WorkOrderFilters } from '../lib/filters'

type Detail = Schemas['WorkOrderDetail']

/** A page fills a phone screen a few times over; more on demand ("Charger plus"). */
const PAGE_SIZE = 30

export function useWorkOrderList(filters: WorkOrderFilters) {
  return useCursorList('/work-orders', { query: { ...filters, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.workOrders))
}

export function useWorkOrder(id: string) {
  return $api.useQuery('get', '/work-orders/{id}', { params: { path: { id } } })
}

/** After a write answering the detail: show it at once. */
function useStoreDetail() {
  const queryClient = useQueryClient()
  return (detail: Detail) => { queryClient.setQueryData<Detail>(queryKeys.workOrders.detail(detail.id), detail) }
}

export function useTransition() {
  const store = useStoreDetail()
  return useWrite('post', '/work-orders/{id}/transition', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useSaveReport() {
  const store = useStoreDetail()
  return useWrite('put', '/work-orders/{id}/report', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useComment() {
  const store = useStoreDetail()
  return useWrite('post', '/work-orders/{id}/comments', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useSetAssignees() {
  const store = useStoreDetail()
  return useWrite('put', '/work-orders/{id}/assignees', { onSuccess: store })
}

export function useCreateWorkOrder() {
  const store = useStoreDetail()
  return useWrite('post', '/work-orders', { meta: { fieldErrors: true }, onSuccess: store })
}

const CHECKLIST = writeKey('patch', '/work-orders/{id}/checklist/{itemId}')

/**
 * One tap on a checklist item: shown at once, sent in the background. Taps on one item run
 * one after the other (scope), so the server ends on the last status tapped; the detail is
 * refetched (blockers, log) once no tap is still on its way, and on failure.
 */
export function useTickChecklist(orderId: string, itemId: string) {
  const queryClient = useQueryClient()
  const key = queryKeys.workOrders.detail(orderId)
  return useWrite(...CHECKLIST, {
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
  return useWrite('post', '/work-orders/{id}/consume-part', { meta: { fieldErrors: true }, onSuccess: store })
}

export function useAddLaborTime() {
  const store = useStoreDetail()
  return useWrite('post', '/work-orders/{id}/labor', { meta: { fieldErrors: true }, onSuccess: store })
}

/** Parts matching what the technician types, for the part picker (PARTS view). */
export function usePartOptions(q: string, enabled: boolean) {
  return $api.useQuery('get', '/parts', { params: { query: { q: q.trim() || undefined, limit: 20 } } }, {
    enabled, staleTime: 15_000, placeholderData: (prev) => prev,
  })
}

/** A breakdown time tapped or corrected (ReportUpsert's `times`); a refusal shows the API's message. */
export function useRecordTimes() {
  const store = useStoreDetail()
  return useWrite('put', '/work-orders/{id}/report', { onSuccess: store })
}
