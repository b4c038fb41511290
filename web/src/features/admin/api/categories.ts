import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useCategories() {
  return $api.useQuery('get', '/categories', {})
}

export function useCreateCategory() {
  return useWrite('post', '/categories', { meta: { fieldErrors: true } })
}

export function useUpdateCategory() {
  return useWrite('patch', '/categories/{id}', { meta: { fieldErrors: true } })
}
