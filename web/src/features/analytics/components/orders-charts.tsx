import { workOrderTypeLabel } from '@/config/labels'
import { ordersRows, totals, isEmpty, type Summary, type TypeRow } from '../lib/chart-data'
import { formatCount, plural } from '../lib/format'
import { MonthlyBars } from './bar-chart'
import { ChartCard, type Column } from './chart-card'

const SERIES = [
  { name: 'corrective', label: workOrderTypeLabel.CORRECTIVE, color: 'red.7' },
  { name: 'preventive', label: workOrderTypeLabel.PREVENTIVE, color: 'teal.7' },
]
const COLUMNS: Column<TypeRow>[] = SERIES.map((s) => ({ label: s.label, value: (r) => formatCount(r[s.name as 'corrective' | 'preventive']) }))
const KEYS: ('corrective' | 'preventive')[] = ['corrective', 'preventive']

function totalsLine(rows: TypeRow[]) {
  const t = totals(rows, KEYS)
  return `Sur la période : ${plural(t.corrective, 'dépannage', 'dépannages')}, ${plural(t.preventive, 'préventif', 'préventifs')}.`
}

/** Orders opened and orders closed per month, each stacked by type. */
export function OrdersCharts({ summary }: { summary: Summary }) {
  const opened = ordersRows(summary.monthly, 'opened')
  const closed = ordersRows(summary.monthly, 'closed')
  return (
    <>
      <ChartCard
        title="Ordres ouverts par mois" rows={opened} columns={COLUMNS}
        empty={isEmpty(opened, KEYS) ? 'Aucun ordre ouvert sur la période' : undefined}
        footer={totalsLine(opened)}
        definitions={[{ term: 'Ordres ouverts', text: 'Les ordres créés dans le mois, par type (dépannage ou préventif), annulés compris.' }]}
      >
        <MonthlyBars data={opened} series={SERIES} stacked />
      </ChartCard>
      <ChartCard
        title="Ordres clôturés par mois" rows={closed} columns={COLUMNS}
        empty={isEmpty(closed, KEYS) ? 'Aucun ordre clôturé sur la période' : undefined}
        footer={totalsLine(closed)}
        definitions={[{ term: 'Ordres clôturés', text: 'Les ordres terminés dont la date de fin tombe dans le mois, par type. Un ordre annulé n’est pas clôturé.' }]}
      >
        <MonthlyBars data={closed} series={SERIES} stacked />
      </ChartCard>
    </>
  )
}
