import { costRows, isEmpty, laborShown, totals, type CostRow, type Summary } from '../lib/chart-data'
import { formatEuros, formatEuroTick } from '../lib/format'
import { MonthlyBars } from './bar-chart'
import { ChartCard, type Column } from './chart-card'

const PARTS = { name: 'parts', label: 'Pièces', color: 'blue.7' }
const LABOR = { name: 'labor', label: 'Main-d’œuvre', color: 'grape.6' }
const euros = (cents: number | null) => formatEuros(cents ?? 0)
const PARTS_COLUMN: Column<CostRow> = { label: 'Pièces', value: (r) => formatEuros(r.parts) }
const LABOR_COLUMNS: Column<CostRow>[] = [
  { label: 'Main-d’œuvre', value: (r) => euros(r.labor) },
  { label: 'Total', value: (r) => euros(r.parts + (r.labor ?? 0)) },
]
const PARTS_DEFINITION = { term: 'Pièces', text: 'Les pièces consommées sur les ordres dans le mois : quantité × prix unitaire figé à chaque consommation.' }
const LABOR_DEFINITION = { term: 'Main-d’œuvre', text: 'Les temps saisis pour le mois (date travaillée) : minutes × taux horaire figé ÷ 60, arrondi au centime.' }
/** Said instead of the labour figures to those who may not see pay. */
export const LABOR_WITHHELD = 'La main-d’œuvre n’est montrée qu’aux personnes qui gèrent les taux horaires.'

/** Parts and labour costs per month, in euros, stacked; parts alone for those who may not see pay. */
export function CostsChart({ summary }: { summary: Summary }) {
  const rows = costRows(summary.monthly)
  const withLabor = laborShown(summary.monthly)
  const keys: ('parts' | 'labor')[] = withLabor ? ['parts', 'labor'] : ['parts']
  const t = totals(rows, keys)
  return (
    <ChartCard
      title="Coûts par mois" rows={rows} columns={withLabor ? [PARTS_COLUMN, ...LABOR_COLUMNS] : [PARTS_COLUMN]}
      empty={isEmpty(rows, keys) ? 'Aucun coût enregistré sur la période' : undefined}
      footer={withLabor
        ? `Sur la période : ${formatEuros(t.parts + t.labor)}, dont pièces ${formatEuros(t.parts)} et main-d’œuvre ${formatEuros(t.labor)}.`
        : `Sur la période : pièces ${formatEuros(t.parts)}. ${LABOR_WITHHELD}`}
      definitions={withLabor ? [PARTS_DEFINITION, LABOR_DEFINITION] : [PARTS_DEFINITION]}
    >
      <MonthlyBars data={rows} series={withLabor ? [PARTS, LABOR] : [PARTS]} stacked valueFormatter={formatEuros} tickFormatter={formatEuroTick} yWidth={72} />
    </ChartCard>
  )
}
