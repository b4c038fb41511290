import { Badge } from '@mantine/core'
import { assetStatusColor, assetStatusLabel, type AssetStatus } from '../labels'

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <Badge color={assetStatusColor[status]} variant="light">{assetStatusLabel[status]}</Badge>
}
