// The assistant (docs/assistant.md): cited answers or an honest refusal, report-code
// suggestions, the re-indexing of its corpus, and opt-in dictation.
import type { FastifyBaseLogger } from 'fastify'
import type { Static } from 'typebox'
import { notFound, unavailable } from '../../http/errors.ts'
import { readableScope, type Caller } from '../../http/caller.ts'
import type { Platform } from '../module.ts'
import { aboutOwnThing, decimalsOf, extract, refusalReason, refusalText, type Judged, type Term } from './assistant.ask.ts'
import { judgedFor, termsFor } from './assistant.retrieve.ts'
import { buildAnonymiser, type Anonymiser } from './assistant.anonymise.ts'
import * as iq from './assistant.index.queries.ts'
import { errorFields, Indexer } from './assistant.indexer.ts'
import * as q from './assistant.queries.ts'
import type { AssistantAnswer, AssistantAsk, BilanSuggestions, ReindexResult, RefusalReason, SuggestBilan, TranscriptionResult } from './assistant.schemas.ts'
import { audioStream } from './assistant.audio.ts'
import { parseGenerated, promptFor } from './assistant.generate.ts'
import { dictationDisabled, openLlm, openTranscriber, type Llm, type Transcriber } from '../../platform/ai.ts'
import type { Upload } from '../../http/route.ts'
import { suggest } from './assistant.suggest.ts'
import { asksForPersonalData, asksHistory, expandAbbreviations, fold } from './assistant.text.ts'

type Deps = Pick<Platform, 'database' | 'storage' | 'clock' | 'config'>
type Answer = Static<typeof AssistantAnswer>

// A builder that has not beaten for this long died: its generation is taken over.
const STALE_SECONDS = 60
const JOIN_POLL_MS = 200
const BRANDS_TTL_MS = 60_000
// Reports closed since the last re-indexing, added to the index at most this many at a time.
const CATCH_UP_BATCH = 500

export class AssistantService {
  readonly #deps: Deps
  #brands: { words: Set<string>; at: number } | null = null
  #people: { anonymiser: Anonymiser; at: number } | null = null
  readonly #llm: Llm | null
  readonly #transcriber: Transcriber | null

  constructor(deps: Deps) {
    this.#deps = deps
    this.#llm = openLlm(deps.config)
    this.#transcriber = openTranscriber(deps.config)
  }

  get #db() { return this.#deps.database.db }

  /** What the caller may read: its scope in ASSETS and WORK_ORDERS (null without the view right). */
  #reach(caller: Caller): q.Reach {
    return { assets: readableScope(caller, 'ASSETS'), workOrders: readableScope(caller, 'WORK_ORDERS') }
  }

  /** The people the service knows, as an anonymiser (read again after a minute). */
  async #anonymiser(): Promise<Anonymiser> {
    const now = Date.now()
    if (!this.#people || now - this.#people.at > BRANDS_TTL_MS) this.#people = { anonymiser: buildAnonymiser(await iq.knownNames(this.#db)), at: now }
    return this.#people.anonymiser
  }

  /** Whether the question names someone the service knows (« le 06 de Karim Benali »). */
  async #namesSomeone(question: string): Promise<boolean> {
    return (await this.#anonymiser()).anonymise(question).replaced.person > 0
  }

  /** Brand words of the fleet (elevators and components), folded: a question naming one is specific. */
  async #brandWords(): Promise<Set<string>> {
    const now = Date.now()
    if (this.#brands && now - this.#brands.at < BRANDS_TTL_MS) return this.#brands.words
    const rows = await q.fleetBrands(this.#db)
    const words = new Set(rows.flatMap((r) => fold(r.brand).split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))
    this.#brands = { words, at: now }
    return words
  }

  async ask(caller: Caller, input: Static<typeof AssistantAsk>): Promise<Answer> {
    const reach = this.#reach(caller)
    let asset: q.AskedAsset | null = null
    if (input.assetId) {
      asset = (reach.assets && await q.assetFor(this.#db, input.assetId, reach.assets)) || null
      if (!asset) throw notFound('Ascenseur introuvable.')
    }
    const question = input.question.trim()
    if (asksForPersonalData(question) || await this.#namesSomeone(question)) return refusal('PERSONAL_DATA', [])
    const generation = await q.activeGeneration(this.#db)
    if (!generation || generation.excerpts === 0) return refusal('EMPTY_INDEX', [])

    const terms = await termsFor(this.#db, generation, question, await this.#brandWords())
    if (!terms.some((t) => !t.unknown)) return refusal(refusalReason(question, terms, undefined), missingWords(terms.filter((t) => t.unknown)))

    if (aboutOwnThing(question, terms)) return refusal('OFF_DOMAIN', [])
    const decimals = decimalsOf(question)
    const judged = await judgedFor(this.#db, generation.id, terms, reach, asset, decimals, asksHistory(question))
    const accepted = judged.filter((j) => j.accepted)
    if (!accepted.length) {
      const best = judged[0]
      const reason = refusalReason(question, terms, best)
      return refusal(reason, missingWords(best ? best.missing : terms.filter((t) => t.unknown)))
    }
    let cited = accepted.slice(0, 3)
    let parts = cited.map((j) => extract(j.candidate.body, terms, decimals, j.candidate.context))
    let answer = parts[0]!.sentences.join('\n')
    if (this.#llm) {
      const generated = await this.#generate(question, cited, parts.map((p) => p.window))
      if (!generated) return { ...refusal('NO_MATCH', []), mode: 'GENERATED', answer: 'Je ne sais pas : les extraits trouvés ne permettent pas de répondre à cette question.' }
      answer = generated.answer
      cited = generated.cited.map((i) => cited[i]!)
      parts = generated.cited.map((i) => parts[i]!)
    }
    return {
      answered: true,
      answer,
      mode: this.#llm ? 'GENERATED' : 'EXTRACTIVE',
      refusalReason: null,
      missingTerms: [],
      citations: cited.map((j, i) => ({
        kind: j.candidate.kind,
        documentId: j.candidate.kind === 'DOCUMENT' ? j.candidate.documentId : null,
        fileName: j.candidate.kind === 'DOCUMENT' ? j.candidate.fileName : null,
        page: j.candidate.kind === 'DOCUMENT' ? j.candidate.page : null,
        workOrderId: j.candidate.kind === 'REPORT' ? j.candidate.workOrderId : null,
        workOrderReference: j.candidate.kind === 'REPORT' ? j.candidate.workOrderReference : null,
        assetReference: j.candidate.assetReference,
        excerpt: parts[i]!.window,
        score: Math.round(j.coverage * 1000) / 1000,
      })),
    }
  }

  /** The model's answer from the accepted excerpts only, with the citations it made of them. */
  async #generate(question: string, cited: Judged[], windows: string[]) {
    const excerpts = cited.map((j, i) => ({
      source: j.candidate.kind === 'DOCUMENT' ? `${j.candidate.fileName}, page ${j.candidate.page}` : `rapport ${j.candidate.workOrderReference}`,
      text: windows[i]!,
    }))
    return parseGenerated(await this.#llm!.complete(promptFor(question, excerpts), { maxTokens: 400 }), excerpts.length)
  }

  /** Dictation: the audio streamed to the service, never kept; 503 while it is not enabled. */
  async transcribe(file: () => Promise<Upload>): Promise<Static<typeof TranscriptionResult>> {
    // The upload is looked at first (415/400/413 are the caller's to fix), then the service.
    const upload = await file()
    if (!this.#transcriber) throw dictationDisabled()
    const t0 = performance.now()
    const audio = await audioStream(upload)
    const text = await this.#transcriber.transcribe(audio.stream, audio)
    return { text: text.trim().slice(0, 20000), durationMs: Math.round(performance.now() - t0) }
  }

  async suggestBilan(input: Static<typeof SuggestBilan>): Promise<Static<typeof BilanSuggestions>> {
    const generation = await q.activeGeneration(this.#db)
    const lexemes = await q.lexemesOf(this.#db, expandAbbreviations(input.description))
    let stems = lexemes
    if (generation) {
      // Typos corrected against the corpus's words (« serure » → « serrur »).
      const infos = await q.lexemeInfo(this.#db, generation.id, lexemes)
      stems = infos.map((i) => (i.excerpts === 0 && i.nearest && i.similarity >= 0.45 ? i.nearest : i.lexeme))
    }
    const [values, evidence] = await Promise.all([
      q.activeValues(this.#db),
      generation ? q.codeEvidence(this.#db, generation.id, stems) : Promise.resolve([]),
    ])
    const s = suggest(values, evidence, [...new Set([...stems, ...lexemes])])
    return { symptom: s.SYMPTOM, component: s.COMPONENT, cause: s.CAUSE, action: s.ACTION, result: s.RESULT, circumstance: s.CIRCUMSTANCE }
  }

  /**
   * Builds a new generation and switches to it at the end. One at a time across replicas: a
   * call made while one builds waits for it and answers its result (`joined`).
   */
  async reindex(log: FastifyBaseLogger): Promise<Static<typeof ReindexResult>> {
    for (;;) {
      const from = await iq.firstAnswerableGeneration(this.#db)
      const id = await iq.startGeneration(this.#db)
      if (id !== null) return this.#build(id, log)
      const running = await iq.buildingGeneration(this.#db, STALE_SECONDS)
      if (!running) {
        // The build that refused ours finished in between: its result is this call's answer
        // (building another one right after it would only repeat it).
        const done = await iq.readyFrom(this.#db, from)
        if (done) return { ...(done.result as Static<typeof ReindexResult>), joined: true }
        continue
      }
      if (running.stale) { await iq.failGeneration(this.#db, running.id, true); continue }
      const joined = await this.#join(running.id)
      if (joined) return joined
    }
  }

  /**
   * Adds to the generation answering the reports closed since it was built (at most `limit`),
   * anonymised as the re-indexing does: a report answers questions within the catch-up's period
   * of its order's closure, not at the next re-indexing. Returns how many were added.
   */
  async indexClosedReports(log: FastifyBaseLogger, limit = CATCH_UP_BATCH): Promise<number> {
    const generation = await q.activeGeneration(this.#db)
    if (!generation) return 0
    const closed = await iq.reportsClosedSince(this.#db, generation.id, limit)
    if (!closed.length) return 0
    const indexer = new Indexer(this.#db, this.#deps.storage, log, generation.id, await this.#anonymiser())
    return iq.appendReports(this.#db, generation.id, closed.map((r) => indexer.reportExcerpt(r)))
  }

  /** Builds the first generation when there has never been one (nor one building). */
  async indexIfNeverIndexed(log: FastifyBaseLogger): Promise<void> {
    if (await iq.anyGeneration(this.#db)) return
    await this.reindex(log)
  }

  async #build(id: number, log: FastifyBaseLogger): Promise<Static<typeof ReindexResult>> {
    const startedAt = this.#deps.clock.now()
    const t0 = performance.now()
    try {
      const indexer = await Indexer.open(this.#db, this.#deps.storage, log, id)
      const counts = await indexer.build()
      const indexBytes = await iq.generationBytes(this.#db, id)
      const result = {
        generation: id, joined: false, ...counts, indexBytes, durationMs: Math.round(performance.now() - t0),
        startedAt: startedAt.toISOString(), finishedAt: this.#deps.clock.now().toISOString(),
      }
      await iq.finishGeneration(this.#db, id, result)
      await iq.purgeOldGenerations(this.#db, id)
      await iq.vacuumIndex(this.#db)
      return result
    } catch (err) {
      log.error(errorFields(err), 'assistant: re-indexing failed')
      await iq.failGeneration(this.#db, id).catch(() => undefined)
      throw unavailable('REINDEX_FAILED')
    }
  }

  /**
   * Waits for another caller's build and answers its result; null when its builder stopped
   * beating meanwhile (that process died): the build is then marked failed and the caller
   * starts its own, rather than waiting for a result that will never come.
   */
  async #join(id: number): Promise<Static<typeof ReindexResult> | null> {
    for (;;) {
      await new Promise((r) => setTimeout(r, JOIN_POLL_MS))
      const row = await iq.generationById(this.#db, id, STALE_SECONDS)
      if (!row || row.status === 'FAILED') throw unavailable('REINDEX_FAILED')
      if (row.status !== 'BUILDING') return { ...(row.result as Static<typeof ReindexResult>), joined: true }
      if (row.stale) {
        await iq.failGeneration(this.#db, id, true)
        return null
      }
    }
  }
}

function refusal(reason: RefusalReason, missing: string[]): Answer {
  return { answered: false, answer: refusalText(reason, missing), mode: 'EXTRACTIVE', refusalReason: reason, missingTerms: missing.slice(0, 10), citations: [] }
}

// Words of the question echoed in a refusal: only what the corpus knows or a brand, model or
// code, or a quantity; an unknown ordinary word may be a person's name.
const missingWords = (terms: Term[]) => [...new Set(terms.filter((t) => t.specific || t.quantity || !t.unknown).map((t) => t.word))]
