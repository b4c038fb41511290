// suggestBilan's scoring (docs/assistant.md "Suggestions"): for each report field, a naive
// Bayes over the closed reports (which stems of a description and its notes came with which
// value), plus the value's own label found in the text. Only active values of that field can
// come out, at most three, with their probability; nothing when no word of the text points
// anywhere.
import type { ReportField } from '../reference-values/reference-values.fields.ts'
import type { ActiveValue } from './assistant.queries.ts'
import { MAX_SUGGESTIONS } from './assistant.schemas.ts'

export interface Scored { id: string; label: string; score: number }
export type SuggestionsByField = Record<ReportField, Scored[]>

const ALPHA = 0.5
// How much a label read in the text counts, against what the reports taught.
const LABEL_BONUS = Math.log(30)
const MIN_SCORE = 0.02

export function suggest(values: ActiveValue[], evidence: { stem: string; valueId: string; reports: number }[], stems: string[]): SuggestionsByField {
  const prior = new Map<string, number>()
  const withStem = new Map<string, Map<string, number>>()
  for (const e of evidence) {
    if (e.stem === '') prior.set(e.valueId, e.reports)
    else {
      const m = withStem.get(e.stem) ?? new Map<string, number>()
      m.set(e.valueId, e.reports)
      withStem.set(e.stem, m)
    }
  }
  const asked = new Set(stems)
  const learnt = stems.filter((s) => withStem.has(s))
  const out = { SYMPTOM: [], COMPONENT: [], CAUSE: [], ACTION: [], RESULT: [], CIRCUMSTANCE: [] } as SuggestionsByField
  const byField = new Map<ReportField, ActiveValue[]>()
  for (const v of values) byField.set(v.field, [...(byField.get(v.field) ?? []), v])
  for (const [field, vs] of byField) {
    const total = vs.reduce((s, v) => s + (prior.get(v.id) ?? 0), 0)
    let pointed = false
    const logits = vs.map((v) => {
      const n = prior.get(v.id) ?? 0
      let logit = Math.log((n + 1) / (total + vs.length))
      for (const s of learnt) logit += Math.log(((withStem.get(s)!.get(v.id) ?? 0) + ALPHA) / (n + 2 * ALPHA))
      // The label's own words in the text: « remplacement » points to Remplacement.
      const labelStems = v.lexemes.filter((l) => l.length > 2)
      const found = labelStems.filter((l) => asked.has(l)).length
      if (found) { logit += LABEL_BONUS * (found / labelStems.length); pointed = true }
      return logit
    })
    if (!learnt.length && !pointed) continue
    const max = Math.max(...logits)
    const exp = logits.map((l) => Math.exp(l - max))
    const sum = exp.reduce((a, b) => a + b, 0)
    out[field] = vs.map((v, i) => ({ id: v.id, label: v.label, score: Math.round((exp[i]! / sum) * 1000) / 1000 }))
      .filter((s) => s.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label, 'fr'))
      .slice(0, MAX_SUGGESTIONS)
  }
  return out
}
