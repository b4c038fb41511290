import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'
import { queryKeys } from '@/lib/api/query-keys'
import { useWrite } from '@/lib/api/use-write'

export function useMeters(assetId: string, enabled = true) {
  return $api.useQuery('get', '/assets/{id}/meters', { params: { path: { id: assetId } } }, { enabled })
}

export function useAddReading(assetId: string) {
  const queryClient = useQueryClient()
  return useWrite('post', '/assets/{id}/meter-readings', {
    meta: { fieldErrors: true },
    // The answer is the asset's meters, fresh: no second request.
    onSuccess: (data) => queryClient.setQueryData(queryKeys.assets.meters(assetId), data),
  })
}
