import { describe, expect, it } from 'vitest'
import { changes, optional, orNull } from './changes'

describe('changes', () => {
  it('keeps only the fields the person changed', () => {
    const before = { displayName: 'Karim Benali', roleId: 'r1', hourlyRateCents: 5200 as number | null, teamIds: ['a', 'b'] }
    expect(changes(before, { ...before })).toEqual({})
    expect(changes(before, { ...before, roleId: 'r2' })).toEqual({ roleId: 'r2' })
    expect(changes(before, { ...before, hourlyRateCents: null })).toEqual({ hourlyRateCents: null })
  })
  it('compares id lists as sets', () => {
    const before = { teamIds: ['a', 'b'] }
    expect(changes(before, { teamIds: ['b', 'a'] })).toEqual({})
    expect(changes(before, { teamIds: ['a'] })).toEqual({ teamIds: ['a'] })
    expect(changes(before, { teamIds: ['a', 'c'] })).toEqual({ teamIds: ['a', 'c'] })
  })
})

describe('text fields', () => {
  it('leaves blank optional texts out of a create and clears them in an update', () => {
    expect(optional('  ')).toBeUndefined()
    expect(optional(' Lyon ')).toBe('Lyon')
    expect(orNull('')).toBeNull()
    expect(orNull(' 06 12 ')).toBe('06 12')
  })
})
