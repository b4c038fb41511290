import { Alert, Anchor, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { outbox, type QueuedWrite } from '@/lib/api/outbox'
import { queryKeys } from '@/lib/api/query-keys'

/** The list behind the header's count (outbox-indicator.tsx), loaded at the first tap: a page's
 * first load does not carry the drawer. */
export default function OutboxDrawer({ opened, writes, onClose }: { opened: boolean; writes: QueuedWrite[]; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Modifications gardées sur le téléphone"
      closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <OutboxList writes={writes} onOpen={onClose} />
    </Drawer>
  )
}

function OutboxList({ writes, onOpen }: { writes: QueuedWrite[]; onOpen: () => void }) {
  const queryClient = useQueryClient()
  if (writes.length === 0) return <Text size="sm">Tout est envoyé.</Text>
  const groups = [...new Set(writes.map((w) => w.group))]
  return (
    <Stack gap="md">
      {writes.some((w) => w.state === 'pending') && <Text size="sm" c="dimmed">Envoyées dans l’ordre dès le retour du réseau.</Text>}
      {groups.map((group) => {
        // The order's reference from the kept detail (app/kept-reads.ts), when the phone has it.
        const order = queryClient.getQueryData<Schemas['WorkOrderDetail']>(queryKeys.workOrders.detail(group))
        return (
          <Stack key={group} gap={8} component="section" aria-label={`Ordre ${order?.reference ?? ''}`.trim()}>
            <Anchor component={Link} to={paths.workOrder(group)} onClick={onOpen} fw={600}>
              {order ? `${order.reference} — ${order.asset.reference}` : 'Ordre de travail'}
            </Anchor>
            {writes.filter((w) => w.group === group).map((w) => w.state === 'pending' ? (
              <Group key={w.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{w.label}</Text>
                <Badge color="orange" c="orange.9" variant="light" style={{ flexShrink: 0 }}>à envoyer</Badge>
              </Group>
            ) : (
              <Alert key={w.id} color="red" title={`Refusé : ${w.label}`}>
                <Stack gap={6}>
                  <Text size="sm">{w.message}</Text>
                  {w.text && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>Votre texte, gardé : « {w.text} »</Text>}
                  <Group><Button size="xs" variant="default" onClick={() => outbox.dismiss(w.id)}>J’ai compris</Button></Group>
                </Stack>
              </Alert>
            ))}
          </Stack>
        )
      })}
    </Stack>
  )
}
