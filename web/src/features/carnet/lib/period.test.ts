import { describe, expect, it } from 'vitest'
import { lastTwelveMonths, periodProblem, yearOf, yearPeriod } from './period'

describe('period', () => {
  it('the last twelve months end today and start the day after the same date a year ago', () => {
    expect(lastTwelveMonths(new Date('2026-03-15T10:00:00Z'))).toEqual({ from: '2025-03-16', to: '2026-03-15' })
  })

  it('a year runs from 1 January to 31 December', () => {
    expect(yearPeriod(2025)).toEqual({ from: '2025-01-01', to: '2025-12-31' })
  })

  it('refuses a missing day, a reversed period and one longer than 366 days', () => {
    expect(periodProblem({ from: '', to: '2025-01-01' })).toMatch(/premier et le dernier/)
    expect(periodProblem({ from: '2025-02-01', to: '2025-01-31' })).toMatch(/précède/)
    expect(periodProblem({ from: '2025-01-01', to: '2026-01-02' })).toMatch(/366/)
    expect(periodProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull()
  })

  it('reads the year of the address, else the current one', () => {
    const today = new Date('2026-03-15T10:00:00Z')
    expect(yearOf('2025', today)).toBe(2025)
    expect(yearOf(null, today)).toBe(2026)
    expect(yearOf('1900', today)).toBe(2026)
    expect(yearOf('abc', today)).toBe(2026)
  })
})
