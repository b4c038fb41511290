// Scores a run against issue 15's targets: answers and first citations on answerable
// questions, refusals per kind, the withdrawn document never cited, no personal data in the
// index, the answers or the excerpts, suggestions top-1 / top-3 per field, the re-indexing's
// counts, latencies. Each miss becomes a Failure with what was expected and what came back.
import type { Answer, Asked, Reindex, Run } from './evaluate.ts'
import { acceptedHistory, holdsFacts } from './material.ts'
import { DAMAGED, MANUALS } from './manuals/index.ts'
import { personalDataIn } from './pii.ts'
import { UNANSWERABLE_KINDS, type Answerable, type FieldLabels } from './questions.ts'

export interface Metric {
  section: string
  label: string
  /** Numerator and denominator for a rate; value alone for a count or a duration. */
  value: number
  total?: number
  unit: '%' | 'n' | 'ms'
  /** Rate: at least `min` (a fraction); count: at least `min`, at most `max`, or exactly `equals`. Absent: shown only. */
  target?: { min?: number; max?: number; equals?: number | number[] }
  ok: boolean
}
export interface Failure { section: string; id: string; question: string; expected: string; got: string }
export interface Report {
  passed: boolean
  metrics: Metric[]
  failures: Failure[]
  reindex: Reindex
  /** One line per question and description (printed with EVAL_VERBOSE=1). */
  lines: string[]
  timings: Run['timings'] & { totalMs: number }
}

const FIELDS = ['symptom', 'component', 'cause', 'action', 'result', 'circumstance'] as const
const short = (s: string, n = 180) => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/\s+/g, ' ')
const percentile = (xs: number[], p: number) => {
  if (!xs.length) return 0
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function rate(section: string, label: string, value: number, total: number, min?: number): Metric {
  const ok = min === undefined || (total > 0 && value / total >= min)
  return { section, label, value, total, unit: '%', ...(min !== undefined ? { target: { min } } : {}), ok }
}
function count(section: string, label: string, value: number, target?: Metric['target']): Metric {
  const ok = !target || ((target.max === undefined || value <= target.max) && (target.min === undefined || value >= target.min)
    && (target.equals === undefined || [target.equals].flat().includes(value)))
  return { section, label, value, unit: 'n', ...(target ? { target } : {}), ok }
}

const citationText = (a: Answer | null) => {
  const c = a?.citations[0]
  if (!c) return 'no citation'
  return c.kind === 'DOCUMENT' ? `${c.fileName} p.${c.page}` : `${c.workOrderReference}`
}
const outcome = (r: Asked<unknown>) => r.error ? `error ${r.error}`
  : r.body!.answered ? `answered from ${citationText(r.body)}: « ${short(r.body!.answer, 140)} »`
  : `refused (${r.body!.refusalReason}${r.body!.missingTerms.length ? `, missing ${r.body!.missingTerms.join(', ')}` : ''})`

export function score(run: Run, onItem?: (line: string) => void): Report {
  const { seeded } = run
  const metrics: Metric[] = []
  const failures: Failure[] = []
  const lines: string[] = []
  const line = (s: string) => { lines.push(s); onItem?.(s) }

  // Answerable: answered, and the first citation is the expected page or order and holds the fact.
  const docId = (key: string) => seeded.documents.get(key)!.id
  const expectedOf = (q: Answerable): { ids: Set<string>; text: string; match: (c: Answer['citations'][number]) => boolean } => {
    const e = q.expected
    if ('doc' in e) {
      const d = seeded.documents.get(e.doc)!
      return { ids: new Set([d.id]), text: `${d.fileName} p.${e.page}`, match: (c) => c.kind === 'DOCUMENT' && c.documentId === d.id && c.page === e.page }
    }
    const orders = 'order' in e ? [seeded.orders.get(e.order)!] : acceptedHistory(q).map((o) => seeded.orders.get(o.key)!)
    const ids = new Set(orders.map((o) => o.id))
    return { ids, text: orders.map((o) => `${o.reference} (${o.spec.key})`).join(' or '), match: (c) => c.kind === 'REPORT' && c.workOrderId !== null && ids.has(c.workOrderId) }
  }
  let answered = 0, right = 0
  for (const r of run.answerable) {
    const exp = expectedOf(r.q)
    const a = r.body
    const isAnswered = !!a && a.answered && a.citations.length > 0
    const first = a?.citations[0]
    const isRight = isAnswered && !!first && exp.match(first) && holdsFacts(first.excerpt, r.q.facts)
    if (isAnswered) answered++
    if (isRight) right++
    const got = outcome(r) + (isAnswered && first && exp.match(first) && !isRight ? ` — the excerpt lacks ${JSON.stringify(r.q.facts)}: « ${short(first.excerpt, 300)} »` : '')
    if (!isRight) failures.push({ section: isAnswered ? 'first citation' : 'answer', id: r.q.id, question: r.q.question + (r.q.asset ? ` [${r.q.asset}]` : ''), expected: `${exp.text} holding ${JSON.stringify(r.q.facts)}`, got })
    line(`${isRight ? 'OK  ' : isAnswered ? 'CIT ' : 'MISS'} ${r.q.id} ${Math.round(r.ms)} ms  ${r.q.question}${r.q.asset ? ` [${r.q.asset}]` : ''} → ${got}`)
  }
  metrics.push(rate('answerable', 'Réponses / answer rate', answered, run.answerable.length, 0.95))
  metrics.push(rate('answerable', '1re citation juste / first citation right (of answered)', right, answered, 0.95))

  // Unanswerable: refused (200, answered false, no citation), per kind and overall.
  const refusedOf = (r: Asked<unknown>) => !!r.body && !r.body.answered && r.body.citations.length === 0
  for (const kind of UNANSWERABLE_KINDS) {
    const rs = run.unanswerable.filter((r) => r.q.kind === kind)
    // Out-of-corpus questions must at least never cite the withdrawn document (counted below).
    metrics.push(rate('unanswerable', `Refus / refusal — ${kind}`, rs.filter(refusedOf).length, rs.length, kind === 'out-of-corpus' ? undefined : 0.95))
  }
  metrics.push(rate('unanswerable', 'Refus / refusal — overall', run.unanswerable.filter(refusedOf).length, run.unanswerable.length, 0.95))
  for (const r of run.unanswerable) {
    const refused = refusedOf(r)
    if (!refused && r.q.kind !== 'out-of-corpus') failures.push({ section: `refusal ${r.q.kind}`, id: r.q.id, question: r.q.question + (r.q.asset ? ` [${r.q.asset}]` : ''), expected: `refused (${r.q.why})`, got: outcome(r) })
    line(`${refused ? 'OK  ' : 'ANS '} ${r.q.id} ${r.q.kind} ${Math.round(r.ms)} ms  ${r.q.question}${r.q.asset ? ` [${r.q.asset}]` : ''} → ${outcome(r)}`)
  }

  // Documents that must never be cited: out of the corpus, or unreadable.
  const never = new Map([...MANUALS.filter((m) => m.inCorpus === false), ...DAMAGED].map((m) => [docId(m.key), m.fileName]))
  let forbidden = 0
  for (const r of [...run.answerable, ...run.unanswerable] as Asked<{ id: string; question: string }>[]) {
    for (const c of r.body?.citations ?? []) if (c.documentId && never.has(c.documentId)) {
      forbidden++
      failures.push({ section: 'out-of-corpus cited', id: r.q.id, question: r.q.question, expected: `never ${never.get(c.documentId)}`, got: `${c.fileName} p.${c.page}` })
    }
  }
  metrics.push(count('corpus', 'Document hors corpus cité / out-of-corpus document cited', forbidden, { max: 0 }))

  // Personal data: the index, the answers, the excerpts.
  const sourceOf = (row: Run['index'][number]) => row.kind === 'DOCUMENT'
    ? `${[...seeded.documents.values()].find((d) => d.id === row.documentId)?.fileName ?? row.documentId} p.${row.page}`
    : [...seeded.orders.values()].find((o) => o.id === row.workOrderId)?.reference ?? row.workOrderId ?? '?'
  let inIndex = 0, inAnswers = 0, inExcerpts = 0
  for (const row of run.index) {
    const hits = personalDataIn(row.body)
    inIndex += hits.length
    if (hits.length) failures.push({ section: 'personal data in the index', id: sourceOf(row), question: '', expected: 'none', got: hits.map((h) => `${h.kind}: ${h.match}`).join('; ') })
  }
  for (const r of [...run.answerable, ...run.unanswerable] as Asked<{ id: string; question: string }>[]) {
    if (!r.body) continue
    // A refusal that repeats the name asked about leaks it too: the answer and its missing terms are scanned.
    const inAnswer = personalDataIn([r.body.answer, ...r.body.missingTerms].join('\n'))
    const inCited = r.body.citations.flatMap((c) => personalDataIn(c.excerpt))
    inAnswers += inAnswer.length
    inExcerpts += inCited.length
    // Marked when the question itself held it (a refusal repeating the name asked about).
    const asked = new Set(personalDataIn(r.q.question).map((h) => h.match))
    const hits = [...inAnswer.map((h) => ({ ...h, where: 'answer' })), ...inCited.map((h) => ({ ...h, where: 'excerpt' }))]
    if (hits.length) failures.push({ section: 'personal data in an answer', id: r.q.id, question: r.q.question, expected: 'none', got: hits.map((h) => `${h.where} ${h.kind}: ${h.match}${asked.has(h.match) ? ' (repeated from the question)' : ''}`).join('; ') })
  }
  metrics.push(count('personal data', `Données personnelles dans l'index / in the index (${run.index.length} excerpts)`, inIndex, { max: 0 }))
  metrics.push(count('personal data', 'Dans les réponses / in answers', inAnswers, { max: 0 }))
  metrics.push(count('personal data', 'Dans les extraits cités / in cited excerpts', inExcerpts, { max: 0 }))
  if (run.index.length === 0) failures.push({ section: 'personal data in the index', id: '-', question: '', expected: 'excerpts of a READY generation', got: 'no excerpt found: nothing was scanned' })
  metrics.push(count('personal data', 'Extraits lus / excerpts scanned', run.index.length, { min: 1 }))

  scoreSuggestions(run, metrics, failures, line)
  scoreReindex(run, metrics, failures)

  const asks = [...run.answerable, ...run.unanswerable].map((r) => r.ms)
  const suggests = run.suggested.map((r) => r.ms)
  metrics.push({ section: 'latency', label: 'askAssistant p50', value: percentile(asks, 50), unit: 'ms', ok: true })
  metrics.push({ section: 'latency', label: 'askAssistant p95', value: percentile(asks, 95), unit: 'ms', ok: true })
  metrics.push({ section: 'latency', label: 'suggestBilan p50', value: percentile(suggests, 50), unit: 'ms', ok: true })
  metrics.push({ section: 'latency', label: 'suggestBilan p95', value: percentile(suggests, 95), unit: 'ms', ok: true })

  const totalMs = Object.values(run.timings).reduce((s, x) => s + x, 0)
  return { passed: metrics.every((m) => m.ok), metrics, failures, reindex: run.reindex, lines, timings: { ...run.timings, totalMs } }
}

function scoreSuggestions(run: Run, metrics: Metric[], failures: Failure[], line: (s: string) => void) {
  let wrongField = 0
  for (const f of FIELDS) {
    const items = run.suggested.filter((s) => s.h.expected[f] !== undefined)
    let top1 = 0, top3 = 0
    const valid = new Set(run.seeded.referenceValueIds.get(f)!.values())
    for (const s of items) {
      const got = s.body?.[f] ?? []
      wrongField += got.filter((x) => !valid.has(x.id)).length
      const labels = got.slice(0, 3).map((x) => x.label)
      const expected = s.h.expected[f as keyof FieldLabels]!
      if (labels[0] === expected) top1++
      if (labels.includes(expected)) top3++
      else failures.push({ section: `suggestion ${f}`, id: s.h.id, question: s.h.description, expected, got: s.error ? `error ${s.error}` : labels.length ? labels.join(' | ') : 'nothing suggested' })
    }
    metrics.push(rate('suggestions', `${f} top-1`, top1, items.length, 0.7))
    metrics.push(rate('suggestions', `${f} top-3`, top3, items.length, 0.9))
  }
  metrics.push(count('suggestions', 'Valeurs hors champ ou inactives / values of another field or inactive', wrongField, { max: 0 }))
  for (const s of run.suggested) {
    const got = FIELDS.map((f) => `${f}=${s.body?.[f]?.[0]?.label ?? '∅'}${s.h.expected[f] && s.body?.[f]?.[0]?.label !== s.h.expected[f] ? ` (≠ ${s.h.expected[f]})` : ''}`).join('; ')
    line(`SUGG ${s.h.id} ${Math.round(s.ms)} ms  ${short(s.h.description, 80)} → ${s.error ? `error ${s.error}` : got}`)
  }
}

function scoreReindex(run: Run, metrics: Metric[], failures: Failure[]) {
  const r = run.reindex
  const docs = [...run.seeded.documents.values()]
  const readable = docs.filter((d) => d.inCorpus && d.readable)
  const textPages = readable.reduce((s, d) => s + d.pages - d.scannedPages, 0)
  const scanned = readable.reduce((s, d) => s + d.scannedPages, 0)
  const expect: [string, number, number | number[]][] = [
    // Whether « documents read » counts the unreadable one is the engine's choice: both pass.
    ['documents', r.documents, [readable.length, readable.length + docs.filter((d) => d.inCorpus && !d.readable).length]],
    ['pages', r.pages, textPages],
    ['pagesWithoutText', r.pagesWithoutText, scanned],
    ['unreadableDocuments', r.unreadableDocuments, docs.filter((d) => d.inCorpus && !d.readable).length],
    ['excludedDocuments', r.excludedDocuments, docs.filter((d) => !d.inCorpus).length],
    ['reports', r.reports, run.seeded.counts.orders],
  ]
  for (const [name, value, equals] of expect) {
    const m = count('reindex', `ReindexResult.${name}`, value, { equals })
    metrics.push(m)
    if (!m.ok) failures.push({ section: 'reindex', id: name, question: '', expected: String(equals), got: String(value) })
  }
  for (const kind of ['email', 'phone', 'person'] as const) {
    const m = count('reindex', `ReindexResult.replacements.${kind}`, r.replacements[kind], { min: 1 })
    metrics.push(m)
    if (!m.ok) failures.push({ section: 'reindex', id: `replacements.${kind}`, question: '', expected: '> 0 (people are planted in manuals and notes)', got: '0' })
  }
}
