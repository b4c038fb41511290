import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function usePartners(enabled = true) {
  return $api.useQuery('get', '/partners', {}, { enabled })
}

function useInvalidatePartners() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/partners'] }),
    // Sites show their property manager's name.
    queryClient.invalidateQueries({ queryKey: ['get', '/locations'] }),
  ])
}

export function useCreatePartner() {
  const invalidate = useInvalidatePartners()
  return $api.useMutation('post', '/partners', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdatePartner() {
  const invalidate = useInvalidatePartners()
  return $api.useMutation('patch', '/partners/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
