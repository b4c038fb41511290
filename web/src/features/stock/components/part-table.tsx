import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { BelowThresholdBadge, Price } from './part-cells'

type Part = Schemas['Part']

/** Desktop: one row per part, in reference order. */
export function PartTable({ parts }: { parts: Part[] }) {
  return (
    <DataTable
      aria-label="Pièces en stock"
      withTableBorder borderRadius="md" highlightOnHover verticalAlign="center"
      records={parts} noRecordsText="Aucune pièce"
      columns={[
        { accessor: 'reference', title: 'Référence', width: 120, render: (p) => <Anchor component={Link} to={paths.part(p.id)} fw={600} size="sm">{p.reference}</Anchor> },
        { accessor: 'designation', title: 'Désignation' },
        { accessor: 'supplier', title: 'Fournisseur', render: (p) => p.supplier?.name ?? <Text size="sm" c="dimmed">—</Text> },
        {
          accessor: 'quantity', title: 'Quantité', textAlign: 'right', width: 190,
          render: (p) => <Group gap="xs" justify="flex-end" wrap="nowrap"><BelowThresholdBadge below={p.belowThreshold} /><Text size="sm" fw={600}>{p.quantity}</Text></Group>,
        },
        { accessor: 'reorderThreshold', title: 'Seuil', textAlign: 'right', width: 80 },
        { accessor: 'lastUnitPriceCents', title: 'Dernier prix', textAlign: 'right', width: 170, render: (p) => <Price cents={p.lastUnitPriceCents} /> },
      ]}
    />
  )
}

/** Phone: one card per part. */
export function PartCards({ parts }: { parts: Part[] }) {
  return (
    <Stack gap="xs">
      {parts.map((p) => (
        <Card key={p.id} withBorder padding="sm" component={Link} to={paths.part(p.id)} aria-label={`${p.reference} — ${p.designation}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">{p.designation}</Text>
              <Text size="xs" c="dimmed">{p.reference}{p.supplier ? ` · ${p.supplier.name}` : ''}</Text>
            </div>
            <Stack gap={2} align="flex-end">
              <Text fw={700}>{p.quantity}</Text>
              <BelowThresholdBadge below={p.belowThreshold} />
            </Stack>
          </Group>
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">Seuil : {p.reorderThreshold}</Text>
            <Price cents={p.lastUnitPriceCents} />
          </Group>
        </Card>
      ))}
    </Stack>
  )
}
