// A refusal as the page says it: a calm heading, then the API's sentence without the words
// the heading already says.
import { refusalHint, refusalTitle, type Answer } from '../labels'

export interface Refusal { title: string; text: string; hint: string | null; missingTerms: string[] }

const LEAD = /^je ne sais pas\s*[:,.]\s*/i

export function refusalOf(answer: Answer): Refusal {
  const reason = answer.refusalReason ?? 'NO_MATCH'
  const title = refusalTitle[reason]
  let text = answer.answer.trim()
  if (title === refusalTitle.NO_MATCH && LEAD.test(text)) {
    text = text.replace(LEAD, '')
    text = text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1)
  }
  return { title, text, hint: refusalHint[reason] ?? null, missingTerms: answer.missingTerms }
}
