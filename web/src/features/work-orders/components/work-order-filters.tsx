import { Badge, Button, Chip, Collapse, Group, Input, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core'
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import { priorityLabel, workOrderStatusLabel, workOrderTypeLabel } from '@/config/labels'
import { useMe } from '@/lib/auth/use-me'
import { useAssetOptions, usePeople, useSites } from '../api/options'
import { activeFilterCount, DEFAULT_FILTERS, DEFAULT_SORT, type Sort, type WorkOrderFilters } from '../lib/filters'

const options = <K extends string>(labels: Record<K, string>) => Object.entries<string>(labels).map(([value, label]) => ({ value, label }))
/** The two orders of the list (the API's `sort`), as the person picks them. */
export const SORT_LABELS: Record<Sort, string> = {
  due: 'Échéance : retards d’abord',
  priority: 'Priorité, puis ancienneté',
}
const clear = { clearable: true, clearButtonProps: { 'aria-label': 'Effacer ce filtre' } } as const

/** The list's filters; on a phone they fold under one button so the list starts high. */
export function WorkOrderFiltersBar({ filters, onChange, phone }: { filters: WorkOrderFilters; onChange: (f: WorkOrderFilters) => void; phone: boolean }) {
  const { can } = useMe()
  const [open, { toggle }] = useDisclosure(false)
  const [text, setText] = useState(filters.q ?? '')
  const search = useDebouncedCallback((q: string) => onChange({ ...filters, q: q.trim() || undefined }), 350)
  const sites = useSites(can('LOCATIONS', 'view'))
  // Every asset of the fleet: fetched when the picker is first opened (or a link names one).
  const [wantAssets, setWantAssets] = useState(filters.assetId !== undefined)
  const assets = useAssetOptions(wantAssets)
  const people = usePeople(can('PEOPLE_TEAMS', 'viewOther'))
  const set = <K extends keyof WorkOrderFilters>(key: K) => (value: string | null) => onChange({ ...filters, [key]: value ?? undefined })
  const count = activeFilterCount({ ...filters, q: undefined })
  const siteName = sites.data?.find((s) => s.id === filters.siteId)?.name

  // The states as chips on one line (a multi-select's chips stacked in a narrow column), the
  // list's order beside them.
  const states = (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Input.Wrapper label="État" labelElement="div">
        <Chip.Group multiple value={filters.status ?? []}
          onChange={(v) => onChange({ ...filters, status: v.length ? (v as NonNullable<WorkOrderFilters['status']>) : undefined })}>
          <Group gap={6} mt={4} role="group" aria-label="État">
            {options(workOrderStatusLabel).map((o) => <Chip key={o.value} value={o.value} size="sm">{o.label}</Chip>)}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
      <Select label="Ordre" data={options(SORT_LABELS)} value={filters.sort ?? DEFAULT_SORT} allowDeselect={false} w={phone ? '100%' : 240}
        onChange={(v) => onChange({ ...filters, sort: (v as Sort | null) ?? DEFAULT_SORT })} />
    </Group>
  )
  const selects = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Select label="Priorité" placeholder="Toutes" data={options(priorityLabel)} value={filters.priority ?? null} onChange={set('priority')} {...clear} />
      <Select label="Type" placeholder="Tous" data={options(workOrderTypeLabel)} value={filters.type ?? null} onChange={set('type')} {...clear} />
      {sites.data && (
        <Select label="Site" placeholder="Tous" searchable data={sites.data.map((s) => ({ value: s.id, label: s.name }))}
          value={filters.siteId ?? null} onChange={set('siteId')} nothingFoundMessage="Aucun site" {...clear} />
      )}
      <Select label="Équipement" placeholder="Tous" searchable limit={50} nothingFoundMessage={assets.isFetching ? 'Chargement…' : 'Aucun équipement'}
        onDropdownOpen={() => setWantAssets(true)} onFocus={() => setWantAssets(true)}
        data={(assets.data?.options ?? []).filter((o) => !siteName || o.siteName === siteName).map((o) => ({ value: o.id, label: `${o.reference} — ${o.siteName}` }))}
        value={filters.assetId ?? null} onChange={set('assetId')} {...clear} />
      {people.data && (
        <Select label="Intervenant" placeholder="Tous" searchable data={people.data.map((u) => ({ value: u.id, label: u.displayName }))}
          value={filters.assigneeId ?? null} onChange={set('assigneeId')} nothingFoundMessage="Personne" {...clear} />
      )}
      <Switch label="En retard" size="md" mt={{ base: 0, xs: 30 }} checked={filters.late ?? false}
        onChange={(e) => onChange({ ...filters, late: e.currentTarget.checked || undefined })} />
      <Switch label="Mes ordres seulement" size="md" mt={{ base: 0, xs: 30 }} checked={filters.mine ?? false}
        onChange={(e) => onChange({ ...filters, mine: e.currentTarget.checked || undefined })} />
      {can('WORK_ORDERS', 'viewOther') && (
        <Switch label="Non affectés" size="md" mt={{ base: 0, xs: 30 }} checked={filters.unassigned ?? false}
          onChange={(e) => onChange({ ...filters, unassigned: e.currentTarget.checked || undefined })} />
      )}
    </SimpleGrid>
  )

  return (
    <Stack gap="sm" mb="md">
      <Group gap="sm" wrap="nowrap" align="flex-end">
        <TextInput label="Rechercher" placeholder="Référence, texte, équipement" leftSection={<IconSearch size={16} />} style={{ flex: 1 }}
          value={text} maxLength={100} onChange={(e) => { setText(e.currentTarget.value); search(e.currentTarget.value) }} />
        {phone && (
          <Button variant="default" onClick={toggle} aria-expanded={open} leftSection={<IconAdjustmentsHorizontal size={18} />}
            rightSection={count > 0 ? <Badge size="sm" circle>{count}</Badge> : null}>Filtres</Button>
        )}
      </Group>
      {phone ? <Collapse expanded={open}><Stack gap="sm">{states}{selects}</Stack></Collapse> : <>{states}{selects}</>}
      {activeFilterCount(filters) > 0 && (
        <Group>
          <Button variant="subtle" size="sm" leftSection={<IconX size={16} />} onClick={() => { setText(''); onChange(DEFAULT_FILTERS) }}>Effacer les filtres</Button>
        </Group>
      )}
    </Stack>
  )
}
