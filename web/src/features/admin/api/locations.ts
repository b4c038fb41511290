import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useLocations(enabled = true) {
  return $api.useQuery('get', '/locations', {}, { enabled })
}

function useInvalidateLocations() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/locations'] })
}

export function useCreateLocation() {
  const invalidate = useInvalidateLocations()
  return $api.useMutation('post', '/locations', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateLocation() {
  const invalidate = useInvalidateLocations()
  return $api.useMutation('patch', '/locations/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
