import { Table, Text, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { EmptyState } from '@/components/empty-state'
import type { Definition } from './definition'
import { TitledCard } from './titled-card'

export interface Column<R> { label: string; value: (row: R) => string }

/** A chart with its title, how it is counted, a line of totals under it, and — for screen
 * readers, the picture being hidden from them — the same figures as a table. With nothing to
 * draw, a sentence instead of empty axes. */
export function ChartCard<R extends { name: string }>({ title, definitions, rows, columns, empty, footer, children }: {
  title: string
  definitions: Definition[]
  rows: R[]
  columns: Column<R>[]
  /** The sentence shown instead of the chart when there is nothing to draw. */
  empty?: string
  footer?: ReactNode
  children: ReactNode
}) {
  return (
    <TitledCard title={title} definitions={definitions}>
      {empty ? <EmptyState title={empty} /> : (
        <figure style={{ margin: 0 }}>
          {children}
          <VisuallyHidden component="figcaption">
            <Table>
              <caption>{title}</caption>
              <thead><tr><th scope="col">Mois</th>{columns.map((c) => <th key={c.label} scope="col">{c.label}</th>)}</tr></thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.name}><th scope="row">{r.name}</th>{columns.map((c) => <td key={c.label}>{c.value(r)}</td>)}</tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </figure>
      )}
      {!empty && footer && <Text size="sm" c="dimmed" mt="xs">{footer}</Text>}
    </TitledCard>
  )
}
