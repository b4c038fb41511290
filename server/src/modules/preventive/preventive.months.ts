// Months of preventive maintenance, all in UTC: the period key 'YYYY-MM', a month index
// (months since year 0) for "months since commissioning" arithmetic, and the due date.

export const PERIOD_KEY_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])$'

/** How far from the current month a caller may generate: a year back (catching up), one month ahead (planning). */
export const MONTHS_BACK = 12
export const MONTHS_AHEAD = 1

const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']

/** year * 12 + month - 1: consecutive months differ by one. */
export function monthIndex(periodKey: string): number {
  return Number(periodKey.slice(0, 4)) * 12 + Number(periodKey.slice(5, 7)) - 1
}

export function periodKeyOf(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The UTC month an instant falls in. */
export function currentPeriodKey(at: Date): string {
  return periodKeyOf(at.getUTCFullYear() * 12 + at.getUTCMonth())
}

/** The first instant of the month (UTC). */
export function monthStart(periodKey: string): Date {
  const i = monthIndex(periodKey)
  return new Date(Date.UTC(Math.floor(i / 12), i % 12, 1))
}

/** The last instant of the month in UTC (YYYY-MM-lastT23:59:59.999Z): a grid is due then. */
export function monthEnd(periodKey: string): Date {
  return new Date(monthStart(periodKeyOf(monthIndex(periodKey) + 1)).getTime() - 1)
}

/** "mars 2026" */
export function frenchMonth(periodKey: string): string {
  const i = monthIndex(periodKey)
  return `${FRENCH_MONTHS[i % 12]} ${Math.floor(i / 12)}`
}

/** The months a caller may generate around `now`: [first, last]. */
export function generationWindow(now: Date): { first: string; last: string } {
  const current = monthIndex(currentPeriodKey(now))
  return { first: periodKeyOf(current - MONTHS_BACK), last: periodKeyOf(current + MONTHS_AHEAD) }
}
