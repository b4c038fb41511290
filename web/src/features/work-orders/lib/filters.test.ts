import { describe, expect, it } from 'vitest'
import { activeFilterCount, DEFAULT_FILTERS, filtersToParams, LIVE_STATUSES, parseFilters } from './filters'

const ID = '01a215e0-e602-7573-9892-a9e8c23fa680'

describe('list filters in the address', () => {
  it('opens on the work not finished; status=all asks for every state', () => {
    expect(parseFilters(new URLSearchParams(''))).toEqual({ status: LIVE_STATUSES, sort: 'due' })
    expect(parseFilters(new URLSearchParams('status=all'))).toEqual({ status: undefined, sort: 'due' })
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('')
    expect(filtersToParams({}).toString()).toBe('status=all')
  })

  it('reads the known filters and drops what the API would refuse', () => {
    const f = parseFilters(new URLSearchParams(`status=OPEN&priority=SOON&type=PREVENTIVE&assetId=${ID}&siteId=nope&mine=true&late=true&q=%20OT-12%20`))
    expect(f).toEqual({ status: ['OPEN'], type: 'PREVENTIVE', assetId: ID, mine: true, late: true, q: 'OT-12', sort: 'due' })
    expect(parseFilters(new URLSearchParams('unassigned=true&sort=priority'))).toEqual({ status: LIVE_STATUSES, unassigned: true, sort: 'priority' })
    expect(parseFilters(new URLSearchParams('sort=oldest')).sort).toBe('due')
    expect(parseFilters(new URLSearchParams('status=DONE&status=CLOSED&status=OPEN&status=OPEN')).status).toEqual(['OPEN', 'DONE'])
  })

  it('writes one address per set of filters, leaving out the empty ones', () => {
    expect(filtersToParams({ priority: 'URGENT', status: ['OPEN'], q: '', mine: false }).toString()).toBe('status=OPEN&priority=URGENT')
    expect(filtersToParams({ status: ['IN_PROGRESS', 'ON_HOLD'], late: true }).toString()).toBe('status=IN_PROGRESS&status=ON_HOLD&late=true')
    expect(filtersToParams({ ...DEFAULT_FILTERS, unassigned: true }).toString()).toBe('unassigned=true')
    expect(filtersToParams({ ...DEFAULT_FILTERS, sort: 'priority' }).toString()).toBe('sort=priority')
  })

  it('round-trips through the address', () => {
    const f = { q: 'porte', status: ['ON_HOLD', 'DONE'], assigneeId: ID, mine: true, sort: 'priority' } as const
    expect(parseFilters(filtersToParams({ ...f, status: [...f.status] }))).toEqual({ ...f, status: [...f.status] })
  })

  it('counts the filters in use beyond the default', () => {
    expect(activeFilterCount({ status: ['OPEN'], q: 'x', mine: undefined })).toBe(2)
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0)
    expect(activeFilterCount({})).toBe(1)
    expect(activeFilterCount({ ...DEFAULT_FILTERS, late: true })).toBe(1)
    expect(activeFilterCount({ ...DEFAULT_FILTERS, sort: 'priority' })).toBe(0)
  })
})
