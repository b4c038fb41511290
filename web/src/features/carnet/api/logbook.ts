// The carnet and the annual report read getAsset with a period (its `logbook`); a site's
// elevators come from listAssets filtered on the site, each one's figures read in parallel.
import { useQueries } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'
import { useAllPages } from '@/lib/api/cursor-list'
import type { Period } from '../lib/period'

export function useAssetLogbook(id: string, period: Period | null) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id }, query: period ?? {} } }, { enabled: period !== null })
}

/** A report covers the elevators of one site; past this many, the page says it stops. */
export const REPORT_MAX_ASSETS = 200

export function useSiteAssetList(siteId: string) {
  return useAllPages('/assets', { query: { siteId, limit: 200 } }, (a) => a.assets, REPORT_MAX_ASSETS)
}

/** One getAsset-with-period per elevator, all at once. */
export function useSiteLogbooks(assetIds: string[], period: Period) {
  return useQueries({
    queries: assetIds.map((id) => $api.queryOptions('get', '/assets/{id}', { params: { path: { id }, query: period } })),
  })
}
