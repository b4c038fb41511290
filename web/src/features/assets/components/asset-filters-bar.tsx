import { Button, Collapse, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconAdjustmentsHorizontal, IconSearch, IconX } from '@tabler/icons-react'
import { useState } from 'react'
import type { SiteNode } from '@/features/locations'
import { useCategories } from '../api/assets'
import { assetStatusOptions, type AssetStatus } from '../labels'
import { hasFilters, type AssetFilters } from '../lib/asset-filters'

const CONTRACT = [{ value: 'oui', label: 'Sous contrat' }, { value: 'non', label: 'Hors contrat' }]

export function AssetFiltersBar({ filters, tree, onChange }: { filters: AssetFilters; tree: SiteNode[]; onChange: (f: AssetFilters) => void }) {
  const categories = useCategories('EQUIPMENT')
  // The text is typed here and reaches the URL (and the API) once the person pauses.
  const [text, setText] = useState(filters.q ?? '')
  const pushText = useDebouncedCallback((q: string) => onChange({ ...filters, q: q.trim() || undefined }), 300)
  const set = (patch: AssetFilters) => onChange({ ...filters, ...patch })
  // On a phone the five pickers fold behind one button: the list stays in sight.
  const phone = useMediaQuery('(max-width: 48em)')
  const [open, { toggle }] = useDisclosure(false)
  const active = [filters.siteId ?? filters.locationId, filters.categoryId, filters.status, filters.underContract].filter((v) => v !== undefined).length

  const site = tree.find((n) => n.site.id === filters.siteId)
  const siteOfZone = filters.locationId ? tree.find((n) => n.site.id === filters.locationId || n.zones.some((z) => z.id === filters.locationId)) : undefined
  const zoneSite = site ?? siteOfZone
  const categoryChoices = (categories.data?.categories ?? []).filter((c) => c.kind === 'EQUIPMENT').map((c) => ({ value: c.id, label: c.name }))

  const search = (
    <TextInput label="Recherche" placeholder="Référence, marque, modèle, site…" leftSection={<IconSearch size={16} aria-hidden />}
      value={text} maxLength={100} onChange={(e) => { setText(e.currentTarget.value); pushText(e.currentTarget.value) }} />
  )
  const pickers = (
    <>
      <Select label="Site" placeholder="Tous les sites" clearable searchable nothingFoundMessage="Aucun site"
        data={tree.map((n) => ({ value: n.site.id, label: n.site.name }))} value={zoneSite?.site.id ?? null}
        onChange={(v) => set({ siteId: v ?? undefined, locationId: undefined })} />
      <Select label="Zone" placeholder={zoneSite ? 'Toutes les zones' : 'Choisissez d’abord un site'} clearable disabled={!zoneSite}
        data={zoneSite ? [{ value: zoneSite.site.id, label: 'Le site lui-même' }, ...zoneSite.zones.map((z) => ({ value: z.id, label: z.name }))] : []}
        value={filters.locationId ?? null}
        // A zone narrows to the assets placed exactly there; clearing it goes back to the whole site.
        onChange={(v) => set(v ? { locationId: v, siteId: undefined } : { locationId: undefined, siteId: zoneSite?.site.id })} />
      <Select label="Catégorie" placeholder="Toutes" clearable data={categoryChoices} value={filters.categoryId ?? null}
        onChange={(v) => set({ categoryId: v ?? undefined })} />
      <Select label="Statut" placeholder="Tous" clearable data={assetStatusOptions} value={filters.status ?? null}
        onChange={(v) => set({ status: (v as AssetStatus | null) ?? undefined })} />
      <Select label="Contrat" placeholder="Tous" clearable data={CONTRACT}
        value={filters.underContract === undefined ? null : filters.underContract ? 'oui' : 'non'}
        onChange={(v) => set({ underContract: v === null ? undefined : v === 'oui' })} />
    </>
  )
  const clear = hasFilters(filters) && (
    <Button variant="subtle" leftSection={<IconX size={16} />} onClick={() => { setText(''); onChange({}) }} style={{ alignSelf: 'end' }}>
      Effacer les filtres
    </Button>
  )

  if (phone) {
    return (
      <Stack gap="xs" mb="md">
        {search}
        <Group gap="xs">
          <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={18} />} onClick={toggle} aria-expanded={open}>
            {active ? `Filtres (${active})` : 'Filtres'}
          </Button>
          {clear}
        </Group>
        <Collapse expanded={open}><Stack gap="xs">{pickers}</Stack></Collapse>
      </Stack>
    )
  }
  return (
    <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="sm" mb="md">
      {search}
      {pickers}
      {clear}
    </SimpleGrid>
  )
}
