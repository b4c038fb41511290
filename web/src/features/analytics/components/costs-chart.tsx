import { costRows, isEmpty, totals, type CostRow, type Summary } from '../lib/chart-data'
import { formatEuros, formatEuroTick } from '../lib/format'
import { MonthlyBars } from './bar-chart'
import { ChartCard, type Column } from './chart-card'

const SERIES = [
  { name: 'parts', label: 'Pièces', color: 'blue.7' },
  { name: 'labor', label: 'Main-d’œuvre', color: 'grape.6' },
]
const KEYS: ('parts' | 'labor')[] = ['parts', 'labor']
const COLUMNS: Column<CostRow>[] = [
  { label: 'Pièces', value: (r) => formatEuros(r.parts) },
  { label: 'Main-d’œuvre', value: (r) => formatEuros(r.labor) },
  { label: 'Total', value: (r) => formatEuros(r.parts + r.labor) },
]

/** Parts and labour costs per month, in euros, stacked. */
export function CostsChart({ summary }: { summary: Summary }) {
  const rows = costRows(summary.monthly)
  const t = totals(rows, KEYS)
  return (
    <ChartCard
      title="Coûts par mois" rows={rows} columns={COLUMNS}
      empty={isEmpty(rows, KEYS) ? 'Aucun coût enregistré sur la période' : undefined}
      footer={`Sur la période : ${formatEuros(t.parts + t.labor)}, dont pièces ${formatEuros(t.parts)} et main-d’œuvre ${formatEuros(t.labor)}.`}
      definitions={[
        { term: 'Pièces', text: 'Les pièces consommées sur les ordres dans le mois : quantité × prix unitaire figé à chaque consommation.' },
        { term: 'Main-d’œuvre', text: 'Les temps saisis pour le mois (date travaillée) : minutes × taux horaire figé ÷ 60, arrondi au centime.' },
      ]}
    >
      <MonthlyBars data={rows} series={SERIES} stacked valueFormatter={formatEuros} tickFormatter={formatEuroTick} yWidth={72} />
    </ChartCard>
  )
}
