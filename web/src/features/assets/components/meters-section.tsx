import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { useMeters } from '../api/meters'
import { formatDateTime, formatNumber } from '../lib/format'
import { chartPoints, monthlyRate } from '../lib/meter-chart'
import { ReadingFormModal } from './reading-form-modal'

// The charts library is not kept on the phone (vite.config.ts, `office-` chunks): loaded when the
// page shows a curve; without network the readings' table below says it all.
const MeterChart = lazy(() => import('./meter-chart')
  .then((m) => ({ default: m.MeterChart }))
  .catch(() => ({ default: () => <Text size="sm" c="dimmed">La courbe s’affichera au retour du réseau.</Text> })))

type Meter = Schemas['Meter']

export function MetersSection({ assetId, canAdd }: { assetId: string; canAdd: boolean }) {
  const query = useMeters(assetId)
  const [reading, setReading] = useState<Meter | null>(null)
  return (
    <section aria-labelledby="asset-meters">
      <Title order={2} fz="lg" mb="sm" id="asset-meters">Compteurs</Title>
      <QueryState query={query}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {data.meters.map((m) => <MeterCard key={m.id} meter={m} canAdd={canAdd} onAdd={() => setReading(m)} />)}
          </SimpleGrid>
        )}
      </QueryState>
      <ReadingFormModal assetId={assetId} meter={reading} onClose={() => setReading(null)} />
    </section>
  )
}

const SHOWN = 5

function MeterCard({ meter, canAdd, onAdd }: { meter: Meter; canAdd: boolean; onAdd: () => void }) {
  const [all, setAll] = useState(false)
  const points = chartPoints(meter.readings)
  const rate = monthlyRate(points)
  const rows = all ? meter.readings : meter.readings.slice(0, SHOWN)
  return (
    <Card withBorder radius="md" component="article" aria-labelledby={`meter-${meter.id}`}>
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Stack gap={0}>
          <Title order={3} fz="md" id={`meter-${meter.id}`}>{meter.name}</Title>
          <Text size="sm" c="dimmed">
            {meter.lastValue === null ? 'Aucun relevé' : `${formatNumber(meter.lastValue)} ${meter.unit}`}
            {rate !== null && ` · ≈ ${formatNumber(rate)} ${meter.unit} par mois`}
          </Text>
        </Stack>
        {canAdd && <Button variant="light" size="sm" mih={44} leftSection={<IconPlus size={16} />} onClick={onAdd} aria-label={`Ajouter un relevé — ${meter.name}`}>Ajouter un relevé</Button>}
      </Group>
      {points.length === 0
        ? <EmptyState title="Aucun relevé">Le premier relevé tracera la courbe.</EmptyState>
        : <Suspense fallback={<div style={{ height: 200 }} />}><MeterChart points={points} name={meter.name} unit={meter.unit} /></Suspense>}
      {rows.length > 0 && (
        <Table mt="sm" striped verticalSpacing={6} aria-label={`Relevés — ${meter.name}`}>
          <Table.Thead>
            <Table.Tr><Table.Th>Date</Table.Th><Table.Th ta="right">Valeur</Table.Th><Table.Th visibleFrom="xs">Relevé par</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{formatDateTime(r.readAt)}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(r.value)}</Table.Td>
                <Table.Td visibleFrom="xs">{r.recordedBy?.displayName ?? 'Historique importé'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {meter.readings.length > SHOWN && (
        <Button variant="subtle" size="sm" mt="xs" onClick={() => setAll(!all)}>
          {all ? 'Voir moins' : `Voir les ${meter.readings.length} derniers relevés`}
        </Button>
      )}
    </Card>
  )
}
