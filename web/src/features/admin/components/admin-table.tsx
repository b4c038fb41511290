import { Button, Stack } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { DataTable, type DataTableColumn } from 'mantine-datatable'
import { useEffect, useState, type ReactNode } from 'react'

const PAGE_SIZE = 25
const CONTROL_LABELS = { first: 'Première page', last: 'Dernière page', previous: 'Page précédente', next: 'Page suivante' }

/** A whole reference list (the API sends these unpaged) shown a page at a time, in French:
 * a table on a desktop, one card per record on a phone (`card`), where columns would overflow. */
export function AdminTable<T extends { id: string }>({ records, columns, label, card }: {
  records: T[]
  columns: DataTableColumn<T>[]
  label: string
  card?: (record: T) => ReactNode
}) {
  const phone = useMediaQuery('(max-width: 48em)')
  const [page, setPage] = useState(1)
  const pages = Math.max(1, Math.ceil(records.length / PAGE_SIZE))
  // A filter that shortens the list keeps the page in range.
  useEffect(() => { if (page > pages) setPage(pages) }, [page, pages])

  if (phone && card) {
    const shown = records.slice(0, page * PAGE_SIZE)
    return (
      <Stack gap="sm">
        <Stack gap="sm" aria-label={label} role="list">
          {shown.map((r) => <div role="listitem" key={r.id}>{card(r)}</div>)}
        </Stack>
        {shown.length < records.length && (
          <Button variant="light" onClick={() => setPage(page + 1)}>Afficher plus ({records.length - shown.length} restants)</Button>
        )}
      </Stack>
    )
  }
  const common = {
    columns, 'aria-label': label, withTableBorder: true, borderRadius: 'md', striped: true, highlightOnHover: true,
    verticalAlign: 'center' as const, noRecordsText: 'Aucun élément', minHeight: records.length === 0 ? 160 : undefined,
  }
  if (records.length <= PAGE_SIZE) return <DataTable<T> {...common} records={records} />
  return (
    <DataTable<T> {...common} records={records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
      page={page} onPageChange={setPage} totalRecords={records.length} recordsPerPage={PAGE_SIZE}
      paginationText={({ from, to, totalRecords }) => `${from} à ${to} sur ${totalRecords}`}
      getPaginationControlProps={(c) => ({ 'aria-label': CONTROL_LABELS[c] })}
      getPaginationItemProps={(p) => ({ 'aria-label': `Page ${p}` })} />
  )
}
