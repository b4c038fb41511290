import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useMeters(assetId: string, enabled = true) {
  return $api.useQuery('get', '/assets/{id}/meters', { params: { path: { id: assetId } } }, { enabled })
}

export function useAddReading(assetId: string) {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/assets/{id}/meter-readings', {
    meta: { fieldErrors: true },
    // The answer is the asset's meters, fresh: no second request.
    onSuccess: (data) => queryClient.setQueryData(['get', '/assets/{id}/meters', { params: { path: { id: assetId } } }], data),
  })
}
