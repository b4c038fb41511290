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
    let start = at
    while (start > 0 && LOCAL_CHAR.test(text[start - 1]!)) start--
    while (start < at && text[start] === '.') start++
    if (start === at || (spans.length && start < spans.at(-1)!.end)) continue
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
const INTERNATIONAL = `(?:\\+|00|\\(\\+)33\\)?[ .\\-\\u00a0]?(?:\\(0\\)[ \\u00a0]?)?(?:0?[1-9](?:${SEP}?\\d{2}){4}|[1-9]\\d{2}(?:${SEP}?\\d{3}){2})`
// Not the middle of a longer run of digits (« 2024 06 12 34 56 78 90 »), nor of a code or a
// reference glued to letters (« SN0612345678 », « P-0612345678 »).
const PHONE = new RegExp(
  `(?<![\\p{L}\\p{N}_+])(?<![\\p{L}\\p{N}][-/])(?<!\\p{N}[ .,\\u00a0\\u202f/])(?:${INTERNATIONAL}|${NATIONAL})(?![\\p{N}_])(?![ .,\\-\\u00a0\\u202f/]\\p{N})`,
  'gu',
)

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
      out = out.replace(PHONE, () => {
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
