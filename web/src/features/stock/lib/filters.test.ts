import { describe, expect, it } from 'vitest'
import { filtersToParams, hasFilters, parseFilters } from './filters'

describe('stock filters', () => {
  it('reads the search and the under-threshold flag, drops anything else', () => {
    expect(parseFilters(new URLSearchParams('q=%20fusible%20&belowThreshold=true&x=1'))).toEqual({ q: 'fusible', belowThreshold: true })
    expect(parseFilters(new URLSearchParams('belowThreshold=yes'))).toEqual({})
  })
  it('writes them back in one order, without empty values', () => {
    expect(filtersToParams({ belowThreshold: true, q: 'câble' }).toString()).toBe('q=c%C3%A2ble&belowThreshold=true')
    expect(filtersToParams({ q: ' ' }).toString()).toBe('')
    expect(hasFilters({})).toBe(false)
  })
})

