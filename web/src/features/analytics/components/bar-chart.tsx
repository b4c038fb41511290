import '@mantine/charts/styles.css'
import { BarChart, type BarChartSeries } from '@mantine/charts'

/** The page's bar chart: months along the bottom, a legend, the figures in the tooltip. The
 * picture is hidden from screen readers (its card carries the same figures as a table) and
 * kept out of the tab order. Shrinks with its card on a phone. */
export function MonthlyBars({ data, series, stacked, valueFormatter, tickFormatter, yWidth = 40 }: {
  data: object[]
  series: BarChartSeries[]
  stacked?: boolean
  valueFormatter?: (v: number) => string
  tickFormatter?: (v: number) => string
  yWidth?: number
}) {
  return (
    <BarChart
      h={240} data={data as Record<string, unknown>[]} dataKey="month" series={series}
      type={stacked ? 'stacked' : 'default'} withLegend legendProps={{ verticalAlign: 'bottom', height: 40, itemSorter: null }}
      valueFormatter={valueFormatter} gridAxis="y" maxBarWidth={36}
      yAxisProps={{ width: yWidth, allowDecimals: false, ...(tickFormatter ? { tickFormatter } : {}) }}
      xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
      // The axis says « mars 26 »; the tooltip has room for « mars 2026 » (the row's name).
      tooltipProps={{ labelFormatter: (label, payload) => (payload[0]?.payload as { name?: string } | undefined)?.name ?? label }}
      aria-hidden accessibilityLayer={false}
    />
  )
}
