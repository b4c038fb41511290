import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useUsers() {
  return $api.useQuery('get', '/users', {})
}

export function useRoles() {
  return $api.useQuery('get', '/roles', {}, { staleTime: 5 * 60_000 })
}

/** A person changes teams' member lists too: both families are refreshed. */
function useInvalidatePeople() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/users'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/teams'] }),
  ])
}

export function useInviteUser() {
  const invalidate = useInvalidatePeople()
  return $api.useMutation('post', '/users/invitations', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useResendInvitation() {
  const invalidate = useInvalidatePeople()
  return $api.useMutation('post', '/users/{id}/invitation', { onSuccess: invalidate })
}

export function useUpdateUser() {
  const invalidate = useInvalidatePeople()
  return $api.useMutation('patch', '/users/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
