// The anonymiser every text goes through before it is indexed: e-mail addresses, French
// telephone numbers and the names of the people the service knows become readable French
// placeholders. Built once per re-indexing, then run on every excerpt: no regex per name.
import { NameIndex } from './assistant.names.ts'

export const PLACEHOLDERS = { email: '[courriel]', phone: '[téléphone]', person: '[personne]' } as const

export interface Replacements {
  email: number
  phone: number
  person: number
}

export interface Anonymiser {
  /** The text with personal data replaced by the placeholders, and how many of each. */
  anonymise(text: string): { text: string; replaced: Replacements }
}

// An address is found from its « @ » outwards rather than by one regex over the whole text
// (a Unicode regex tried at every position is slow in V8). The local part: letters of any
// script, digits, dots, plus, hyphens; the domain: labels that neither start nor end with a
// hyphen, ending on a top-level domain of letters.
const LOCAL_CHAR = /[\p{L}\p{N}_%+'.-]/u
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?'
const DOMAIN = new RegExp(`(?:${LABEL}\\.)+\\p{L}{2,}(?![\\p{L}\\p{N}-])`, 'uy')

function emailSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = []
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    // The local part stops where the previous address ended (« a@b.fr.c@d.fr »): the same
    // split then holds when the text is read again with its first address replaced.
    const floor = spans.length ? spans.at(-1)!.end : 0
    let start = at
    while (start > floor && LOCAL_CHAR.test(text[start - 1]!)) start--
    while (start < at && (text[start] === '.' || text[start] === "'")) start++
    if (start === at) continue
    DOMAIN.lastIndex = at + 1
    if (!DOMAIN.test(text)) continue
    spans.push({ start, end: DOMAIN.lastIndex })
  }
  return spans
}

/** `text` with each span replaced by `placeholder`; spans in order, not overlapping. */
function replaceSpans(text: string, spans: { start: number; end: number }[], placeholder: string): string {
  let out = ''
  let from = 0
  for (const { start, end } of spans) {
    out += text.slice(from, start) + placeholder
    from = end
  }
  return out + text.slice(from)
}

// Telephone numbers are recognised by their shape rather than by libphonenumber: it misses a
// number broken across two lines of a PDF and is lenient with runs of digits, while a French
// number has a fixed form: 0 and nine digits written in pairs (or joined), or +33 / 0033,
// an optional « (0) », and nine digits (1 + 4 pairs, or 3 + 3 + 3).
// Between two groups: one space, dot or hyphen, or a line break with the spaces around it.
const SEP = '(?:[ .\\-\\u00a0\\u202f\\u2009]|[ \\t\\u00a0\\u202f]*[.\\-]?[ \\t\\u00a0\\u202f]*\\r?\\n[ \\t\\u00a0\\u202f]*)'
const NATIONAL = `0[1-9](?:${SEP}?\\d{2}){4}`
const NINE = `(?:0?[1-9](?:${SEP}?\\d{2}){4}|[1-9]\\d{2}(?:${SEP}?\\d{3}){2})`
// The country code and « (0) » may be followed by a line break too (a PDF line ending there).
const COUNTRY = `33\\)?${SEP}?(?:\\(0\\)${SEP}?)?`
// Never glued to a longer run of digits (« 2024 06 12 34 56 78 90 », see also `afterDigits`);
// a number starting with 0 is not glued to letters either (« SN0612345678 »). « +33 » is a
// phone whatever the letter before it.
const PHONE = new RegExp(
  `(?<![\\p{N}_+])` +
    `(?:(?:\\+|\\(\\+)${COUNTRY}${NINE}|(?<![\\p{L}])(?:00${COUNTRY}${NINE}|${NATIONAL}))` +
    `(?![\\p{N}_])(?![ .,\\-\\u00a0\\u202f/]\\p{N})`,
  'gu',
)

/**
 * Does the number continue a run of digits (« 2024 06 12 34 56 78 »)? Checked here rather than
 * in the regex so that a number just replaced does not count: « 0612345678 +33 612345678 »
 * gives two placeholders at once, as it would when read again.
 */
function afterDigits(offset: number, text: string, lastEnd: number): boolean {
  return offset - 2 >= lastEnd && /\p{N}[ .,\u00a0\u202f/-]$/u.test(text.slice(offset - 2, offset))
}

/** Ten digits joined after « P- » or « réf/ » are a reference (« P-0612345678 »), not a phone. */
function isReference(phone: string, offset: number, text: string): boolean {
  return /^\d+$/.test(phone) && /[\p{L}\p{N}][-/]$/u.test(text.slice(Math.max(0, offset - 2), offset))
}

/** « 01 02 03 04 05 »: floors or positions counted in a table, not a telephone number. */
function isCountingRun(phone: string): boolean {
  const digits = phone.replace(/\D/g, '')
  if (digits.length !== 10) return false
  for (let k = 2; k < 10; k += 2) if (Number(digits.slice(k, k + 2)) !== Number(digits.slice(k - 2, k)) + 1) return false
  return true
}

/** Builds the anonymiser for the people the service knows (display names, in any form). */
export function buildAnonymiser(names: Iterable<string>): Anonymiser {
  const index = new NameIndex(names)
  return {
    anonymise(text: string) {
      const replaced: Replacements = { email: 0, phone: 0, person: 0 }
      // E-mails first: their local part often holds a name or digits.
      const emails = emailSpans(text)
      let out = emails.length ? replaceSpans(text, emails, PLACEHOLDERS.email) : text
      replaced.email = emails.length
      let lastEnd = 0
      out = out.replace(PHONE, (phone: string, offset: number, whole: string) => {
        if (afterDigits(offset, whole, lastEnd) || isCountingRun(phone) || isReference(phone, offset, whole)) return phone
        lastEnd = offset + phone.length
        replaced.phone++
        return PLACEHOLDERS.phone
      })
      const people = index.find(out)
      if (people.length) out = replaceSpans(out, people, PLACEHOLDERS.person)
      replaced.person = people.length
      return { text: out, replaced }
    },
  }
}
