// Finds personal data in a text: the known people in every form the corpus plants them
// (« first last », « LAST first », « M./Mme Last », no accents, capitals, cut by a line
// break), and any e-mail address or French phone number (generic patterns, so a form nobody
// planted on purpose is caught too). The runner scans the index, the answers and the excerpts.
import { KNOWN_PEOPLE } from './company.ts'

export interface PiiHit { kind: 'name' | 'email' | 'phone'; match: string }

/** Lower case, no accents, anything but letters and digits as one space. */
export const fold = (s: string) => ` ${s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `

function nameForms(person: string): string[] {
  const parts = person.split(' ')
  const last = parts[parts.length - 1]
  const first = parts.slice(0, -1).join(' ')
  return [`${first} ${last}`, `${last} ${first}`, `m ${last}`, `mr ${last}`, `mme ${last}`, `monsieur ${last}`, `madame ${last}`].map(fold)
}

const FORMS: { form: string; person: string }[] = KNOWN_PEOPLE.flatMap((person) => nameForms(person).map((form) => ({ form, person })))

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g
// 0X XX XX XX XX with spaces, dots, dashes, line breaks or nothing between the pairs; +33 / 0033,
// with or without (0).
const PHONE = /(?:(?:\+|\b00)\s*33\s*(?:\(0\)\s*)?[1-9]|\b0[1-9])(?:[\s.-]*\d{2}){4}(?!\d)/g

export function personalDataIn(text: string): PiiHit[] {
  const hits: PiiHit[] = []
  const folded = fold(text)
  for (const { form, person } of FORMS) if (folded.includes(form)) hits.push({ kind: 'name', match: `${person} (${form.trim()})` })
  for (const m of text.matchAll(EMAIL)) hits.push({ kind: 'email', match: m[0] })
  for (const m of text.matchAll(PHONE)) hits.push({ kind: 'phone', match: m[0].replace(/\s+/g, ' ') })
  return hits
}
