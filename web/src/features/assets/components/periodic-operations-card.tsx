// The periodic operations of an elevator (docs/compliance.md): each legal task of the
// programme above one month (brakes, ropes, safety gear…), when it was last ticked on a
// finished grid and when it is next due.
import { Card, Table, Text, Title } from '@mantine/core'
import { VisitStateBadge } from '@/components/status-badges'
import type { Schemas } from '@/lib/api/client'
import { visitDaysText } from '@/lib/visits'
import { formatDate } from '../lib/format'

const every = (months: number) => (months % 12 === 0 ? (months === 12 ? 'Annuelle' : `Tous les ${months / 12} ans`) : months === 6 ? 'Semestrielle' : `Tous les ${months} mois`)

export function PeriodicOperationsCard({ operations }: { operations: Schemas['PeriodicOperation'][] }) {
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="asset-operations">
      <Title order={2} fz="lg" id="asset-operations" mb="sm">Opérations périodiques</Title>
      {operations.length === 0
        ? <Text size="sm" c="dimmed">Aucune opération de périodicité supérieure au mois dans le programme.</Text>
        : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr><Table.Th>Opération</Table.Th><Table.Th>Dernière fois</Table.Th><Table.Th>Prochaine échéance</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {operations.map((o) => (
                  <Table.Tr key={o.taskTemplateId}>
                    <Table.Td><Text size="sm">{o.label}</Text><Text size="xs" c="dimmed">{every(o.periodicityMonths)}</Text></Table.Td>
                    <Table.Td>{o.lastDoneAt ? formatDate(o.lastDoneAt) : 'Jamais'}</Table.Td>
                    <Table.Td>
                      {o.nextDueAt && o.state && o.daysLeft !== null
                        ? (
                          <>
                            <Text size="sm">{formatDate(o.nextDueAt)}</Text>
                            <VisitStateBadge state={o.state} />
                            <Text size="xs" c={o.state === 'OVERDUE' ? 'red.8' : 'dimmed'}>{visitDaysText(o.daysLeft)}</Text>
                          </>
                        )
                        : <Text size="sm" c="dimmed">Hors contrat</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
    </Card>
  )
}
