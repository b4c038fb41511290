import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function usePartners(enabled = true) {
  return $api.useQuery('get', '/partners', {}, { enabled })
}

export function useCreatePartner() {
  return useWrite('post', '/partners', { meta: { fieldErrors: true } })
}

export function useUpdatePartner() {
  return useWrite('patch', '/partners/{id}', { meta: { fieldErrors: true } })
}
