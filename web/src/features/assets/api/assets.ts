import { $api, type Schemas } from '@/lib/api/client'
import { useAllPages, useCursorList } from '@/lib/api/cursor-list'
import { useWrite } from '@/lib/api/use-write'
import type { AssetFilters } from '../lib/asset-filters'

const PAGE = 50

/** One page at a time ("Charger plus"), the next one announced by the Link header. */
export function useAssetList(filters: AssetFilters) {
  return useCursorList('/assets', { query: { ...filters, limit: PAGE } }, (pages) => pages.flatMap((p) => p.assets), { keepPrevious: true })
}

/** A label sheet prints every asset of a site: the pages are read to the end (capped). */
export const SHEET_MAX = 1000
export function useSiteAssets(siteId: string | null) {
  return useAllPages('/assets', { query: { siteId: siteId ?? '', limit: 200 } }, (a) => a.assets, SHEET_MAX, siteId !== null)
}

export function useAsset(id: string) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id } } })
}

export function useCategories(kind: Schemas['Category']['kind']) {
  return $api.useQuery('get', '/categories', { params: { query: { kind } } }, { staleTime: 60_000 })
}

export function useCreateAsset() {
  return useWrite('post', '/assets', { meta: { fieldErrors: true } })
}

export function useUpdateAsset() {
  return useWrite('patch', '/assets/{id}', { meta: { fieldErrors: true } })
}

export function useAddComponent() {
  return useWrite('post', '/assets/{id}/components', { meta: { fieldErrors: true } })
}

export function useRemoveComponent() {
  return useWrite('delete', '/assets/{id}/components/{componentId}')
}
