import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { DataTable } from 'mantine-datatable'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { formatDateTime } from '@/lib/dates'
import { formatCents } from '@/lib/money'
import { movementKindLabel } from '../labels'

type Movement = Schemas['StockMovement']

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`)

function Origin({ m }: { m: Movement }) {
  if (m.workOrder) return <Anchor component={Link} to={paths.workOrder(m.workOrder.id)} size="sm">{m.workOrder.reference}</Anchor>
  if (m.purchaseOrder) return <Text size="sm">{m.purchaseOrder.reference}</Text>
  return null
}

/** The part's ledger, newest first: what came in and went out, at what price, by whom, why. */
export function Ledger({ movements }: { movements: Movement[] }) {
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false })
  if (movements.length === 0) return <Text size="sm" c="dimmed">Aucun mouvement pour l’instant.</Text>
  if (phone) {
    return (
      <Stack gap="xs">
        {movements.map((m) => (
          <Card key={m.id} withBorder padding="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>{movementKindLabel[m.kind]}</Text>
              <Text size="sm" fw={700} c={m.quantity < 0 ? 'red.9' : 'teal.9'}>{signed(m.quantity)}</Text>
            </Group>
            <Text size="xs" c="dimmed">{formatDateTime(m.createdAt)}{m.actor ? ` · ${m.actor.displayName}` : ''}{m.unitPriceCents !== null ? ` · ${formatCents(m.unitPriceCents)} / u` : ''}</Text>
            {m.reason && <Text size="xs">{m.reason}</Text>}
            <Origin m={m} />
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <DataTable
      aria-label="Mouvements de stock"
      withTableBorder borderRadius="md" verticalAlign="top"
      records={movements} noRecordsText="Aucun mouvement"
      columns={[
        { accessor: 'createdAt', title: 'Date', width: 170, render: (m) => formatDateTime(m.createdAt) },
        { accessor: 'kind', title: 'Mouvement', width: 140, render: (m) => movementKindLabel[m.kind] },
        { accessor: 'quantity', title: 'Quantité', textAlign: 'right', width: 90, render: (m) => <Text size="sm" fw={600} c={m.quantity < 0 ? 'red.9' : 'teal.9'}>{signed(m.quantity)}</Text> },
        { accessor: 'unitPriceCents', title: 'Prix unitaire', textAlign: 'right', width: 120, render: (m) => (m.unitPriceCents === null ? '—' : formatCents(m.unitPriceCents)) },
        { accessor: 'reason', title: 'Motif', render: (m) => m.reason ?? '' },
        { accessor: 'actor', title: 'Par', width: 150, render: (m) => m.actor?.displayName ?? '' },
        { accessor: 'origin', title: 'Origine', width: 120, render: (m) => <Origin m={m} /> },
      ]}
    />
  )
}
