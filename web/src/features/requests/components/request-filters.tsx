import { Button, Checkbox, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { requestStatusLabel } from '@/config/labels'
import { useMe } from '@/lib/auth/use-me'
import { useSites } from '../api/requests'
import { DEFAULT_SORT, type RequestFilters, type Sort } from '../lib/filters'
import { sourceLabel } from '../labels'

const STATUS_DATA = Object.entries(requestStatusLabel).map(([value, label]) => ({ value, label }))
const SORT_DATA: { value: Sort; label: string }[] = [{ value: 'newest', label: 'Plus récentes d’abord' }, { value: 'oldest', label: 'Plus anciennes d’abord' }]
const SOURCE_DATA = Object.entries(sourceLabel).map(([value, label]) => ({ value, label }))

/** Every filter listRequests accepts (but the asset, reached from an asset's page). On a phone
 * only the search shows; the rest folds behind « Filtres ». */
export function RequestFiltersBar({ filters, onChange }: { filters: RequestFilters; onChange: (f: RequestFilters) => void }) {
  const { can } = useMe()
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false })
  const [open, { toggle }] = useDisclosure(false)
  const sites = useSites(can('LOCATIONS', 'view'))
  const [q, setQ] = useState(filters.q ?? '')
  const pushQ = useDebouncedCallback((v: string) => onChange({ ...filters, q: v.trim() || undefined }), 350)
  const set = <K extends keyof RequestFilters>(key: K, value: RequestFilters[K] | null) => onChange({ ...filters, [key]: value ?? undefined })
  const narrowing = [filters.status, filters.source, filters.siteId, filters.mine].filter(Boolean).length

  const search = (
    <TextInput label="Rechercher" placeholder="Référence, ascenseur, nom…" leftSection={<IconSearch size={16} />}
      value={q} onChange={(e) => { setQ(e.currentTarget.value); pushQ(e.currentTarget.value) }} maxLength={100}
      style={phone ? { flex: '1 1 220px' } : undefined} />
  )
  const selects = (
    <>
      <Select label="État" placeholder="Tous" data={STATUS_DATA} clearable value={filters.status ?? null}
        onChange={(v) => set('status', v as RequestFilters['status'])} w={phone ? undefined : 150} comboboxProps={{ withinPortal: true }} />
      <Select label="Origine" placeholder="Toutes" data={SOURCE_DATA} clearable value={filters.source ?? null}
        onChange={(v) => set('source', v as RequestFilters['source'])} w={phone ? undefined : 150} comboboxProps={{ withinPortal: true }} />
      {sites.data && sites.data.length > 1 && (
        <Select label="Site" placeholder="Tous" data={sites.data} clearable searchable value={filters.siteId ?? null}
          onChange={(v) => set('siteId', v)} w={phone ? undefined : 230} comboboxProps={{ withinPortal: true }}
          nothingFoundMessage="Aucun site ne correspond" />
      )}
      <Select label="Ordre" data={SORT_DATA} allowDeselect={false} value={filters.sort ?? DEFAULT_SORT}
        onChange={(v) => set('sort', (v as Sort | null) ?? DEFAULT_SORT)} w={phone ? undefined : 200} comboboxProps={{ withinPortal: true }} />
      {/* Without the view-other right the list holds only the caller's requests already. */}
      {can('REQUESTS', 'viewOther') && (
        <Checkbox label="Mes demandes" checked={filters.mine === true} onChange={(e) => set('mine', e.currentTarget.checked || undefined)}
          styles={{ root: { minHeight: 36, display: 'flex', alignItems: 'center' } }} />
      )}
    </>
  )

  // The search on its own line: beside four pickers it was cut to a few letters.
  if (!phone) return <Stack gap="sm" mb="md">{search}<Group gap="sm" align="flex-end">{selects}</Group></Stack>
  return (
    <Stack gap="xs" mb="md">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {search}
        <Button variant="default" size="sm" onClick={toggle} aria-expanded={open} leftSection={<IconAdjustmentsHorizontal size={18} />}>
          {narrowing ? `Filtres (${narrowing})` : 'Filtres'}
        </Button>
      </Group>
      <Collapse expanded={open}>
        <SimpleGrid cols={2} spacing="xs">{selects}</SimpleGrid>
      </Collapse>
    </Stack>
  )
}
