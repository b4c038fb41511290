// The one call of the page: getAnalyticsSummary for the chosen period. Switching the period
// keeps the previous figures on screen (dimmed) until the new ones arrive.
import { keepPreviousData } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'
import type { Period } from '../lib/period'

export function useAnalyticsSummary(months: Period) {
  return $api.useQuery('get', '/analytics/summary', { params: { query: { months } } }, {
    placeholderData: keepPreviousData,
    // The answer depends on the clock (the current month runs until now): a minute is fresh enough.
    staleTime: 60_000,
  })
}
