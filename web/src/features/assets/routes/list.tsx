import { Button, Center, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { siteTree, useLocations } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { useAssetList } from '../api/assets'
import { AssetCards } from '../components/asset-cards'
import { AssetFiltersBar } from '../components/asset-filters-bar'
import { AssetFormModal } from '../components/asset-form-modal'
import { AssetTable } from '../components/asset-table'
import { filtersFromSearch, hasFilters, searchFromFilters } from '../lib/asset-filters'

export function Component() {
  const { can } = useMe()
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => filtersFromSearch(params), [params])
  const locations = useLocations(can('LOCATIONS'))
  const tree = useMemo(() => siteTree(locations.data?.locations ?? []), [locations.data])
  const list = useAssetList(filters)
  const phone = useMediaQuery('(max-width: 48em)')
  const [creating, setCreating] = useState(false)
  const canCreate = can('ASSETS', 'create')

  return (
    <>
      <PageHeader title="Équipements" description="Ascenseurs, monte-charges, escaliers mécaniques et plateformes du parc."
        actions={canCreate && <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>Nouvel équipement</Button>} />
      <AssetFiltersBar filters={filters} tree={tree} onChange={(f) => setParams(searchFromFilters(f), { replace: true })} />
      <QueryState query={list}>
        {(assets) => {
          if (assets.length === 0) {
            return <EmptyState title="Aucun équipement">{hasFilters(filters) ? 'Aucun équipement ne correspond à ces filtres.' : 'Le parc est vide pour l’instant.'}</EmptyState>
          }
          return (
            <>
              {phone ? <AssetCards assets={assets} /> : <AssetTable assets={assets} fetching={list.isRefetching && !list.isFetchingNextPage} />}
              <Center mt="md">
                {list.hasNextPage
                  ? <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>Charger plus</Button>
                  : <Text size="sm" c="dimmed">{assets.length > 1 ? `Les ${assets.length} équipements sont affichés.` : 'Fin de la liste.'}</Text>}
              </Center>
            </>
          )
        }}
      </QueryState>
      <AssetFormModal opened={creating} onClose={() => setCreating(false)} tree={tree}
        locationId={filters.locationId ?? filters.siteId} />
    </>
  )
}
