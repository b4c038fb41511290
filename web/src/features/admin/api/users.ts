import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useUsers() {
  return $api.useQuery('get', '/users', {})
}

export function useRoles() {
  return $api.useQuery('get', '/roles', {}, { staleTime: 5 * 60_000 })
}

export function useInviteUser() {
  return useWrite('post', '/users/invitations', { meta: { fieldErrors: true } })
}

export function useResendInvitation() {
  return useWrite('post', '/users/{id}/invitation')
}

export function useUpdateUser() {
  return useWrite('patch', '/users/{id}', { meta: { fieldErrors: true } })
}
