import { describe, expect, it } from 'vitest'
import { activeFilterCount, filtersToParams, parseFilters } from './filters'

const ID = '01a215e0-e602-7573-9892-a9e8c23fa680'

describe('list filters in the address', () => {
  it('reads the known filters and drops what the API would refuse', () => {
    const f = parseFilters(new URLSearchParams(`status=OPEN&priority=SOON&type=PREVENTIVE&assetId=${ID}&siteId=nope&mine=true&q=%20OT-12%20`))
    expect(f).toEqual({ status: 'OPEN', type: 'PREVENTIVE', assetId: ID, mine: true, q: 'OT-12' })
  })

  it('writes one address per set of filters, leaving out the empty ones', () => {
    expect(filtersToParams({ priority: 'URGENT', status: 'OPEN', q: '', mine: false }).toString()).toBe('status=OPEN&priority=URGENT')
    expect(filtersToParams({}).toString()).toBe('')
  })

  it('round-trips through the address', () => {
    const f = { q: 'porte', status: 'ON_HOLD', assigneeId: ID, mine: true } as const
    expect(parseFilters(filtersToParams(f))).toEqual(f)
  })

  it('counts the filters in use', () => {
    expect(activeFilterCount({ status: 'OPEN', q: 'x', mine: undefined })).toBe(2)
    expect(activeFilterCount({})).toBe(0)
  })
})
