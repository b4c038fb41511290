import { describe, expect, it } from 'vitest'
import { durationMinutes, localDay } from './labor'

describe('durationMinutes', () => {
  it('adds hours and minutes, refuses zero, nonsense and more than a day', () => {
    expect(durationMinutes(1, 30)).toBe(90)
    expect(durationMinutes('', 45)).toBe(45)
    expect(durationMinutes(0, 0)).toBeNull()
    expect(durationMinutes(1, 75)).toBeNull()
    expect(durationMinutes(1.5, 0)).toBeNull()
    expect(durationMinutes(25, 0)).toBeNull()
  })
  it('gives the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })
})
