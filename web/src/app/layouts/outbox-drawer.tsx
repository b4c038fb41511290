import { Anchor, Drawer, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import type { QueuedWrite } from '@/lib/api/outbox'
import { queryKeys } from '@/lib/api/query-keys'
import { QueuedWriteItem } from '@/components/queued-write'

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
            {writes.filter((w) => w.group === group).map((w) => <QueuedWriteItem key={w.id} write={w} waiting="à envoyer" />)}
          </Stack>
        )
      })}
    </Stack>
  )
}
