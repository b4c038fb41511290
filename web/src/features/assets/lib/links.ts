// Links into this feature's pages with their query (the base addresses are in config/paths).
import { paths } from '@/config/paths'
import { searchFromFilters, type AssetFilters } from './asset-filters'

export const links = {
  assets: (filters: AssetFilters) => `${paths.assets}?${searchFromFilters(filters)}`,
  siteLabels: (siteId: string) => `${paths.labels}?site=${encodeURIComponent(siteId)}`,
  assetLabel: (assetId: string) => `${paths.labels}?equipement=${encodeURIComponent(assetId)}`,
}
