// Dates in one format everywhere (issue 19 §4): « 28/11/2026 », « 28/11/2026 14:05 », « 14:05 »,
// in Paris time whatever the phone's zone, so that a technician abroad, a printed logbook and
// the office read the same moment the same way. Months and periods said in words (« novembre
// 2026 », « du 1er janvier au … ») are not dates of a moment and keep their own wording.
const PARIS = 'Europe/Paris'
const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: PARIS })
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: PARIS })

/** A date-only value (« 2026-11-28 ») is that day, not its midnight in UTC. */
const moment = (value: string | Date) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value))

/** Never a thrown RangeError in a page for a value that is not a moment: « — ». */
const safely = (f: Intl.DateTimeFormat, value: string | Date) => {
  const m = moment(value)
  return Number.isNaN(m.getTime()) ? '—' : f.format(m)
}

/** « 28/11/2026 » */
export const formatDate = (value: string | Date) => safely(day, value)
/** « 14:05 » */
export const formatTime = (value: string | Date) => safely(time, value)
/** « 28/11/2026 14:05 » */
export const formatDateTime = (value: string | Date) => (Number.isNaN(moment(value).getTime()) ? '—' : `${formatDate(value)} ${formatTime(value)}`)

/** The same formats in the date pickers (Mantine's `valueFormat`, dayjs tokens). */
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY'
export const DATE_TIME_INPUT_FORMAT = 'DD/MM/YYYY HH:mm'
