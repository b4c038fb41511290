// The rules every text and date input obeys, whatever the operation. validation.ts plugs them
// into Ajv (the `x-plain-text` keyword that schema-kit's Text carries, and the `date-time` and
// `date` formats), so a schema cannot forget them and a service never sees a value the
// database or JavaScript's Date would choke on (a NUL byte, a leap second, year 0000).

/** Dates outside these years are refused: nothing in elevator maintenance predates 1900, and
 * JavaScript's Date reads years 0000–0099 a century off. */
export const YEAR_MIN = 1900
export const YEAR_MAX = 2999

// C0 controls except tab (U+0009), line feed (U+000A) and carriage return (U+000D), DEL and
// the C1 controls; then unpaired UTF-16 surrogates, which are not text and which the database
// cannot encode. Carriage return stays allowed: multi-line notes pasted from Windows carry CRLF.
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** True when the text holds a control character (other than tab, LF, CR) or a lone surrogate. */
export function hasForbiddenCharacters(s: string): boolean {
  return FORBIDDEN.test(s)
}

function isLeapYear(y: number) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
}

function isDay(y: number, m: number, d: number): boolean {
  if (y < YEAR_MIN || y > YEAR_MAX || m < 1 || m > 12 || d < 1) return false
  const days = [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return d <= days[m - 1]
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
// RFC 3339 date-time with its offset; at most nanoseconds (JavaScript keeps milliseconds).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/

/** A calendar day `YYYY-MM-DD` that exists, year within YEAR_MIN–YEAR_MAX. */
export function isDate(s: string): boolean {
  const m = DATE.exec(s)
  return m !== null && isDay(Number(m[1]), Number(m[2]), Number(m[3]))
}

/** An RFC 3339 instant with its offset that exists (no leap second: JavaScript cannot hold
 * it), year within YEAR_MIN–YEAR_MAX. */
export function isDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s)
  if (m === null || !isDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return false
  return !Number.isNaN(Date.parse(s))
}
