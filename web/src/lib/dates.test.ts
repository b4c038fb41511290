import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatTime } from './dates'

describe('dates in one format', () => {
  it('says a moment as « 28/11/2026 14:05 », in Paris time (winter and summer)', () => {
    expect(formatDateTime('2026-11-28T13:05:00.000Z')).toBe('28/11/2026 14:05')
    expect(formatDateTime('2026-07-03T06:09:00.000Z')).toBe('03/07/2026 08:09')
    expect(formatTime('2026-11-28T23:30:00.000Z')).toBe('00:30')
  })

  it('gives the day in Paris, which may not be the UTC day', () => {
    expect(formatDate('2026-11-28T23:30:00.000Z')).toBe('29/11/2026')
    expect(formatDate(new Date('2026-01-05T10:00:00Z'))).toBe('05/01/2026')
  })

  it('reads a date-only value as that very day', () => {
    expect(formatDate('2025-07-10')).toBe('10/07/2025')
    expect(formatDate('2025-12-31')).toBe('31/12/2025')
  })

  it('shows « — » rather than failing on a value that is no moment', () => {
    expect(formatDateTime('pas une date')).toBe('—')
  })
})
