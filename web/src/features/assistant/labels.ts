// French words of the assistant's page.
import type { Schemas } from '@/lib/api/client'

export type Answer = Schemas['AssistantAnswer']
export type Citation = Schemas['AssistantCitation']
export type RefusalReason = NonNullable<Answer['refusalReason']>

/** Asked with one tap while nothing has been asked yet: the kinds of questions it answers. */
export const EXAMPLE_QUESTIONS = [
  'Arrêt hors niveau : que vérifier ?',
  'Pourquoi une porte palière ne se ferme pas ?',
  'Comment régler le frein machine ?',
  'Que signifie le code défaut E-214 ?',
]

export const citationKindLabel: Record<Citation['kind'], string> = {
  DOCUMENT: 'Document',
  REPORT: 'Rapport d’intervention',
}

/** The refusal's heading; the API's sentence says the rest. */
export const refusalTitle: Record<RefusalReason, string> = {
  EMPTY_INDEX: 'Je ne sais pas',
  NO_MATCH: 'Je ne sais pas',
  TERMS_NOT_COVERED: 'Je ne sais pas',
  OFF_DOMAIN: 'Je ne sais pas',
  PERSONAL_DATA: 'Je ne réponds pas à cette question',
}

/** What may help after a refusal, when something may. */
export const refusalHint: Partial<Record<RefusalReason, string>> = {
  NO_MATCH: 'Reformulez la question avec les mots du manuel, ou vérifiez que le manuel de l’appareil est dans la bibliothèque et lu par l’assistant.',
  TERMS_NOT_COVERED: 'Vérifiez la marque, le modèle, le code ou la valeur demandés, ou ajoutez à la bibliothèque le manuel qui en parle.',
}

export const MAX_QUESTION = 500
