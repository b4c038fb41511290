import { gridRows, isEmpty, totals, type GridRow, type Summary } from '../lib/chart-data'
import { formatCount, formatRate, plural } from '../lib/format'
import { MonthlyBars } from './bar-chart'
import { ChartCard, type Column } from './chart-card'

const SERIES = [
  { name: 'generated', label: 'Générées', color: 'gray.6' },
  { name: 'completed', label: 'Réalisées', color: 'teal.7' },
  { name: 'late', label: 'En retard', color: 'orange.7' },
]
const KEYS: ('generated' | 'completed' | 'late')[] = ['generated', 'completed', 'late']
const COLUMNS: Column<GridRow>[] = [
  ...SERIES.map((s) => ({ label: s.label, value: (r: GridRow) => formatCount(r[s.name as (typeof KEYS)[number]]) })),
  { label: 'Taux de réalisation', value: (r) => formatRate(r.completed, r.generated) },
]

/** The preventive grids of each month: generated, done, late; and the period's completion rate. */
export function PreventiveChart({ summary }: { summary: Summary }) {
  const rows = gridRows(summary.preventive)
  const t = totals(rows, KEYS)
  return (
    <ChartCard
      title="Préventif par mois" rows={rows} columns={COLUMNS}
      empty={isEmpty(rows, KEYS) ? 'Aucune grille préventive sur la période' : undefined}
      footer={`Taux de réalisation sur la période : ${formatRate(t.completed, t.generated)} (${formatCount(t.completed)} sur ${plural(t.generated, 'grille', 'grilles')}), ${formatCount(t.late)} en retard.`}
      definitions={[
        { term: 'Générées', text: 'Les grilles préventives du mois (les ordres portant ce mois comme période).' },
        { term: 'Réalisées', text: 'Celles qui sont terminées.' },
        { term: 'En retard', text: 'Celles qui ne sont ni terminées ni annulées et dont l’échéance est passée.' },
        { term: 'Taux de réalisation', text: 'Réalisées ÷ générées. Les grilles du mois en cours non encore échues le font baisser jusqu’à leur réalisation.' },
      ]}
    >
      <MonthlyBars data={rows} series={SERIES} />
    </ChartCard>
  )
}
