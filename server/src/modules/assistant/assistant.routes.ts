import { needs, route } from '../../http/route.ts'
import type { AssistantService } from './assistant.service.ts'
import { AssistantAnswer, AssistantAsk, BilanSuggestions, MAX_AUDIO_BYTES, ReindexResult, SuggestBilan, TranscriptionResult } from './assistant.schemas.ts'

const SCOPE = 'An excerpt is given only to a caller who may see its source, by the same scope as the listings: a document on an elevator with ASSETS view within the caller’s sites, a document on a work order or a closed order’s report with WORK_ORDERS view (own orders only without view-other, within the caller’s sites); a document out of the corpus is never cited.'

export const assistantRoutes = (s: AssistantService) => [
  route({
    operationId: 'askAssistant', method: 'POST', url: '/assistant/ask', tag: 'Assistant', access: needs('WORK_ORDERS', 'view'),
    summary: 'A question in French: the answer with the excerpts it comes from, or an honest refusal',
    description: `Extractive by default (no external service): the answer is made of sentences of the best excerpts, each citation locating its source (a document's page, or a closed order's report). The assistant refuses (answered false, no citation, a French sentence saying what was not found) when no excerpt covers the question's specific terms (brand, model, code, the quantity asked), for questions outside elevator maintenance, and for any question about a person's contact details. With \`assetId\`, the elevator's brand, model and documents weigh more; an elevator the caller does not see answers 404. Needs WORK_ORDERS view. ${SCOPE} With ASSISTANT_LLM_URL configured, the answer is written by that service from the retrieved excerpts only; 503 AI_UNAVAILABLE when it does not answer.`,
    body: AssistantAsk,
    success: { status: 200, schema: AssistantAnswer },
    errors: [404],
    handler: ({ caller, body }) => s.ask(caller, body),
  }),
  route({
    operationId: 'suggestBilan', method: 'POST', url: '/assistant/suggest-bilan', tag: 'Assistant', access: needs('WORK_ORDERS', 'edit'),
    summary: 'Up to three report codes per field suggested from a free description, for a person to choose from',
    description: 'Learnt from the closed reports of the last re-indexing (their descriptions and notes, and the values they were coded with) and from the values\' own labels. Only active reference values of each field are proposed, never another field\'s; nothing is written: the technician picks. Needs WORK_ORDERS edit (the right that writes a report).',
    body: SuggestBilan,
    success: { status: 200, schema: BilanSuggestions },
    handler: ({ body }) => s.suggestBilan(body),
  }),
  route({
    operationId: 'reindexAssistant', method: 'POST', url: '/assistant/reindex', tag: 'Assistant', access: needs('SETTINGS', 'edit'),
    summary: 'Rebuild the assistant\'s index from the library PDFs in the corpus and the closed orders\' reports',
    description: 'Builds a new generation beside the one answering and switches to it at the end: questions asked meanwhile are answered from the previous one. Every text is anonymised before it is indexed (e-mail addresses, telephone numbers, names of the people the service knows). A PDF that cannot be read is counted and skipped; pages without text (scans) are counted and skipped. One re-indexing at a time across replicas: a call made while one runs waits for it and answers its result (`joined`). 503 REINDEX_FAILED when it fails (the previous index stays). Needs SETTINGS edit.',
    success: { status: 200, schema: ReindexResult },
    handler: ({ req }) => s.reindex(req.log),
  }),
  route({
    operationId: 'transcribeAudio', method: 'POST', url: '/assistant/transcribe', tag: 'Assistant', access: needs('WORK_ORDERS', 'edit'),
    summary: 'Dictation: the text of a short recording, to be reviewed by the person before use',
    description: `Off by default: 503 DICTATION_DISABLED (« dictée non activée ») unless DICTATION_URL names an OpenAI-compatible transcription service (French); getMe then carries \`X-Palier-Features: dictation\`. multipart/form-data with one \`file\` part: webm, ogg, mp3, m4a or wav, recognised from its first bytes (400 AUDIO_TYPE_REFUSED otherwise), at most ${MAX_AUDIO_BYTES} bytes (413 past it). The audio is streamed to the service and never kept: not stored, not written to a temporary file, not logged. 503 AI_UNAVAILABLE when the service does not answer. Needs WORK_ORDERS edit (spec).`,
    upload: { maxBytes: MAX_AUDIO_BYTES },
    success: { status: 200, schema: TranscriptionResult },
    handler: async ({ file }) => s.transcribe(file),
  }),
]
