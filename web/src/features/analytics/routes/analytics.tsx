import { Box, SegmentedControl, SimpleGrid } from '@mantine/core'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { useAnalyticsSummary } from '../api/analytics'
import { CostsChart } from '../components/costs-chart'
import { Indicators } from '../components/indicators'
import { LegalRecord } from '../components/legal-record'
import { OrdersCharts } from '../components/orders-charts'
import { PartsUnderThreshold } from '../components/parts-under-threshold'
import { PreventiveChart } from '../components/preventive-chart'
import { WorstElevators } from '../components/worst-elevators'
import { formatStart } from '../lib/format'
import { parsePeriod, periodToParams, PERIODS, type Period } from '../lib/period'

const PERIOD_OPTIONS = PERIODS.map((p) => ({ value: p, label: `${p} mois` }))

/** « Analytique »: the managers' figures over the last 3, 6 or 12 months (the period in the
 * address, ?mois=6), every one with its definition a click away. Someone without the right
 * never gets here: the shell shows « Page réservée » (navigation.ts). */
export function Component() {
  const [params, setParams] = useSearchParams()
  const period = parsePeriod(params)
  const summary = useAnalyticsSummary(period)

  const selector = (
    <SegmentedControl
      aria-label="Période" data={PERIOD_OPTIONS} value={period} size="md"
      onChange={(v) => setParams(periodToParams(v as Period), { replace: true })}
    />
  )
  const from = summary.data?.from
  return (
    <>
      <PageHeader
        title="Analytique"
        description={from ? `Du ${formatStart(from)} à aujourd’hui, sur les ascenseurs de vos sites.` : 'Les indicateurs de maintenance de vos sites.'}
        actions={selector}
      />
      <QueryState query={summary}>
        {(data) => (
          // The previous period's figures stay, dimmed, while the new ones load.
          <Box aria-busy={summary.isPlaceholderData} style={{ opacity: summary.isPlaceholderData ? 0.5 : 1, transition: 'opacity 150ms' }}>
            <Indicators summary={data} />
            <LegalRecord summary={data} />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mb="md">
              <OrdersCharts summary={data} />
              <CostsChart summary={data} />
              <PreventiveChart summary={data} />
              <WorstElevators summary={data} />
              <PartsUnderThreshold summary={data} />
            </SimpleGrid>
          </Box>
        )}
      </QueryState>
    </>
  )
}
