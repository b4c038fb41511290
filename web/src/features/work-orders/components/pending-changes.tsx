import { Group, Paper, Stack, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCloudOff } from '@tabler/icons-react'
import { useSyncExternalStore } from 'react'
import { outbox } from '@/lib/api/outbox'
import { QueuedWriteItem } from '@/components/queued-write'

/**
 * The changes of this order still on the phone (lib/api/outbox.ts): each « en attente d’envoi »
 * until the network returns; a refused one with the API's reason and the text that was typed,
 * until the technician dismisses it. Nothing is dropped without being shown.
 */
export function PendingChanges({ orderId }: { orderId: string }) {
  const all = useSyncExternalStore(outbox.subscribe, outbox.list)
  const { online } = useNetwork()
  const mine = all.filter((w) => w.group === orderId)
  if (online && mine.length === 0) return null
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Modifications en attente">
      <Stack gap={8}>
        {!online && (
          <Group gap={6} wrap="nowrap">
            <IconCloudOff size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600}>Hors connexion : vos modifications sont gardées sur le téléphone et seront envoyées au retour du réseau.</Text>
          </Group>
        )}
        {mine.map((w) => <QueuedWriteItem key={w.id} write={w} waiting="en attente d’envoi" announce />)}
      </Stack>
    </Paper>
  )
}
