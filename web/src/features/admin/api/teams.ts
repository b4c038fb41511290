import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useTeams() {
  return $api.useQuery('get', '/teams', {})
}

function useInvalidateTeams() {
  const queryClient = useQueryClient()
  return () => Promise.all([
    queryClient.invalidateQueries({ queryKey: ['get', '/teams'] }),
    queryClient.invalidateQueries({ queryKey: ['get', '/users'] }),
  ])
}

export function useCreateTeam() {
  const invalidate = useInvalidateTeams()
  return $api.useMutation('post', '/teams', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateTeam() {
  const invalidate = useInvalidateTeams()
  return $api.useMutation('patch', '/teams/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}
