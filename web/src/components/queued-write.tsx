import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { outbox, type QueuedWrite } from '@/lib/api/outbox'

/**
 * One change kept on the phone (lib/api/outbox.ts): waiting, with `waiting` as its badge; or
 * refused, with the API's reason and the text that was typed, until dismissed.
 * `announce`: a refusal is read out when it appears (on the order's page, not in the drawer).
 */
export function QueuedWriteItem({ write: w, waiting, announce = false }: { write: QueuedWrite; waiting: string; announce?: boolean }) {
  if (w.state === 'pending') {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{w.label}</Text>
        <Badge color="orange" c="orange.9" variant="light" style={{ flexShrink: 0 }}>{waiting}</Badge>
      </Group>
    )
  }
  return (
    <Alert color="red" title={`Refusé : ${w.label}`} {...(announce ? { role: 'alert' } : {})}>
      <Stack gap={6}>
        <Text size="sm">{w.message}</Text>
        {w.text && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>Votre texte, gardé : « {w.text} »</Text>}
        <Group><Button size="xs" variant="default" onClick={() => outbox.dismiss(w.id)}>J’ai compris</Button></Group>
      </Stack>
    </Alert>
  )
}
