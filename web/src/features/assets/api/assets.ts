import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client, type Schemas } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'
import type { AssetFilters } from '../lib/asset-filters'

const PAGE = 50

/** One page at a time ("Charger plus"), the next one announced by the Link header. */
export function useAssetList(filters: AssetFilters) {
  const query = { ...filters, limit: PAGE }
  return useInfiniteQuery({
    queryKey: ['get', '/assets', { params: { query } }],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/assets', { params: { query: { ...query, cursor: pageParam } }, signal })
      return { assets: data!.assets, next: nextCursor(response) }
    },
    getNextPageParam: (last) => last.next ?? undefined,
    // A new filter keeps the current rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
  })
}

/** A label sheet prints every asset of a site: the pages are read to the end (capped). */
export const SHEET_MAX = 1000
export function useSiteAssets(siteId: string | null) {
  return useQuery({
    queryKey: ['get', '/assets', { params: { query: { siteId, sheet: true } } }],
    enabled: siteId !== null,
    queryFn: async ({ signal }) => {
      const assets: Schemas['Asset'][] = []
      let cursor: string | undefined
      do {
        const { data, response } = await client.GET('/assets', { params: { query: { siteId: siteId!, limit: 200, cursor } }, signal })
        assets.push(...data!.assets)
        cursor = nextCursor(response) ?? undefined
      } while (cursor && assets.length < SHEET_MAX)
      return assets.slice(0, SHEET_MAX)
    },
  })
}

export function useAsset(id: string) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id } } })
}

export function useCategories(kind: Schemas['Category']['kind']) {
  return $api.useQuery('get', '/categories', { params: { query: { kind } } }, { staleTime: 60_000 })
}

/** After any change to an asset: its page, the lists and the sites' asset counts. */
function useInvalidateAssets() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/assets'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/assets/{id}'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/locations'] }),
  ])
}

export function useCreateAsset() {
  const invalidate = useInvalidateAssets()
  return $api.useMutation('post', '/assets', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateAsset() {
  const invalidate = useInvalidateAssets()
  return $api.useMutation('patch', '/assets/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useAddComponent() {
  const invalidate = useInvalidateAssets()
  return $api.useMutation('post', '/assets/{id}/components', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useRemoveComponent() {
  const invalidate = useInvalidateAssets()
  return $api.useMutation('delete', '/assets/{id}/components/{componentId}', { onSuccess: invalidate })
}
