// One line per work order or request in the dashboard's cards.
import { Anchor, Box, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { BlockedPersonBadge, PriorityBadge, RequestStatusBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import { paths } from '@/config/paths'
import { workOrderStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'
import { formatDateTime } from '@/lib/dates'

const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-2)', paddingBlock: 8 }

// The whole row is the link (a thumb on a phone missed the 20 px reference alone): its name
// is the row's text, the reference first.
const rowLinkStyle = { display: 'block', color: 'inherit', textDecoration: 'none' }

export function OrderItem({ order, now }: { order: Schemas['WorkOrder']; now: Date }) {
  const late = order.dueAt !== null && new Date(order.dueAt) < now
  return (
    <li style={rowStyle}>
      <Box component={Link} to={paths.workOrder(order.id)} style={rowLinkStyle}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6}>
              <Text component="span" fw={600} size="sm" c="blue.8" td="underline">{order.reference}</Text>
              {order.personBlocked && order.releasedAt === null && <BlockedPersonBadge />}
            </Group>
            <Text size="sm" lineClamp={2}>{order.asset.reference} · {order.asset.siteName}</Text>
            {order.dueAt && (
              <Text size="xs" c={late ? 'red.8' : 'dimmed'} fw={late ? 600 : undefined}>
                {late ? 'En retard, prévu' : 'Prévu'} le {formatDateTime(order.dueAt)}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
            <WorkOrderStatusBadge status={order.status} />
            {order.priority !== 'NORMAL' && <PriorityBadge priority={order.priority} />}
          </Stack>
        </Group>
      </Box>
    </li>
  )
}

/** `requester`: seen by the person who asked — the card says the request's state, the line
 * says what became of it (the order's state, the reason it was closed). */
export function RequestItem({ request, to, requester = false }: { request: Schemas['RequestSummary']; to: string; requester?: boolean }) {
  const order = request.workOrder
  return (
    <li style={rowStyle}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Anchor component={Link} to={to} fw={600} size="sm">{request.reference}</Anchor>
            {request.personBlocked && request.status === 'PENDING' && <BlockedPersonBadge />}
          </Group>
          <Text size="sm" lineClamp={2}>{request.asset.reference} · {request.asset.siteName}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>{request.description}</Text>
          {order && !requester && <Text size="xs" c="dimmed">Ordre {order.reference} : {workOrderStatusLabel[order.status].toLowerCase()}</Text>}
          {request.rejectionReason && <Text size="xs" lineClamp={2}>Raison : {request.rejectionReason}</Text>}
        </Stack>
        <div style={{ flexShrink: 0 }}>
          {requester
            ? order && <WorkOrderStatusBadge status={order.status} />
            : <RequestStatusBadge status={request.status} />}
        </div>
      </Group>
    </li>
  )
}
