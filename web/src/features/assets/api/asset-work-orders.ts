// The work orders of one asset, read here with listWorkOrders (a feature never imports another).
import { useInfiniteQuery } from '@tanstack/react-query'
import { client } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'

export function useAssetWorkOrders(assetId: string, enabled: boolean) {
  const query = { assetId, limit: 10 }
  return useInfiniteQuery({
    queryKey: ['get', '/work-orders', { params: { query } }],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/work-orders', { params: { query: { ...query, cursor: pageParam } }, signal })
      return { workOrders: data!.workOrders, next: nextCursor(response) }
    },
    getNextPageParam: (last) => last.next ?? undefined,
  })
}
