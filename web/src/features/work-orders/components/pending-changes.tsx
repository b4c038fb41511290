import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconCloudOff } from '@tabler/icons-react'
import { useSyncExternalStore } from 'react'
import { outbox } from '@/lib/api/outbox'

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
        {mine.map((w) => w.state === 'pending' ? (
          <Group key={w.id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{w.label}</Text>
            <Badge color="orange" c="orange.9" variant="light" style={{ flexShrink: 0 }}>en attente d’envoi</Badge>
          </Group>
        ) : (
          <Alert key={w.id} color="red" title={`Refusé : ${w.label}`} role="alert">
            <Stack gap={6}>
              <Text size="sm">{w.message}</Text>
              {w.text && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>Votre texte, gardé : « {w.text} »</Text>}
              <Group><Button size="xs" variant="default" onClick={() => outbox.dismiss(w.id)}>J’ai compris</Button></Group>
            </Stack>
          </Alert>
        ))}
      </Stack>
    </Paper>
  )
}
