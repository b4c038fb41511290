import { describe, expect, it } from 'vitest'
import { chartPoints, monthlyRate, type MeterReading } from './meter-chart'

const reading = (value: number, readAt: string): MeterReading => ({ id: readAt, value, readAt, recordedBy: null, createdAt: readAt })

describe('meter chart data', () => {
  it('puts the readings oldest first with their instants', () => {
    const points = chartPoints([reading(300, '2026-03-01T08:00:00Z'), reading(100, '2026-01-01T08:00:00Z'), reading(200, '2026-02-01T08:00:00Z')])
    expect(points.map((p) => p.value)).toEqual([100, 200, 300])
    expect(points[0].t).toBe(Date.parse('2026-01-01T08:00:00Z'))
  })

  it('gives the monthly increase between first and last readings', () => {
    const points = chartPoints([reading(1000, '2026-01-01T00:00:00Z'), reading(4044, '2026-03-02T00:00:00Z')])
    // 3 044 over 60 days = 50.73 a day, ≈ 1 544 a month.
    expect(monthlyRate(points)).toBe(1544)
  })

  it('has no rate with a single reading or readings the same day', () => {
    expect(monthlyRate(chartPoints([reading(5, '2026-01-01T00:00:00Z')]))).toBeNull()
    expect(monthlyRate(chartPoints([reading(5, '2026-01-01T00:00:00Z'), reading(9, '2026-01-01T06:00:00Z')]))).toBeNull()
  })
})
