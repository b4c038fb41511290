import { Anchor, Table, Text } from '@mantine/core'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/config/paths'
import type { Summary } from '../lib/chart-data'
import { formatCount } from '../lib/format'
import { TitledCard } from './titled-card'

/** The elevators with the most breakdowns in the period, each a link to its page. */
export function WorstElevators({ summary }: { summary: Summary }) {
  const { worst } = summary.breakdowns
  return (
    <TitledCard
      title="Ascenseurs les plus en panne"
      definitions={[{ term: 'Ascenseurs les plus en panne', text: 'Les dix ascenseurs (au plus) ayant eu le plus de pannes sur la période (dépannages créés, hors annulés), du plus touché au moins touché, puis par référence.' }]}
    >
      {worst.length === 0 ? <EmptyState title="Aucune panne sur la période" /> : (
        <Table aria-label="Ascenseurs les plus en panne" verticalSpacing={6} highlightOnHover>
          <Table.Thead>
            <Table.Tr><Table.Th>Ascenseur</Table.Th><Table.Th>Site</Table.Th><Table.Th ta="right">Pannes</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {worst.map((e) => (
              <Table.Tr key={e.assetId}>
                <Table.Td><Anchor component={Link} to={paths.asset(e.assetId)} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>{e.reference}</Anchor></Table.Td>
                <Table.Td><Text size="sm">{e.siteName}</Text></Table.Td>
                <Table.Td ta="right"><Text size="sm" fw={600}>{formatCount(e.breakdowns)}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </TitledCard>
  )
}
