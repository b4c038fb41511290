import { Anchor, Table, Text } from '@mantine/core'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/config/paths'
import type { Summary } from '../lib/chart-data'
import { formatCount, plural } from '../lib/format'
import { TitledCard } from './titled-card'

/** The parts under their reorder threshold, the furthest under first, each a link to its page. */
export function PartsUnderThreshold({ summary }: { summary: Summary }) {
  const { underThreshold, items } = summary.parts
  return (
    <TitledCard
      title="Pièces sous le seuil"
      definitions={[{ term: 'Pièces sous le seuil', text: 'Les pièces dont la quantité en stock est strictement inférieure au seuil de réapprovisionnement, les plus en dessous d’abord (vingt au plus). Le stock est commun à tous les sites : la liste ne dépend pas de la période.' }]}
    >
      {items.length === 0 ? <EmptyState title="Aucune pièce sous son seuil" /> : (
        <>
          <Table aria-label="Pièces sous le seuil" verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr><Table.Th>Pièce</Table.Th><Table.Th ta="right">Stock</Table.Th><Table.Th ta="right">Seuil</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.part(p.id)} fw={600} size="sm">{p.reference}</Anchor>
                    <Text size="sm">{p.designation}</Text>
                  </Table.Td>
                  <Table.Td ta="right"><Text size="sm" fw={600} c="red.8">{formatCount(p.quantity)}</Text></Table.Td>
                  <Table.Td ta="right"><Text size="sm">{formatCount(p.reorderThreshold)}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {underThreshold > items.length && (
            <Text size="sm" c="dimmed" mt="xs">
              {plural(underThreshold, 'pièce', 'pièces')} sous le seuil en tout : <Anchor component={Link} to={`${paths.stock}?belowThreshold=true`} size="sm">voir le stock</Anchor>.
            </Text>
          )}
        </>
      )}
    </TitledCard>
  )
}
