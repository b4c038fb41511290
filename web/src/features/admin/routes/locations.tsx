import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconPencil, IconPlus, IconSearch } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import { LocationFormModal, siteTree, useLocations, type Location, type LocationTarget } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { AdminTable } from '../components/admin-table'
import { RecordCard } from '../components/record-card'
import { SectionGuard } from '../components/section-guard'

export function Component() {
  return <SectionGuard path={paths.adminLocations}><Locations /></SectionGuard>
}

/** Sites and their zones as one table (the API's flat list: each site followed by its zones). */
function Locations() {
  const { can } = useMe()
  const query = useLocations()
  const [search, setSearch] = useState('')
  const [target, setTarget] = useState<LocationTarget | null>(null)
  const canCreate = can('LOCATIONS', 'create')
  const canEdit = can('LOCATIONS', 'edit')
  const tree = useMemo(() => siteTree(query.data?.locations ?? []), [query.data])

  const actions = (l: Location) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {canEdit && <ActionIcon variant="subtle" size="lg" aria-label={`Modifier ${l.name}`} onClick={() => setTarget({ kind: 'edit', location: l })}><IconPencil size={18} /></ActionIcon>}
      {canCreate && l.parentId === null && (
        <ActionIcon variant="subtle" size="lg" aria-label={`Ajouter une zone à ${l.name}`} onClick={() => setTarget({ kind: 'zone', site: l })}><IconPlus size={18} /></ActionIcon>
      )}
    </Group>
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput label="Rechercher" placeholder="Site, zone ou ville" leftSection={<IconSearch size={16} />} value={search}
          onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', xs: 280 }} />
        {canCreate && <Button leftSection={<IconPlus size={18} />} onClick={() => setTarget({ kind: 'site' })}>Nouveau site</Button>}
      </Group>
      <QueryState query={query}>{(data) => {
        const q = search.trim().toLocaleLowerCase('fr')
        const byId = new Map(data.locations.map((l) => [l.id, l]))
        const text = (l: Location) => `${l.name} ${l.city ?? ''}`.toLocaleLowerCase('fr')
        // A zone matches through its site too, so searching a site lists its zones.
        const rows = q ? data.locations.filter((l) => text(l).includes(q) || (l.parentId && text(byId.get(l.parentId)!).includes(q))) : data.locations
        if (data.locations.length === 0) return <EmptyState title="Aucun site">Ajoutez le premier site, puis ses zones (bâtiments, escaliers…).</EmptyState>
        if (rows.length === 0) return <EmptyState title="Aucun lieu ne correspond" />
        return (
          <AdminTable<Location> records={rows} label="Sites et zones" card={(l) => (
            <RecordCard title={l.parentId === null ? l.name : `↳ ${l.name} (zone)`}
              details={[[l.address, l.city].filter(Boolean).join(', '), l.guardianName, `${l.assetCount} équipement${l.assetCount > 1 ? 's' : ''}`].filter(Boolean).join(' · ')}
              actions={(canEdit || canCreate) && actions(l)} />
          )} columns={[
            { accessor: 'name', title: 'Lieu', render: (l) => l.parentId === null
              ? <Text size="sm" fw={700}>{l.name}</Text>
              : <Text size="sm" pl="lg"><Text span c="dimmed" aria-hidden>↳ </Text>{l.name}<Text span size="xs" c="dimmed"> · zone</Text></Text> },
            { accessor: 'city', title: 'Adresse', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.sm})`,
              render: (l) => [l.address, l.city].filter(Boolean).join(', ') || '—' },
            { accessor: 'guardianName', title: 'Gardien', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.md})`,
              render: (l) => l.guardianName ? <Stack gap={0}><Text size="sm">{l.guardianName}</Text><Text size="xs" c="dimmed">{l.guardianPhone}</Text></Stack> : '—' },
            { accessor: 'partnerName', title: 'Gestionnaire', visibleMediaQuery: (t) => `(min-width: ${t.breakpoints.lg})`, render: (l) => l.partnerName ?? '—' },
            { accessor: 'assetCount', title: 'Équipements', textAlign: 'right' },
            ...(canEdit || canCreate ? [{
              accessor: 'actions', title: 'Actions', textAlign: 'right' as const, render: (l: Location) => actions(l),
            }] : []),
          ]} />
        )
      }}</QueryState>
      <LocationFormModal target={target} tree={tree} onClose={() => setTarget(null)} />
    </Stack>
  )
}
