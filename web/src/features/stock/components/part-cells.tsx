import { Badge, Text } from '@mantine/core'
import { formatCents } from '@/lib/money'

export function BelowThresholdBadge({ below }: { below: boolean }) {
  return below ? <Badge color="orange" c="gray.9" variant="light" size="sm" miw="max-content">Sous le seuil</Badge> : null
}

export function Price({ cents }: { cents: number | null }) {
  return cents === null ? <Text size="sm" c="dimmed">Prix inconnu</Text> : <Text size="sm">{formatCents(cents)}</Text>
}
