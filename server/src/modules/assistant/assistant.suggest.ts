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

// Pseudo-reports of the background rate each value starts with (smoothing).
const ALPHA = 2
// The values' frequencies count, but less than what the words say.
const PRIOR_WEIGHT = 0.5
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
    const total = vs.reduce((sum, v) => sum + (prior.get(v.id) ?? 0), 0)
    // How often each stem comes with any value of this field: the background a value's own
    // rate is compared to (a value never used, or a common word, then says nothing).
    const background = new Map(learnt.map((st) => [st, vs.reduce((sum, v) => sum + (withStem.get(st)!.get(v.id) ?? 0), 0) / Math.max(total, 1)]))
    let pointed = false
    const logits = vs.map((v) => {
      const n = prior.get(v.id) ?? 0
      let logit = PRIOR_WEIGHT * Math.log((n + 1) / (total + vs.length))
      for (const st of learnt) {
        const bg = Math.max(background.get(st)!, 1e-6)
        logit += Math.log(((withStem.get(st)!.get(v.id) ?? 0) + ALPHA * bg) / (n + ALPHA) / bg)
      }
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
