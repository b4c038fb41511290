import { describe, expect, it } from 'vitest'
import { filtersToParams, hasFilters, parseFilters } from './filters'

describe('request list filters in the address', () => {
  it('reads the API query names and drops values the API would refuse', () => {
    const f = parseFilters(new URLSearchParams('status=PENDING&source=PORTAL&siteId=not-a-uuid&mine=true&q=%20porte%20&extra=1'))
    expect(f).toEqual({ status: 'PENDING', source: 'PORTAL', mine: true, q: 'porte', sort: 'newest' })
    expect(parseFilters(new URLSearchParams('status=OPEN&source=MAIL&mine=1&sort=up'))).toEqual({ sort: 'newest' })
    expect(parseFilters(new URLSearchParams('sort=oldest'))).toEqual({ sort: 'oldest' })
  })

  it('writes one link per set of filters, whatever order they were chosen in', () => {
    const a = filtersToParams({ source: 'APP', status: 'REJECTED', q: 'bruit' }).toString()
    const b = filtersToParams({ q: 'bruit', status: 'REJECTED', source: 'APP', mine: false }).toString()
    expect(a).toBe('q=bruit&status=REJECTED&source=APP')
    expect(b).toBe(a)
    expect(parseFilters(new URLSearchParams(a))).toEqual({ q: 'bruit', status: 'REJECTED', source: 'APP', sort: 'newest' })
    expect(filtersToParams({ sort: 'oldest' }).toString()).toBe('sort=oldest')
  })

  it('opens on the requests waiting for a decision for those who decide; status=all asks for every state', () => {
    expect(parseFilters(new URLSearchParams(''), 'PENDING')).toEqual({ status: 'PENDING', sort: 'newest' })
    expect(parseFilters(new URLSearchParams('status=all'), 'PENDING')).toEqual({ sort: 'newest' })
    expect(parseFilters(new URLSearchParams('status=APPROVED'), 'PENDING')).toEqual({ status: 'APPROVED', sort: 'newest' })
    expect(filtersToParams({ status: 'PENDING', sort: 'newest' }, 'PENDING').toString()).toBe('')
    expect(filtersToParams({ sort: 'newest' }, 'PENDING').toString()).toBe('status=all')
    expect(hasFilters({ status: 'PENDING', sort: 'oldest' }, 'PENDING')).toBe(false)
    expect(hasFilters({ sort: 'newest' }, 'PENDING')).toBe(true)
    // A search alone looks in every state; typed while on the waiting ones, it keeps them.
    expect(parseFilters(new URLSearchParams('q=DEM-000012'), 'PENDING')).toEqual({ q: 'DEM-000012', sort: 'newest' })
    expect(filtersToParams({ q: 'porte', status: 'PENDING' }, 'PENDING').toString()).toBe('q=porte&status=PENDING')
    expect(filtersToParams({ q: 'porte' }, 'PENDING').toString()).toBe('q=porte')
  })

  it('tells whether anything narrows the list', () => {
    expect(hasFilters({})).toBe(false)
    expect(hasFilters({ mine: false, q: '' })).toBe(false)
    expect(hasFilters({ status: 'PENDING' })).toBe(true)
  })
})
