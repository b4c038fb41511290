// The purchase orders' calls: the paged list (Link header), one order, create, transition,
// and what the creation form picks from (active suppliers, parts found by text).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'
import type { PurchaseOrderStatus } from '../lib/filters'

const PAGE_SIZE = 50

export function usePurchaseOrderList(status: PurchaseOrderStatus | undefined) {
  return useInfiniteQuery({
    queryKey: ['get', '/purchase-orders', { params: { query: { status } } }, 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/purchase-orders', { params: { query: { status, limit: PAGE_SIZE, cursor: pageParam } }, signal })
      return { purchaseOrders: data?.purchaseOrders ?? [], next: nextCursor(response) ?? undefined }
    },
    getNextPageParam: (last) => last.next,
  })
}

export function usePurchaseOrder(id: string) {
  return $api.useQuery('get', '/purchase-orders/{id}', { params: { path: { id } } })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/purchase-orders'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/purchase-orders/{id}'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/parts'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/parts/{id}'] }),
  ])
}

export function useCreatePurchaseOrder() {
  const refresh = useRefresh()
  return $api.useMutation('post', '/purchase-orders', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useTransitionPurchaseOrder() {
  const refresh = useRefresh()
  return $api.useMutation('post', '/purchase-orders/{id}/transition', { meta: { fieldErrors: true }, onSuccess: refresh })
}

export function useActiveSuppliers(enabled: boolean) {
  return $api.useQuery('get', '/partners', { params: { query: { kind: 'SUPPLIER', active: true } } }, {
    enabled, staleTime: 60_000,
    select: (d) => d.partners.map((p) => ({ value: p.id, label: p.name })).sort((a, b) => a.label.localeCompare(b.label, 'fr')),
  })
}

export function usePartSearch(q: string, enabled: boolean) {
  return $api.useQuery('get', '/parts', { params: { query: { q: q.trim() || undefined, limit: 20 } } }, { enabled, staleTime: 30_000 })
}
