// Preventive months are UTC 'YYYY-MM' keys (the API's period keys). Generation accepts a year
// back (catching up) to one month ahead (planning): the picker offers exactly that window, so
// the API's MONTH_OUT_OF_RANGE is never reached from the page.
export const MONTHS_BACK = 12
export const MONTHS_AHEAD = 1

const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']

function index(key: string): number {
  return Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1
}
function keyOf(i: number): string {
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`
}

/** The UTC month an instant falls in (the API's "current month"). */
export function currentMonth(now: Date): string {
  return keyOf(now.getUTCFullYear() * 12 + now.getUTCMonth())
}

/** First and last month the API lets a caller generate around `now`. */
export function generationWindow(now: Date): { first: string; last: string } {
  const current = index(currentMonth(now))
  return { first: keyOf(current - MONTHS_BACK), last: keyOf(current + MONTHS_AHEAD) }
}

export function inGenerationWindow(month: string, now: Date): boolean {
  const { first, last } = generationWindow(now)
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month >= first && month <= last
}

/** '2026-03' → 'mars 2026'. */
export function frenchMonth(month: string): string {
  const i = index(month)
  return `${FRENCH_MONTHS[i % 12]} ${Math.floor(i / 12)}`
}

/** The month picker's value ('YYYY-MM-DD', first day) and back. */
export const monthToPickerValue = (month: string) => `${month}-01`
export const pickerValueToMonth = (value: string) => value.slice(0, 7)
