// The asset list's filters live in the URL (shareable, kept on reload and on "back"), under
// short French-free names; listAssets receives them as its query.
import type { paths } from '@/lib/api/client'
import { assetStatuses, type AssetStatus } from '../labels'

export type AssetQuery = NonNullable<paths['/assets']['get']['parameters']['query']>
export type AssetFilters = Pick<AssetQuery, 'q' | 'siteId' | 'locationId' | 'categoryId' | 'status' | 'underContract'>

const KEYS = { q: 'q', siteId: 'site', locationId: 'zone', categoryId: 'categorie', status: 'statut', underContract: 'contrat' } as const

export function filtersFromSearch(params: URLSearchParams): AssetFilters {
  const out: AssetFilters = {}
  const q = params.get(KEYS.q)?.trim()
  if (q) out.q = q.slice(0, 100)
  for (const key of ['siteId', 'locationId', 'categoryId'] as const) {
    const v = params.get(KEYS[key])
    if (v && /^[0-9a-f-]{36}$/i.test(v)) out[key] = v
  }
  const status = params.get(KEYS.status)
  if (status && (assetStatuses as string[]).includes(status)) out.status = status as AssetStatus
  const contract = params.get(KEYS.underContract)
  if (contract === 'oui') out.underContract = true
  if (contract === 'non') out.underContract = false
  return out
}

export function searchFromFilters(filters: AssetFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.q) params.set(KEYS.q, filters.q)
  if (filters.siteId) params.set(KEYS.siteId, filters.siteId)
  if (filters.locationId) params.set(KEYS.locationId, filters.locationId)
  if (filters.categoryId) params.set(KEYS.categoryId, filters.categoryId)
  if (filters.status) params.set(KEYS.status, filters.status)
  if (filters.underContract !== undefined) params.set(KEYS.underContract, filters.underContract ? 'oui' : 'non')
  return params
}

export const hasFilters = (f: AssetFilters) => Object.values(f).some((v) => v !== undefined)
