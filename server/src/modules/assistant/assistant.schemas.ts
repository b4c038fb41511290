// The assistant's request and answer shapes (the spec leaves their fields to us): what a
// technician's phone needs to show an answer with its sources, or a plain refusal.
import { Body, Count, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const MAX_QUESTION = 500
export const MAX_DESCRIPTION = 4000
export const MAX_CITATIONS = 3
export const MAX_SUGGESTIONS = 3
/** Audio sent to dictation: 25 MB (the usual limit of transcription services). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024

export const AssistantAsk = named('AssistantAsk', Body({
  question: Text(MAX_QUESTION, { minLength: 1, pattern: '\\S', description: 'The question, in French, as typed or dictated (typos, missing accents and loosely written codes are tolerated).' }),
  assetId: Type.Optional(Uuid({ description: 'The elevator the question is about: its brand, model and documents weigh more. Unknown or outside the caller\'s scope: 404.' })),
}))

export const CITATION_KINDS = ['DOCUMENT', 'REPORT'] as const
export const REFUSAL_REASONS = ['EMPTY_INDEX', 'NO_MATCH', 'TERMS_NOT_COVERED', 'OFF_DOMAIN', 'PERSONAL_DATA'] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

export const Citation = named('AssistantCitation', Out({
  kind: StringEnum(CITATION_KINDS, { description: 'DOCUMENT: a page of a library PDF; REPORT: the coded report of a closed work order.' }),
  documentId: Nullable(Uuid(), { description: 'DOCUMENT: the document (download it with downloadDocument); null for a report.' }),
  fileName: Nullable(Text(255), { description: 'DOCUMENT: the file name; null for a report.' }),
  page: Nullable(Int(1, 100000), { description: 'DOCUMENT: the page, counted from 1; null for a report.' }),
  workOrderId: Nullable(Uuid(), { description: 'REPORT: the closed work order; null for a document.' }),
  workOrderReference: Nullable(Text(20, { pattern: '^OT-[0-9]{6,}$' }), { description: 'REPORT: its OT- reference; null for a document.' }),
  assetReference: Nullable(Text(40), { description: 'The elevator the source belongs to, when it belongs to one.' }),
  excerpt: Text(4000, { description: 'The cited excerpt as indexed: anonymised (« [personne] », « [téléphone] », « [courriel] »).' }),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'How well the excerpt covers the question (1: every specific term).' }),
}))

export const AssistantAnswer = named('AssistantAnswer', Out({
  answered: Type.Boolean({ description: 'true: `answer` is drawn from the cited excerpts; false: an honest refusal, with no citation.' }),
  answer: Text(4000, { description: 'French. Answered: sentences of the cited excerpts (extractive mode) or a text that cites them (generated mode). Refused: a sentence saying what was not found.' }),
  mode: StringEnum(['EXTRACTIVE', 'GENERATED'] as const, { description: 'EXTRACTIVE (default, no external service) or GENERATED (ASSISTANT_LLM_URL configured).' }),
  refusalReason: Nullable(StringEnum(REFUSAL_REASONS), { description: 'Why it refused: EMPTY_INDEX (nothing indexed yet), NO_MATCH (no excerpt about it), TERMS_NOT_COVERED (an excerpt on the topic, but not for the brand, model, code or value asked), OFF_DOMAIN (not about elevator maintenance), PERSONAL_DATA (contact details of a person). null when answered.' }),
  missingTerms: List(Text(80), 10, { description: 'Refused with TERMS_NOT_COVERED or NO_MATCH: the terms of the question that no cited-quality excerpt holds. Empty otherwise.' }),
  citations: List(Citation, MAX_CITATIONS, { description: 'Best first; empty when refused.' }),
}))

export const SuggestBilan = named('SuggestBilan', Body({
  description: Text(MAX_DESCRIPTION, { minLength: 1, pattern: '\\S', description: 'What was found and done, free text (abbreviations and typos tolerated).' }),
}))

export const Suggestion = named('BilanSuggestion', Out({
  id: Uuid({ description: 'An active reference value of this field (give it to upsertWorkOrderReport).' }),
  label: Text(120),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'Confidence, best first.' }),
}))
const Suggestions = (what: string) => List(Suggestion, MAX_SUGGESTIONS, { description: `Up to ${MAX_SUGGESTIONS} active values of the ${what} field, best first; empty when nothing points to one.` })

export const BilanSuggestions = named('BilanSuggestions', Out({
  symptom: Suggestions('SYMPTOM (Constat)'),
  component: Suggestions('COMPONENT (Organe)'),
  cause: Suggestions('CAUSE'),
  action: Suggestions('ACTION'),
  result: Suggestions('RESULT (Résultat)'),
  circumstance: Suggestions('CIRCUMSTANCE'),
}))

export const Replacements = named('AnonymisationCounts', Out({
  email: Count({ description: 'E-mail addresses replaced by « [courriel] ».' }),
  phone: Count({ description: 'Telephone numbers replaced by « [téléphone] ».' }),
  person: Count({ description: 'Names of known people replaced by « [personne] ».' }),
}))

export const ReindexResult = named('ReindexResult', Out({
  generation: Count({ description: 'The number of the index now answering questions.' }),
  joined: Type.Boolean({ description: 'true: a re-indexing was already running; this call waited for it and answers its result.' }),
  documents: Count({ description: 'Library PDFs read (in the corpus).' }),
  pages: Count({ description: 'Pages indexed, one excerpt each.' }),
  pagesWithoutText: Count({ description: 'Pages without a text layer (scanned): counted and skipped.' }),
  unreadableDocuments: Count({ description: 'PDFs that could not be read (damaged, encrypted, missing from storage): skipped, the re-indexing goes on.' }),
  excludedDocuments: Count({ description: 'PDFs left out because they are out of the corpus.' }),
  reports: Count({ description: 'Coded reports of closed work orders indexed.' }),
  replacements: Replacements,
  indexBytes: Count({ description: 'Size of the index on disk (excerpts, words and their indexes).' }),
  durationMs: Count(),
  startedAt: DateTime(),
  finishedAt: DateTime(),
}))

export const TranscriptionResult = named('TranscriptionResult', Out({
  text: Text(20000, { description: 'The transcription, to be reviewed and corrected by the person before it is used.' }),
  durationMs: Count({ description: 'Time the transcription took.' }),
}))
