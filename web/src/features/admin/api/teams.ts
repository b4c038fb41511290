import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useTeams() {
  return $api.useQuery('get', '/teams', {})
}

export function useCreateTeam() {
  return useWrite('post', '/teams', { meta: { fieldErrors: true } })
}

export function useUpdateTeam() {
  return useWrite('patch', '/teams/{id}', { meta: { fieldErrors: true } })
}
