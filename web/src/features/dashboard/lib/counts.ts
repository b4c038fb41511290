// Counts taken from the first page of a list are shown only when they are exact; otherwise
// as a lower bound (« 50+ »): counting exactly would mean paging through everything.
import type { Schemas } from '@/lib/api/client'
import type { FirstPage } from '@/lib/api/cursor-list'

/** A list's first page, and whether the API announced another (Link header). */
export type Page<T> = FirstPage<T>
export interface Count { n: number; exact: boolean }

export const countLabel = (c: Count) => (c.exact ? String(c.n) : `${c.n}+`)
/** « 1 ouvert », « 2 ouverts », « 50+ ouverts » (French: 0 and 1 take the singular). */
export const countWords = (c: Count, one: string, many: string) => `${countLabel(c)} ${c.n > 1 || !c.exact ? many : one}`

export function sumCounts(...counts: Count[]): Count {
  return { n: counts.reduce((s, c) => s + c.n, 0), exact: counts.every((c) => c.exact) }
}

/** The items of one page that match; exact only if the list held no more pages. */
export function countWhere<T>(page: Page<T>, match: (item: T) => boolean = () => true): Count {
  return { n: page.items.filter(match).length, exact: !page.hasMore }
}

/** For items the API sorts first (a trapped person): the page is enough as soon as it holds
 * one item past the group. */
export function countLeading<T>(page: Page<T>, leading: (item: T) => boolean, match: (item: T) => boolean = () => true): Count {
  const group = page.items.filter(leading)
  return { n: group.filter(match).length, exact: !page.hasMore || group.length < page.items.length }
}

type WorkOrder = Pick<Schemas['WorkOrder'], 'dueAt' | 'personBlocked' | 'releasedAt' | 'status'>

export const isLate = (now: Date) => (o: WorkOrder) =>
  o.dueAt !== null && new Date(o.dueAt) < now && o.status !== 'DONE' && o.status !== 'CANCELLED'
/** A person still trapped: a blocked-person order not yet released. */
export const stillBlocked = (o: WorkOrder) => o.personBlocked && o.releasedAt === null
/** Due by the end of `now`'s day (or undated, or someone trapped): today's work. */
export const dueToday = (now: Date) => (o: WorkOrder) => {
  const end = new Date(now)
  end.setHours(23, 59, 59, 999)
  return o.personBlocked || o.dueAt === null || new Date(o.dueAt) <= end
}
/** The current month as the API's period keys write it (YYYY-MM), in local time. */
export const monthKey = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`
