import { Checkbox, Group, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import type { PartFilters } from '../lib/filters'

/** Search (reference or designation) and the under-threshold switch, kept in the address. */
export function PartFiltersBar({ filters, onChange }: { filters: PartFilters; onChange: (f: PartFilters) => void }) {
  const [q, setQ] = useState(filters.q ?? '')
  const pushQ = useDebouncedCallback((v: string) => onChange({ ...filters, q: v.trim() || undefined }), 350)
  return (
    <Group gap="sm" mb="md" align="flex-end">
      <TextInput label="Rechercher" placeholder="Référence ou désignation…" leftSection={<IconSearch size={16} />}
        value={q} onChange={(e) => { setQ(e.currentTarget.value); pushQ(e.currentTarget.value) }} maxLength={100}
        style={{ flex: '1 1 220px' }} />
      <Checkbox label="Sous le seuil uniquement" checked={filters.belowThreshold === true}
        onChange={(e) => onChange({ ...filters, belowThreshold: e.currentTarget.checked || undefined })}
        styles={{ root: { minHeight: 36, display: 'flex', alignItems: 'center' } }} />
    </Group>
  )
}
