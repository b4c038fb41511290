import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import type { Schemas } from '@/lib/api/client'

/** What a passer-by sees of the elevator: never people, phone numbers nor history. */
export function AssetCard({ asset }: { asset: Schemas['PortalAsset'] }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">Ascenseur</Text>
        <Title order={1} fz={26}>{asset.reference}</Title>
        <Text>{[asset.brand, asset.model].filter(Boolean).join(' ')}</Text>
        <Group gap={6}><Text fw={500}>{asset.siteName}</Text>{asset.city && <Text c="dimmed">· {asset.city}</Text>}</Group>
        {asset.outOfService && (
          <Alert color="orange" icon={<IconAlertTriangle />} p="xs">Cet ascenseur est déclaré hors service : n’y entrez pas.</Alert>
        )}
        {asset.alreadyReported && (
          <Alert color="blue" icon={<IconInfoCircle />} p="xs">
            Une panne est déjà signalée et prise en charge sur cet ascenseur. Signalez tout de même ce que vous constatez si c’est nouveau ou urgent.
          </Alert>
        )}
      </Stack>
    </Card>
  )
}
