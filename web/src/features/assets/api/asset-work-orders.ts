// The work orders of one asset, read here with listWorkOrders (a feature never imports another).
import { useCursorList } from '@/lib/api/cursor-list'

export function useAssetWorkOrders(assetId: string, enabled: boolean) {
  return useCursorList('/work-orders', { query: { assetId, limit: 10 } }, (pages) => pages.flatMap((p) => p.workOrders), { enabled })
}
