// Money travels in integer euro cents (hourly rates, unit prices): a person types and reads
// euros with a decimal comma. Conversions round to the cent so 52,1 € never becomes 5209.999….
import { parseDecimal } from './decimal'

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' })

/** 5200 → "52,00 €" (with the narrow no-break space French uses). */
export function formatCents(cents: number): string {
  return euros.format(cents / 100)
}

/** 5200 → 52; what a euro input shows for a stored amount. */
export function centsToEuros(cents: number): number {
  return cents / 100
}

/** 52.1 → 5210. An empty input (null, '', undefined) is no amount: null. */
export function eurosToCents(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = parseDecimal(value)
  return n === null ? null : Math.round(n * 100)
}
