// globalSearch: at most 5 hits per family (work orders, elevators, sites), each family
// already filtered by the caller's rights on the server.
import { $api } from '@/lib/api/client'

/** The API's limits on `q` (contract: 1 to 100 characters, at least one that is not a space). */
export const MIN_QUERY = 1
export const MAX_QUERY = 100

export function useGlobalSearch(text: string) {
  return $api.useQuery('get', '/search', { params: { query: { q: text } } }, {
    enabled: text.length >= MIN_QUERY,
    // A result list a few seconds old is fine while typing back and forth.
    staleTime: 30_000,
  })
}
