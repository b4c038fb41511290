import { Badge } from '@mantine/core'
import { purchaseOrderStatusColor, purchaseOrderStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'

// Green writes in near-black on its tint (contrast), as the other status badges do.
const READABLE = new Set(['blue', 'red', 'gray'])

export function PurchaseOrderStatusBadge({ status }: { status: Schemas['PurchaseOrder']['status'] }) {
  const color = purchaseOrderStatusColor[status]
  // « Partiellement reçu » is longer than a phone's half-width column: it wraps rather than being cut.
  return (
    <Badge color={color} c={READABLE.has(color) ? `${color}.9` : 'gray.9'} variant="light"
      styles={{ root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}>
      {purchaseOrderStatusLabel[status]}
    </Badge>
  )
}
