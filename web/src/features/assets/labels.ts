// French labels of the asset enums. The states' labels are shared (config/labels.ts): the
// search box shows them too.
import { assetStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'

export { assetStatusColor, assetStatusLabel } from '@/config/labels'

export type AssetStatus = Schemas['Asset']['status']

export const assetStatuses = Object.keys(assetStatusLabel) as AssetStatus[]
export const assetStatusOptions = assetStatuses.map((value) => ({ value, label: assetStatusLabel[value] }))
