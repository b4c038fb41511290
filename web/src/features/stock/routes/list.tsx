import { Button, Center, Text } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { useMe } from '@/lib/auth/use-me'
import { usePartList } from '../api/parts'
import { PartFiltersBar } from '../components/part-filters'
import { PartFormModal } from '../components/part-form-modal'
import { PartCards, PartTable } from '../components/part-table'
import { filtersToParams, hasFilters, parseFilters, type PartFilters } from '../lib/filters'

export function Component() {
  const { can } = useMe()
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)
  const list = usePartList(filters)
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false })
  const [creating, create] = useDisclosure()
  const setFilters = (f: PartFilters) => setParams(filtersToParams(f), { replace: true })

  return (
    <>
      <PageHeader
        title="Stock"
        description="Les pièces détachées, par référence : quantité en stock, seuil de réapprovisionnement et dernier prix connu."
        actions={can('PARTS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={create.open}>Nouvelle pièce</Button>}
      />
      <PartFiltersBar key={params.get('q') === null ? 'no-q' : 'q'} filters={filters} onChange={setFilters} />
      <QueryState query={list}>
        {(parts) => {
          if (parts.length === 0) {
            return (
              <EmptyState title="Aucune pièce">
                {hasFilters(filters) ? 'Aucune pièce ne correspond à ces filtres.' : 'Les pièces détachées créées apparaîtront ici.'}
              </EmptyState>
            )
          }
          const View = phone ? PartCards : PartTable
          return (
            <>
              <View parts={parts} />
              <Center mt="md">
                {list.hasNextPage
                  ? <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>Charger plus</Button>
                  : <Text size="sm" c="dimmed">{parts.length} pièce{parts.length > 1 ? 's' : ''}</Text>}
              </Center>
            </>
          )
        }}
      </QueryState>
      <PartFormModal opened={creating} onClose={create.close} />
    </>
  )
}
