import { Badge } from '@mantine/core'
import { assetStatusColor, assetStatusLabel, type AssetStatus } from '../labels'

// A light badge writes in its colour's shade: green and orange read under 4.5:1 on their tint
// (axe color-contrast), so they write in near-black; red keeps its darkest red.
const ink = (color: string) => (color === 'red' ? 'red.9' : 'gray.9')

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <Badge color={assetStatusColor[status]} c={ink(assetStatusColor[status])} variant="light" miw="max-content">{assetStatusLabel[status]}</Badge>
}
