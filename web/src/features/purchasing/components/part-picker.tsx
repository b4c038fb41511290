import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'
import { usePartSearch } from '../api/purchase-orders'

/** `lastUnitPriceCents`: where a new order line's price starts (null: no price known yet). */
export interface PartOption { value: string; label: string; lastUnitPriceCents?: number | null }

/** A part found by reference or designation on the server (listParts `q`), 20 at a time. */
export function PartPicker({ label, value, selected, error, onChange }: {
  label: string
  value: string | null
  selected: PartOption | null
  error?: string
  onChange: (option: PartOption | null) => void
}) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 250)
  const parts = usePartSearch(debounced, true)
  const found = (parts.data?.parts ?? []).map((p) => ({ value: p.id, label: `${p.reference} · ${p.designation}`, lastUnitPriceCents: p.lastUnitPriceCents }))
  const data = selected && !found.some((o) => o.value === selected.value) ? [selected, ...found] : found
  return (
    <Select label={label} placeholder="Référence ou désignation" searchable required data={data} value={value}
      searchValue={search} onSearchChange={setSearch} filter={({ options }) => options}
      nothingFoundMessage={parts.isFetching ? 'Recherche…' : 'Aucune pièce ne correspond'} error={error}
      onChange={(v) => onChange(data.find((o) => o.value === v) ?? null)} comboboxProps={{ withinPortal: true }} />
  )
}
