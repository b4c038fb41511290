// The six-week visit of an elevator, shown high on its page (docs/compliance.md): the state
// in a badge, the last visit and the date by which the next one is due.
import { Card, Group, SimpleGrid, Text, Title } from '@mantine/core'
import { VisitStateBadge } from '@/components/status-badges'
import type { Schemas } from '@/lib/api/client'
import { visitDaysText } from '@/lib/visits'
import { formatDate } from '../lib/format'

type Visit = Pick<Schemas['AssetDetail'], 'underContract' | 'lastVisitAt' | 'nextVisitDueAt' | 'visitDaysLeft' | 'visitState'>

export function VisitCard({ asset }: { asset: Visit }) {
  const { visitState, visitDaysLeft, nextVisitDueAt, lastVisitAt } = asset
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="asset-visit"
      style={visitState === 'OVERDUE' ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="lg" id="asset-visit">Visite d’entretien (toutes les six semaines)</Title>
        {visitState && <VisitStateBadge state={visitState} size="lg" />}
      </Group>
      {visitState && nextVisitDueAt && visitDaysLeft !== null
        ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Dernière visite</Text>
              <Text size="sm">{lastVisitAt ? formatDate(lastVisitAt) : 'Aucune visite enregistrée'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Prochaine visite avant le</Text>
              <Text size="sm">{formatDate(nextVisitDueAt)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>Délai</Text>
              <Text size="sm" fw={visitState === 'UP_TO_DATE' ? undefined : 600} c={visitState === 'OVERDUE' ? 'red.8' : undefined}>{visitDaysText(visitDaysLeft)}</Text>
            </div>
          </SimpleGrid>
        )
        : (
          <Text size="sm" c="dimmed">
            Hors contrat : aucune visite n’est due.{lastVisitAt ? ` Dernière visite le ${formatDate(lastVisitAt)}.` : ''}
          </Text>
        )}
    </Card>
  )
}
