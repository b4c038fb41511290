import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useReferenceValues() {
  return $api.useQuery('get', '/reference-values', {})
}

function useInvalidateValues() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/reference-values'] })
}

export function useCreateReferenceValue() {
  const invalidate = useInvalidateValues()
  return $api.useMutation('post', '/reference-values', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateReferenceValue() {
  const invalidate = useInvalidateValues()
  return $api.useMutation('patch', '/reference-values/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
