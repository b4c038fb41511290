// Pieces of a request shown the same way in the desktop table and the phone cards.
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { RequestStatusBadge } from '@/components/status-badges'
import { paths } from '@/config/paths'
import { workOrderStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'
import type { RequestAbilities } from '../lib/abilities'
import { sourceLabel } from '../labels'
import { formatDate as formatDay } from '@/lib/dates'

type Request = Schemas['RequestSummary']

export { formatDateTime as formatDate } from '@/lib/dates'

export function SourceBadge({ source }: { source: Request['source'] }) {
  return <Badge style={{ flexShrink: 0 }} variant="outline" color={source === 'PORTAL' ? 'grape' : 'gray'} c={source === 'PORTAL' ? 'grape.9' : 'gray.8'}>{sourceLabel[source]}</Badge>
}

export function Requester({ request }: { request: Request }) {
  const { displayName, contactPhone } = request.requester
  return (
    <Stack gap={0}>
      <Text size="sm">{displayName ?? (request.source === 'PORTAL' ? 'Anonyme' : '—')}</Text>
      {contactPhone && <Anchor href={`tel:${contactPhone.replace(/\s+/g, '')}`} size="sm">{contactPhone}</Anchor>}
    </Stack>
  )
}

/** The state, and what came of it: the work order, or the reason it was closed. */
export function Outcome({ request, abilities }: { request: Request; abilities: RequestAbilities }) {
  const order = request.workOrder
  return (
    <Stack gap={4} align="flex-start">
      <RequestStatusBadge status={request.status} />
      {order && (abilities.openWorkOrder
        ? <Anchor component={Link} to={paths.workOrder(order.id)} size="sm">{order.reference} · {workOrderStatusLabel[order.status]}</Anchor>
        : <Text size="sm">{order.reference} · {workOrderStatusLabel[order.status]}</Text>)}
      {request.rejectionReason && <Text size="sm" c="dimmed" lineClamp={3}>{request.rejectionReason}</Text>}
      {request.handledBy && request.handledAt && (
        <Text size="xs" c="dimmed">par {request.handledBy.displayName}, le {formatDay(request.handledAt)}</Text>
      )}
    </Stack>
  )
}

export function RequestActions({ request, abilities, onApprove, onReject }: {
  request: Request; abilities: RequestAbilities; onApprove: (r: Request) => void; onReject: (r: Request) => void
}) {
  if (!abilities.approve && !abilities.reject) return null
  return (
    <Group gap="xs">
      {abilities.approve && <Button size="sm" onClick={() => onApprove(request)} aria-label={`Accepter ${request.reference}`}>Accepter</Button>}
      {abilities.reject && <Button size="sm" variant="default" onClick={() => onReject(request)} aria-label={`Classer ${request.reference} sans suite`}>Sans suite</Button>}
    </Group>
  )
}
