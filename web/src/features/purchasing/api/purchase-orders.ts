// The purchase orders' calls: the paged list (Link header), one order, create, transition,
// and what the creation form picks from (active suppliers, parts found by text).
import { $api } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { useWrite } from '@/lib/api/use-write'
import type { PurchaseOrderStatus } from '../lib/filters'

const PAGE_SIZE = 50

export function usePurchaseOrderList(status: PurchaseOrderStatus | undefined) {
  return useCursorList('/purchase-orders', { query: { status, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.purchaseOrders))
}

export function usePurchaseOrder(id: string) {
  return $api.useQuery('get', '/purchase-orders/{id}', { params: { path: { id } } })
}

export function useCreatePurchaseOrder() {
  return useWrite('post', '/purchase-orders', { meta: { fieldErrors: true } })
}

export function useTransitionPurchaseOrder() {
  return useWrite('post', '/purchase-orders/{id}/transition', { meta: { fieldErrors: true } })
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
