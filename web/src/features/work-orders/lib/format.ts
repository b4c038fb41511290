// Dates and amounts as a French reader expects them (dayjs' fr locale is set by the providers).
import dayjs from 'dayjs'

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })

export { formatDate, formatDateTime } from '@/lib/dates'
export const formatCents = (cents: number) => euros.format(cents / 100)
/** An amount the API may withhold (someone else's pay: null): « — ». */
export const formatAmount = (cents: number | null) => (cents === null ? '—' : formatCents(cents))

/** "1 h 30", "45 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`
}

/** "novembre 2026" for a preventive grid's period key (YYYY-MM). */
export const formatPeriod = (periodKey: string) => dayjs(`${periodKey}-01`).format('MMMM YYYY')

/** Past its deadline and still to be done. */
export function isOverdue(order: { dueAt: string | null; status: string }, now = new Date()): boolean {
  return order.dueAt !== null && !['DONE', 'CANCELLED'].includes(order.status) && new Date(order.dueAt) < now
}
