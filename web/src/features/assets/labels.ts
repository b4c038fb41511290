// French labels of the asset enums (feature-specific: only these pages show them).
import type { Schemas } from '@/lib/api/client'

export type AssetStatus = Schemas['Asset']['status']

export const assetStatusLabel: Record<AssetStatus, string> = {
  IN_SERVICE: 'En service', OUT_OF_SERVICE: 'Hors service', UNDER_MAINTENANCE: 'En maintenance',
}
export const assetStatusColor: Record<AssetStatus, string> = {
  IN_SERVICE: 'green', OUT_OF_SERVICE: 'red', UNDER_MAINTENANCE: 'orange',
}
export const assetStatuses = Object.keys(assetStatusLabel) as AssetStatus[]
export const assetStatusOptions = assetStatuses.map((value) => ({ value, label: assetStatusLabel[value] }))
