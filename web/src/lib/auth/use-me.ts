import { $api } from '../api/client'
import { can, type Action, type Category } from './permissions'

/** The signed-in person and its rights; loaded once per session (the shell waits for it). */
export function useMe() {
  const query = $api.useQuery('get', '/users/me', {}, { staleTime: 60_000 })
  const me = query.data
  return { ...query, me, can: (category: Category, action: Action = 'view') => can(me, category, action) }
}
