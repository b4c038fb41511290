import { Card, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { BlockedPersonBadge, PriorityBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import { workOrderTypeLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { DueDate } from './work-order-table'

/** The phone list: one card per order, the whole card a link, in the API's triage order. */
export function WorkOrderCards({ orders, listSearch }: { orders: Schemas['WorkOrder'][]; listSearch: string }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {orders.map((o) => (
        <li key={o.id}>
          <Card withBorder padding="sm" radius="md" component={Link} to={paths.workOrder(o.id)} state={{ listSearch }}
            style={o.personBlocked ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : undefined}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={700}>{o.reference}</Text>
                  <Text size="sm">{o.asset.reference} · {o.asset.siteName}</Text>
                </div>
                <div style={{ flexShrink: 0 }}><WorkOrderStatusBadge status={o.status} /></div>
              </Group>
              <Group gap={6}>
                {o.personBlocked && <BlockedPersonBadge />}
                <PriorityBadge priority={o.priority} />
                <Text size="xs" c="dimmed">{workOrderTypeLabel[o.type]}</Text>
              </Group>
              {o.description && <Text size="sm" lineClamp={2}>{o.description}</Text>}
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">{o.assignees.length ? o.assignees.map((a) => a.displayName).join(', ') : 'Non attribué'}</Text>
                <DueDate order={o} />
              </Group>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  )
}
