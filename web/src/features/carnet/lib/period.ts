// The period of a carnet and the year of an annual report, as the API reads them: UTC calendar
// days written YYYY-MM-DD, both ends included, at most 366 days (getAsset, docs/compliance.md).

export interface Period { from: string; to: string }

export const MAX_PERIOD_DAYS = 366
const DAY_MS = 86_400_000
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayMs = (iso: string) => (ISO_DAY.test(iso) ? Date.parse(`${iso}T00:00:00Z`) : Number.NaN)

/** The last twelve months up to today: the day after the same date a year ago, through today. */
export function lastTwelveMonths(today: Date): Period {
  const to = isoDay(today.getTime())
  const start = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()) + DAY_MS)
  return { from: isoDay(start.getTime()), to }
}

/** A calendar year, 1 January to 31 December. */
export const yearPeriod = (year: number): Period => ({ from: `${year}-01-01`, to: `${year}-12-31` })

/** What is wrong with a period as typed (French, for the form), or null when the API will take it. */
export function periodProblem(p: Period): string | null {
  const from = dayMs(p.from)
  const to = dayMs(p.to)
  if (Number.isNaN(from) || Number.isNaN(to)) return 'Indiquez le premier et le dernier jour.'
  if (to < from) return 'Le dernier jour précède le premier.'
  if ((to - from) / DAY_MS + 1 > MAX_PERIOD_DAYS) return `Une période couvre au plus ${MAX_PERIOD_DAYS} jours.`
  return null
}

/** The year asked for in `?annee=`, else the current one; absurd values fall back too. */
export function yearOf(param: string | null, today: Date): number {
  const y = Number(param)
  return Number.isInteger(y) && y >= 2000 && y <= today.getUTCFullYear() + 1 ? y : today.getUTCFullYear()
}
