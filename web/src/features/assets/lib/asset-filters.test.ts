import { describe, expect, it } from 'vitest'
import { filtersFromSearch, searchFromFilters } from './asset-filters'

const SITE = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'

describe('asset filters in the URL', () => {
  it('round-trips every filter listAssets accepts', () => {
    const filters = { q: 'Otis', siteId: SITE, locationId: SITE, categoryId: SITE, status: 'OUT_OF_SERVICE', underContract: false } as const
    const search = searchFromFilters(filters)
    expect(search.toString()).toBe(`q=Otis&site=${SITE}&zone=${SITE}&categorie=${SITE}&statut=OUT_OF_SERVICE&contrat=non`)
    expect(filtersFromSearch(search)).toEqual(filters)
  })

  it('drops what the API would refuse (bad ids, unknown status, blank text)', () => {
    expect(filtersFromSearch(new URLSearchParams('q=%20%20&site=42&statut=BROKEN&contrat=peut-etre'))).toEqual({})
  })
})
