import { queryOptions, useQuery } from '@tanstack/react-query'
import { client } from '../api/client'
import { queryKeys } from '../api/query-keys'
import { NO_FEATURES, readFeatures } from './features'
import { can, type Action, type Category } from './permissions'

/** getMe's answer with the optional features the server names in its header (features.ts).
 * Its key (queryKeys.users.me) keeps it apart from a plain `$api` query on the same address
 * (another shape); invalidating getMe's family still reaches it. */
export const meQuery = queryOptions({
  queryKey: queryKeys.users.me,
  queryFn: async ({ signal }) => {
    const { data, response } = await client.GET('/users/me', { signal })
    return { me: data!, features: readFeatures(response.headers) }
  },
  staleTime: 60_000,
})

/** The signed-in person, its rights and the service's optional features; loaded once per
 * session (the shell waits for it). */
export function useMe() {
  const query = useQuery(meQuery)
  const me = query.data?.me
  return {
    ...query, me,
    features: query.data?.features ?? NO_FEATURES,
    can: (category: Category, action: Action = 'view') => can(me, category, action),
  }
}
