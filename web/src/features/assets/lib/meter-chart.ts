// Readings arrive most recent first; the chart wants them oldest first, on a time axis (visits
// are not evenly spaced: a category axis would draw a wrong slope).
import type { Schemas } from '@/lib/api/client'

export type MeterReading = Schemas['MeterReading']
export interface ChartPoint { t: number; value: number }

export function chartPoints(readings: MeterReading[]): ChartPoint[] {
  return readings
    .map((r) => ({ t: Date.parse(r.readAt), value: r.value }))
    .filter((p) => Number.isFinite(p.t))
    .sort((a, b) => a.t - b.t)
}

const DAYS_PER_MONTH = 30.44
const DAY = 86_400_000

/** Average increase per month between the first and the last reading; null with fewer than
 * two readings or less than a day between them. */
export function monthlyRate(points: ChartPoint[]): number | null {
  if (points.length < 2) return null
  const first = points[0]
  const last = points[points.length - 1]
  const days = (last.t - first.t) / DAY
  if (days < 1) return null
  return Math.round(((last.value - first.value) / days) * DAYS_PER_MONTH)
}
