import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'
import { VisuallyHidden } from '@mantine/core'
import dayjs from 'dayjs'
import { formatNumber } from '../lib/format'
import type { ChartPoint } from '../lib/meter-chart'
import { formatDate } from '@/lib/dates'

/** The readings on a time axis (recharts through Mantine; loaded only with the asset page). */
export function MeterChart({ points, name, unit }: { points: ChartPoint[]; name: string; unit: string }) {
  const first = points[0]
  const last = points[points.length - 1]
  return (
    <figure style={{ margin: 0 }} data-testid="meter-chart">
      <LineChart
        h={200} data={points} dataKey="t" curveType="linear" withDots={points.length <= 24}
        series={[{ name: 'value', label: name, color: 'blue.8' }]}
        valueFormatter={(v) => `${formatNumber(v)} ${unit}`} gridAxis="y"
        yAxisProps={{ width: 64, domain: ['auto', 'auto'], tickFormatter: (v: number) => formatNumber(v) }}
        xAxisProps={{ type: 'number', scale: 'time', domain: ['dataMin', 'dataMax'], tickFormatter: (t: number) => dayjs(t).format('MMM YY') }}
        tooltipProps={{ labelFormatter: (t) => formatDate(new Date(Number(t))) }}
        // The readings are in the table below and summed up in the caption: the picture is
        // hidden from screen readers and kept out of the tab order.
        aria-hidden accessibilityLayer={false}
      />
      {/* What the picture says, for a screen reader. */}
      <VisuallyHidden component="figcaption">
        {name} : {formatNumber(first.value)} {unit} le {formatDate(new Date(first.t))}, {formatNumber(last.value)} {unit} le {formatDate(new Date(last.t))} ({points.length} relevés).
      </VisuallyHidden>
    </figure>
  )
}
