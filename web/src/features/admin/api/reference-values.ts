import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useReferenceValues() {
  return $api.useQuery('get', '/reference-values', {})
}

export function useCreateReferenceValue() {
  return useWrite('post', '/reference-values', { meta: { fieldErrors: true } })
}

export function useUpdateReferenceValue() {
  return useWrite('patch', '/reference-values/{id}', { meta: { fieldErrors: true } })
}
