// Opt-in generated answers (ASSISTANT_LLM_URL): the model sees only the excerpts retrieved and
// accepted for this caller, already anonymised, numbered; its answer must cite them as [n].
// Citations outside what was retrieved are dropped, and an answer citing nothing is a refusal:
// the model never answers from its own memory.
import type { ChatMessage } from '../../platform/ai.ts'

export interface NumberedExcerpt { source: string; text: string }

const SYSTEM = [
  'Tu es l’assistant de maintenance d’ascenseurs de Palier. Réponds en français, brièvement, uniquement à partir des extraits numérotés fournis.',
  'Chaque phrase de ta réponse cite l’extrait d’où elle vient avec son numéro entre crochets, par exemple [1].',
  'Si les extraits ne permettent pas de répondre exactement à la question (autre marque, autre modèle, autre code, valeur absente), réponds seulement : JE NE SAIS PAS.',
  'N’invente rien, ne complète pas avec tes connaissances, ne donne jamais les coordonnées ni l’identité d’une personne.',
].join('\n')

export function promptFor(question: string, excerpts: NumberedExcerpt[]): ChatMessage[] {
  const numbered = excerpts.map((e, i) => `[${i + 1}] (${e.source})\n${e.text}`).join('\n\n')
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Extraits :\n\n${numbered}\n\nQuestion : ${question}` },
  ]
}

/**
 * The model's answer with only the citations of retrieved excerpts kept, and their numbers
 * (0-based, in order of first citation); null when it declines or cites nothing valid.
 */
export function parseGenerated(text: string, count: number): { answer: string; cited: number[] } | null {
  if (/je ne sais pas/i.test(text)) return null
  const cited: number[] = []
  const answer = text.replace(/\[(\d{1,3})\]/g, (marker, n: string) => {
    const i = Number(n) - 1
    if (i < 0 || i >= count) return ''
    if (!cited.includes(i)) cited.push(i)
    return marker
  }).replace(/[ \t]+([.,;:])/g, '$1').trim()
  return cited.length && answer ? { answer: answer.slice(0, 4000), cited } : null
}
