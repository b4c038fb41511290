import { Button, SimpleGrid, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { filterTree, LocationFormModal, siteTree, useLocations, type LocationTarget } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { SiteCard } from '../components/site-card'

export function Component() {
  const { can } = useMe()
  const query = useLocations()
  const [text, setText] = useState('')
  const [search] = useDebouncedValue(text, 150)
  const [target, setTarget] = useState<LocationTarget | null>(null)
  const tree = useMemo(() => siteTree(query.data?.locations ?? []), [query.data])
  const canCreate = can('LOCATIONS', 'create')
  const canEdit = can('LOCATIONS', 'edit')

  return (
    <>
      <PageHeader title="Sites" description="Chaque site et ses zones, avec leurs équipements."
        actions={canCreate && <Button leftSection={<IconPlus size={18} />} onClick={() => setTarget({ kind: 'site' })}>Nouveau site</Button>} />
      <TextInput mb="md" maw={420} leftSection={<IconSearch size={16} aria-hidden />} placeholder="Site, ville ou zone"
        aria-label="Rechercher un site" value={text} onChange={(e) => setText(e.currentTarget.value)} />
      <QueryState query={query}>
        {() => {
          const shown = filterTree(tree, search)
          if (tree.length === 0) return <EmptyState title="Aucun site">{canCreate ? 'Créez le premier site pour y placer des équipements.' : 'Aucun site ne vous est accessible.'}</EmptyState>
          if (shown.length === 0) return <EmptyState title="Aucun site trouvé">Aucun site, ville ou zone ne contient « {search} ».</EmptyState>
          return (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {shown.map((node) => <SiteCard key={node.site.id} node={node} canCreate={canCreate} canEdit={canEdit} onEdit={setTarget} />)}
            </SimpleGrid>
          )
        }}
      </QueryState>
      <LocationFormModal target={target} tree={tree} onClose={() => setTarget(null)} />
    </>
  )
}
