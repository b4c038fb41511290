// Checks the evaluation's own material before anything is asked, so that a failure reported by
// the runner is the engine's and not a typo here: every expected fact is on its page or in its
// order, every history question has orders to accept, every label exists in the standard
// vocabulary, the landmark words stay out of the generated orders, the counts meet the brief,
// and the scanner finds the personal data planted in the manuals.
import { STANDARD_REFERENCE_VALUES } from '../../src/seed/reference-data.ts'
import { LANDMARKS } from './orders-landmarks.ts'
import { ORDERS, type OrderSpec } from './orders.ts'
import { MANUALS, manualByKey } from './manuals/index.ts'
import { personalDataIn } from './pii.ts'
import { ANSWERABLE, HELD_OUT, UNANSWERABLE, type Answerable } from './questions.ts'

/** How facts are compared: no case, no accents, one space for any run of blanks (line breaks included). */
export const factFold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[’‘]/g, '\'').replace(/\s+/g, ' ').trim()
export const holdsFacts = (text: string, facts: string[]) => facts.every((f) => factFold(text).includes(factFold(f)))

export const pageText = (docKey: string, page: number): string | null => {
  const p = manualByKey(docKey).pages[page - 1]
  return !p || 'scanned' in p ? null : [p.title ?? '', ...p.paragraphs].join('\n')
}
export const orderText = (o: OrderSpec) => `${o.description}\n${o.notes}`

/** The orders a history question accepts: its situations on its elevator, holding its facts. */
export const acceptedHistory = (q: Answerable): OrderSpec[] => {
  if (!('history' in q.expected)) return []
  const { asset, situations } = q.expected.history
  return ORDERS.filter((o) => o.asset === asset && o.situation && situations.includes(o.situation) && holdsFacts(orderText(o), q.facts))
}

export function checkMaterial(): string[] {
  const problems: string[] = []
  const ids = [...ANSWERABLE, ...UNANSWERABLE].map((q) => q.id)
  if (new Set(ids).size !== ids.length) problems.push('duplicate question ids')
  for (const q of ANSWERABLE) {
    const e = q.expected
    if ('doc' in e) {
      const text = pageText(e.doc, e.page)
      if (text === null) problems.push(`${q.id}: ${e.doc} page ${e.page} has no text`)
      else if (!holdsFacts(text, q.facts)) problems.push(`${q.id}: ${e.doc} page ${e.page} does not hold ${JSON.stringify(q.facts)}`)
    } else if ('order' in e) {
      const o = LANDMARKS.find((l) => l.key === e.order)
      if (!o) problems.push(`${q.id}: no landmark ${e.order}`)
      else if (!holdsFacts(orderText(o), q.facts)) problems.push(`${q.id}: ${e.order} does not hold ${JSON.stringify(q.facts)}`)
      // The telling words of a landmark appear in no generated order.
      for (const g of ORDERS.filter((x) => x.situation)) if (holdsFacts(orderText(g), q.facts)) problems.push(`${q.id}: generated ${g.key} also holds ${JSON.stringify(q.facts)}`)
    } else if (acceptedHistory(q).length === 0) problems.push(`${q.id}: no generated order to accept`)
  }
  const fields = ['symptom', 'component', 'cause', 'action', 'result', 'circumstance'] as const
  const known = (field: (typeof fields)[number], label: string) =>
    STANDARD_REFERENCE_VALUES[field.toUpperCase() as keyof typeof STANDARD_REFERENCE_VALUES].includes(label)
  for (const o of ORDERS) for (const f of fields) if (!known(f, o.labels[f])) problems.push(`order ${o.key}: unknown ${f} « ${o.labels[f]} »`)
  for (const h of HELD_OUT) for (const f of fields) {
    const label = h.expected[f]
    if (label !== undefined && !known(f, label)) problems.push(`${h.id}: unknown ${f} « ${label} »`)
  }
  const heldOutTexts = new Set(HELD_OUT.map((h) => factFold(h.description)))
  for (const o of ORDERS) if (heldOutTexts.has(factFold(orderText(o)))) problems.push(`${o.key}: a held-out description is among the seeded orders`)
  // Every manual plants people; the scanner must see them (else « 0 found » would mean nothing).
  for (const m of MANUALS.filter((x) => x.inCorpus !== false)) {
    const text = m.pages.map((p) => ('scanned' in p ? '' : [p.title, ...p.paragraphs].join('\n'))).join('\n')
    if (personalDataIn(text).length === 0) problems.push(`${m.key}: the scanner finds no planted personal data`)
  }
  const count = (kind: string) => UNANSWERABLE.filter((q) => q.kind === kind).length
  const minimum: [string, number, number][] = [
    ['answerable', ANSWERABLE.length, 60], ['unanswerable', UNANSWERABLE.length, 60], ['near-miss', count('near-miss'), 30],
    ['off-domain', count('off-domain'), 15], ['personal', count('personal'), 15], ['out-of-corpus', count('out-of-corpus'), 3], ['held-out', HELD_OUT.length, 50],
  ]
  for (const [what, n, min] of minimum) if (n < min) problems.push(`${what}: ${n} < ${min}`)
  return problems
}
