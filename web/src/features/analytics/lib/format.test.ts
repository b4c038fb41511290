import { describe, expect, it } from 'vitest'
import { costRows, isEmpty, laborShown, ordersRows, totals } from './chart-data'
import { formatEuros, formatEuroTick, formatMeasure, formatRate, formatStart, monthLong, monthShort, plural } from './format'
import { parsePeriod } from './period'

// Intl writes French with no-break spaces (U+00A0 before units, U+202F as thousands and before
// € and %): compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('analytics formatting', () => {
  it('writes measures with a decimal comma and a dash when unknown', () => {
    expect(plain(formatMeasure(2552.4, 'h'))).toBe('2 552,4 h')
    expect(plain(formatMeasure(15, 'h'))).toBe('15 h')
    expect(formatMeasure(3.4)).toBe('3,4')
    expect(formatMeasure(null, 'h')).toBe('—')
  })

  it('writes euros the French way', () => {
    expect(plain(formatEuros(123456))).toBe('1 234,56 €')
    expect(plain(formatEuroTick(150000))).toBe('1 500 €')
  })

  it('writes a rate, or a dash without a total', () => {
    expect(plain(formatRate(31, 33))).toBe('94 %')
    expect(formatRate(0, 0)).toBe('—')
  })

  it('names UTC months and the start of the period in French', () => {
    expect(monthShort('2026-01')).toBe('janv. 26')
    expect(monthLong('2025-12')).toBe('décembre 2025')
    expect(formatStart('2025-12-01T00:00:00.000Z')).toBe('1er décembre 2025')
    expect(formatStart('2026-03-15T00:00:00.000Z')).toBe('15 mars 2026')
  })

  it('keeps 0 and 1 singular', () => {
    expect(plain(plural(0, 'panne', 'pannes'))).toBe('0 panne')
    expect(plain(plural(1, 'panne', 'pannes'))).toBe('1 panne')
    expect(plain(plural(1234, 'panne', 'pannes'))).toBe('1 234 pannes')
  })
})

describe('the period in the address', () => {
  it('reads 3, 6 or 12 and defaults to 12', () => {
    expect(parsePeriod(new URLSearchParams('mois=3'))).toBe('3')
    expect(parsePeriod(new URLSearchParams('mois=6'))).toBe('6')
    expect(parsePeriod(new URLSearchParams(''))).toBe('12')
    expect(parsePeriod(new URLSearchParams('mois=24'))).toBe('12')
  })
})

describe('chart rows', () => {
  const monthly = [
    { month: '2026-10', opened: { corrective: 2, preventive: 3 }, closed: { corrective: 1, preventive: 0 }, partsCostCents: 0, laborCostCents: 0 },
    { month: '2026-11', opened: { corrective: 0, preventive: 1 }, closed: { corrective: 4, preventive: 1 }, partsCostCents: 175810, laborCostCents: 40925 },
  ]

  it('one row per month, oldest first, labelled in French', () => {
    expect(ordersRows(monthly, 'opened')).toEqual([
      { month: 'oct. 26', name: 'octobre 2026', corrective: 2, preventive: 3 },
      { month: 'nov. 26', name: 'novembre 2026', corrective: 0, preventive: 1 },
    ])
    expect(costRows(monthly)[1]).toEqual({ month: 'nov. 26', name: 'novembre 2026', parts: 175810, labor: 40925 })
  })

  it('tells labour costs withheld (null: the caller may not see pay) from labour costs of zero', () => {
    expect(laborShown(monthly)).toBe(true)
    const withheld = monthly.map((m) => ({ ...m, laborCostCents: null }))
    expect(laborShown(withheld)).toBe(false)
    expect(costRows(withheld)[1]).toEqual({ month: 'nov. 26', name: 'novembre 2026', parts: 175810, labor: null })
    expect(totals(costRows(withheld), ['parts'])).toEqual({ parts: 175810 })
  })

  it('sums the period and tells an empty series', () => {
    const costs = costRows(monthly)
    expect(totals(costs, ['parts', 'labor'])).toEqual({ parts: 175810, labor: 40925 })
    expect(isEmpty(costs, ['parts', 'labor'])).toBe(false)
    expect(isEmpty(costs.slice(0, 1), ['parts', 'labor'])).toBe(true)
  })
})
