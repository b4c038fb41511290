// Time worked as a technician types it: hours and minutes, either left empty.

/** (1, 30) → 90. Null when not a positive whole duration of at most a day (the API's 1–1440). */
export function durationMinutes(hours: number | string, minutes: number | string): number | null {
  const h = hours === '' ? 0 : Number(hours)
  const m = minutes === '' ? 0 : Number(minutes)
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || m < 0 || m > 59) return null
  const total = h * 60 + m
  return total > 0 && total <= 1440 ? total : null
}

/** Today as YYYY-MM-DD in the person's own time zone. */
export function localDay(d: Date = new Date()): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}
