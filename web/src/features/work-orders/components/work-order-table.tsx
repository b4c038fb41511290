import { Anchor, Group, Stack, Text } from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { Link, useNavigate } from 'react-router'
import { BlockedPersonBadge, PriorityBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import { workOrderTypeLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { formatDate, isOverdue } from '../lib/format'

type WorkOrder = Schemas['WorkOrder']

/** The desktop list, in the API's triage order (persons blocked first): never re-sorted here. */
export function WorkOrderTable({ orders, listSearch }: { orders: WorkOrder[]; listSearch: string }) {
  const navigate = useNavigate()
  const open = (o: WorkOrder) => navigate(paths.workOrder(o.id), { state: { listSearch } })
  return (
    <DataTable<WorkOrder>
      withTableBorder borderRadius="md" highlightOnHover verticalAlign="top"
      records={orders} noRecordsText="Aucun ordre de travail" idAccessor="id" onRowClick={({ record }) => open(record)}
      columns={[
        {
          accessor: 'reference', title: 'Référence', width: 210,
          render: (o) => (
            <Stack gap={4} align="flex-start">
              {o.personBlocked && <BlockedPersonBadge />}
              <Anchor component={Link} to={paths.workOrder(o.id)} state={{ listSearch }} fw={600} onClick={(e) => e.stopPropagation()}>{o.reference}</Anchor>
              <Text size="xs" c="dimmed">{workOrderTypeLabel[o.type]}{o.periodKey ? ` · ${o.periodKey}` : ''}</Text>
            </Stack>
          ),
        },
        {
          accessor: 'asset', title: 'Équipement', width: 150,
          render: (o) => (<><Text size="sm" fw={500}>{o.asset.reference}</Text><Text size="xs" c="dimmed">{o.asset.siteName}</Text></>),
        },
        { accessor: 'description', title: 'Description', render: (o) => <Text size="sm" lineClamp={2}>{o.description ?? '—'}</Text> },
        {
          accessor: 'status', title: 'État', width: 130,
          render: (o) => <Stack gap={6} align="flex-start"><WorkOrderStatusBadge status={o.status} /><PriorityBadge priority={o.priority} /></Stack>,
        },
        {
          accessor: 'assignees', title: 'Intervenants', width: 150,
          render: (o) => (o.assignees.length ? <Text size="sm">{o.assignees.map((a) => a.displayName).join(', ')}</Text> : <Text size="sm" c="dimmed">Non attribué</Text>),
        },
        {
          accessor: 'dueAt', title: 'Échéance', width: 140,
          render: (o) => <><DueDate order={o} /><Text size="xs" c="dimmed">créé le {formatDate(o.createdAt)}</Text></>,
        },
      ]}
    />
  )
}

export function DueDate({ order }: { order: WorkOrder }) {
  if (!order.dueAt) return <Text size="sm" c="dimmed">—</Text>
  const late = isOverdue(order)
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c={late ? 'red.8' : undefined} fw={late ? 600 : undefined}>{formatDate(order.dueAt)}{late ? ' · en retard' : ''}</Text>
    </Group>
  )
}
