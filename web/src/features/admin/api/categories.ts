import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useCategories() {
  return $api.useQuery('get', '/categories', {})
}

function useInvalidateCategories() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/categories'] })
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories()
  return $api.useMutation('post', '/categories', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories()
  return $api.useMutation('patch', '/categories/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
