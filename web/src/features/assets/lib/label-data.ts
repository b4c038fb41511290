// What each label prints: reference, what the elevator is, where it stands (site › zone and the
// address, the zone's own else its site's), and the portal URL its code encodes.
import { addressOf, type Location } from '@/features/locations'
import type { Schemas } from '@/lib/api/client'
import { portalUrl } from './label-url'

export interface LabelData {
  id: string
  reference: string
  title: string
  place: string
  address: string | null
  url: string
}

const describe = (a: { brand: string; model: string | null; categoryName: string }) => `${[a.brand, a.model].filter(Boolean).join(' ')} · ${a.categoryName}`
const placeOf = (a: { siteName: string; locationName: string }) => (a.locationName === a.siteName ? a.siteName : `${a.siteName} › ${a.locationName}`)
const join = (address: string | null, city: string | null) => [address, city].filter(Boolean).join(', ') || null

export function siteLabels(assets: Schemas['Asset'][], locations: Location[], publicUrl: string): LabelData[] {
  return assets.map((a) => {
    const { address, city } = addressOf(a.locationId, locations)
    return { id: a.id, reference: a.reference, title: describe(a), place: placeOf(a), address: join(address, city), url: portalUrl(publicUrl, a.reference) }
  })
}

export function assetLabel(a: Schemas['AssetDetail'], publicUrl: string): LabelData {
  return { id: a.id, reference: a.reference, title: describe(a), place: placeOf(a), address: join(a.address, a.city), url: portalUrl(publicUrl, a.reference) }
}
