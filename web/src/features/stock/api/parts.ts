// The stock's calls: the paged parts list (Link header), a part with its ledger, create and
// edit a part, a stock movement, and the suppliers to choose from.
import { $api } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { useWrite } from '@/lib/api/use-write'
import type { PartFilters } from '../lib/filters'

const PAGE_SIZE = 50

export function usePartList(filters: PartFilters) {
  return useCursorList('/parts', { query: { ...filters, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.parts))
}

/**
 * A part with its ledger by pages (the newest 20 first, « Charger plus » for older ones): each
 * page is the part with its next movements; the part's own fields come from the first page, the
 * ledger from all of them.
 */
export function usePart(id: string) {
  return useCursorList('/parts/{id}', { path: { id } }, (pages) => ({ ...pages[0]!, movements: pages.flatMap((p) => p.movements) }))
}

export function useCreatePart() {
  return useWrite('post', '/parts', { meta: { fieldErrors: true } })
}

export function useUpdatePart() {
  return useWrite('patch', '/parts/{id}', { meta: { fieldErrors: true } })
}

export function useAddMovement() {
  return useWrite('post', '/parts/{id}/movements', { meta: { fieldErrors: true } })
}

/** Active suppliers, for the part's supplier (partners belong to the purchasing rights). */
export function useSupplierOptions(enabled: boolean) {
  return $api.useQuery('get', '/partners', { params: { query: { kind: 'SUPPLIER', active: true } } }, {
    enabled, staleTime: 5 * 60_000,
    select: (d) => d.partners.map((p) => ({ value: p.id, label: p.name })),
  })
}
