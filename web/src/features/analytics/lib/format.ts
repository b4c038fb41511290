// French figures for the page: one decimal measures, percentages, months. A measure the API
// could not compute (null) reads « — », never 0.
import { formatCents } from '@/lib/money'

export const DASH = '—'
const NBSP = '\u00a0'

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 1 })
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 })
const wholeEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
// Months are UTC months (the API's period): read them in UTC, whatever the browser's zone.
const shortMonth = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

export const formatCount = (n: number) => integer.format(n)

/** 2552.4 → « 2 552,4 h »; null → « — ». */
export function formatMeasure(value: number | null, unit?: string): string {
  if (value === null) return DASH
  const n = oneDecimal.format(value)
  return unit ? `${n}${NBSP}${unit}` : n
}

/** completed / total as « 98 % »; « — » when there is nothing to divide by. */
export function formatRate(part: number, total: number): string {
  return total > 0 ? percent.format(part / total) : DASH
}

/** Cents as euros, « 1 234,56 € ». */
export const formatEuros = formatCents

/** An axis tick: whole euros, « 1 500 € ». */
export const formatEuroTick = (cents: number) => wholeEuros.format(cents / 100)

function monthDate(month: string): Date {
  return new Date(`${month}-01T00:00:00Z`)
}

/** '2026-01' → « janv. 26 » (axis ticks). */
export const monthShort = (month: string) => shortMonth.format(monthDate(month))

/** '2026-01' → « janvier 2026 » (tooltips, tables). */
export const monthLong = (month: string) => longMonth.format(monthDate(month))

/** The period's start as « 1 décembre 2025 » (an ISO date-time, read in UTC like the API). */
export function formatStart(iso: string): string {
  const text = longDate.format(new Date(iso))
  return text.startsWith('1 ') ? `1er${text.slice(1)}` : text
}

/** « 3 pannes », « 1 panne », « 0 panne » (French keeps 0 and 1 singular). */
export const plural = (n: number, one: string, many: string) => `${formatCount(n)}${NBSP}${n > 1 ? many : one}`
