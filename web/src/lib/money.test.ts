import { describe, expect, it } from 'vitest'
import { centsToEuros, eurosToCents, formatCents } from './money'

describe('euros ↔ cents', () => {
  it('turns typed euros into whole cents without float drift', () => {
    expect(eurosToCents(52)).toBe(5200)
    expect(eurosToCents(52.1)).toBe(5210)
    expect(eurosToCents(0.29)).toBe(29)
    expect(eurosToCents(19.99)).toBe(1999)
    expect(eurosToCents('38,50')).toBe(3850)
    expect(eurosToCents('1 234,56')).toBe(123456)
  })
  it('treats an empty input as no amount, not as zero', () => {
    expect(eurosToCents('')).toBeNull()
    expect(eurosToCents('  ')).toBeNull()
    expect(eurosToCents(null)).toBeNull()
    expect(eurosToCents(undefined)).toBeNull()
    expect(eurosToCents('abc')).toBeNull()
    expect(eurosToCents(0)).toBe(0)
  })
  it('shows cents as French euros and round-trips', () => {
    expect(formatCents(5200).replace(/\s/g, ' ')).toBe('52,00 €')
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1 234,56 €')
    for (const c of [0, 1, 29, 1999, 5210, 10_000_000]) expect(eurosToCents(centsToEuros(c))).toBe(c)
  })
})
