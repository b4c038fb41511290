import { describe, expect, it } from 'vitest'
import { currentMonth, frenchMonth, generationWindow, inGenerationWindow } from './months'
import { periodicityLabel } from './periodicity'

describe('generation window', () => {
  it('spans twelve months back to one month ahead of the current UTC month', () => {
    expect(generationWindow(new Date('2026-11-26T10:00:00Z'))).toEqual({ first: '2025-11', last: '2026-12' })
  })
  it('crosses year boundaries both ways', () => {
    expect(generationWindow(new Date('2026-12-15T00:00:00Z'))).toEqual({ first: '2025-12', last: '2027-01' })
    expect(generationWindow(new Date('2027-01-01T00:00:00Z'))).toEqual({ first: '2026-01', last: '2027-02' })
  })
  it('follows the API’s UTC month, not the local one, at a month boundary', () => {
    // 00:30 in Paris on 1 December is still 30 November in UTC.
    expect(currentMonth(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11')
  })
  it('accepts exactly the months the API accepts', () => {
    const now = new Date('2026-11-26T10:00:00Z')
    expect(inGenerationWindow('2025-11', now)).toBe(true)
    expect(inGenerationWindow('2026-12', now)).toBe(true)
    expect(inGenerationWindow('2025-10', now)).toBe(false)
    expect(inGenerationWindow('2027-01', now)).toBe(false)
    expect(inGenerationWindow('2026-13', now)).toBe(false)
  })
  it('names months in French', () => {
    expect(frenchMonth('2026-03')).toBe('mars 2026')
    expect(frenchMonth('2025-12')).toBe('décembre 2025')
  })
})

describe('periodicityLabel', () => {
  it('names the usual periodicities and counts the others', () => {
    expect(periodicityLabel(1)).toBe('Mensuelle')
    expect(periodicityLabel(6)).toBe('Semestrielle')
    expect(periodicityLabel(12)).toBe('Annuelle')
    expect(periodicityLabel(60)).toBe('Tous les 5 ans')
    expect(periodicityLabel(5)).toBe('Tous les 5 mois')
  })
})
