import { describe, expect, it } from 'vitest'
import { countLabel, countLeading, countWords, countWhere, dueToday, isLate, monthKey, stillBlocked, sumCounts } from './counts'

const order = (o: Partial<{ dueAt: string | null; assignees: { id: string; displayName: string }[]; personBlocked: boolean; releasedAt: string | null; status: 'OPEN' | 'DONE' }> = {}) => ({
  dueAt: null, assignees: [], personBlocked: false, releasedAt: null, status: 'OPEN' as const, ...o,
})
const now = new Date('2026-11-26T10:00:00')

describe('counts from list pages', () => {
  it('is exact on a last page, a lower bound otherwise', () => {
    expect(countLabel(countWhere({ items: [1, 2, 3], hasMore: false }))).toBe('3')
    expect(countLabel(countWhere({ items: Array(50).fill(0), hasMore: true }))).toBe('50+')
    expect(countLabel(countWhere({ items: [1, 2, 3, 4], hasMore: true }, (n) => n % 2 === 0))).toBe('2+')
  })

  it('counts what the API sorts first exactly once the page runs past it', () => {
    const blocked = (b: boolean) => ({ b })
    expect(countLeading({ items: [blocked(true), blocked(true), blocked(false)], hasMore: true }, (x) => x.b)).toEqual({ n: 2, exact: true })
    expect(countLeading({ items: [blocked(true), blocked(true)], hasMore: true }, (x) => x.b)).toEqual({ n: 2, exact: false })
    expect(countLeading({ items: [blocked(true)], hasMore: false }, (x) => x.b)).toEqual({ n: 1, exact: true })
  })

  it('adds counts, exact only when each is', () => {
    expect(sumCounts({ n: 2, exact: true }, { n: 3, exact: true })).toEqual({ n: 5, exact: true })
    expect(countLabel(sumCounts({ n: 2, exact: true }, { n: 50, exact: false }))).toBe('52+')
  })

  it('says the count with its word in the singular for 0 and 1, the plural otherwise', () => {
    expect(countWords({ n: 0, exact: true }, 'ouvert', 'ouverts')).toBe('0 ouvert')
    expect(countWords({ n: 1, exact: true }, 'signalée', 'signalées')).toBe('1 signalée')
    expect(countWords({ n: 2, exact: true }, 'ouvert', 'ouverts')).toBe('2 ouverts')
    expect(countWords({ n: 1, exact: false }, 'ouvert', 'ouverts')).toBe('1+ ouverts')
  })
})

describe('what an order is, today', () => {
  it('is late once its due date has passed and it is not finished', () => {
    expect(isLate(now)(order({ dueAt: '2026-11-25T23:00:00Z' }))).toBe(true)
    expect(isLate(now)(order({ dueAt: '2026-11-27T08:00:00Z' }))).toBe(false)
    expect(isLate(now)(order({ dueAt: '2026-11-25T23:00:00Z', status: 'DONE' }))).toBe(false)
    expect(isLate(now)(order())).toBe(false)
  })
  it('blocks someone until released', () => {
    expect(stillBlocked(order({ personBlocked: true }))).toBe(true)
    expect(stillBlocked(order({ personBlocked: true, releasedAt: '2026-11-26T09:40:00Z' }))).toBe(false)
  })
  it('is today’s work when due by tonight, undated, or someone is trapped', () => {
    expect(dueToday(now)(order({ dueAt: '2026-11-26T20:00:00' }))).toBe(true)
    expect(dueToday(now)(order({ dueAt: '2026-11-20T20:00:00' }))).toBe(true)
    expect(dueToday(now)(order({ dueAt: '2026-11-27T08:00:00' }))).toBe(false)
    expect(dueToday(now)(order({ dueAt: '2026-12-01T08:00:00', personBlocked: true }))).toBe(true)
    expect(dueToday(now)(order())).toBe(true)
  })
  it('names the month like a period key', () => {
    expect(monthKey(new Date('2026-03-05T12:00:00'))).toBe('2026-03')
  })
})
