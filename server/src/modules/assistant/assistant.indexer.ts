// Builds one generation of the assistant's index (docs/assistant.md "Re-indexing"): every PDF
// in the corpus page by page, every closed order's report, all anonymised before they are
// written; then the generation's words and suggestBilan's evidence, set-based. Short
// statements only (the embedded store has one connection, and questions keep being answered
// from the previous generation meanwhile).
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db.ts'
import type { Storage } from '../../platform/storage.ts'
import { buildAnonymiser, type Anonymiser, type Replacements } from './assistant.anonymise.ts'
import * as iq from './assistant.index.queries.ts'
import { hasText, pdfPages, readAll } from './assistant.pdf.ts'
import { ATTACHED_TO, codesOf } from './assistant.text.ts'

const MAX_PDF_BYTES = 20 * 1024 * 1024
const REPORT_BATCH = 2000

export interface IndexCounts {
  documents: number
  pages: number
  pagesWithoutText: number
  unreadableDocuments: number
  excludedDocuments: number
  reports: number
  excerpts: number
  replacements: Replacements
}

export class Indexer {
  readonly #db: Db
  readonly #storage: Storage
  readonly #log: FastifyBaseLogger
  readonly #generation: number
  readonly #anonymiser: Anonymiser
  readonly counts: IndexCounts = {
    documents: 0, pages: 0, pagesWithoutText: 0, unreadableDocuments: 0, excludedDocuments: 0, reports: 0, excerpts: 0,
    replacements: { email: 0, phone: 0, person: 0 },
  }

  constructor(db: Db, storage: Storage, log: FastifyBaseLogger, generation: number, anonymiser: Anonymiser) {
    this.#db = db
    this.#storage = storage
    this.#log = log
    this.#generation = generation
    this.#anonymiser = anonymiser
  }

  static async open(db: Db, storage: Storage, log: FastifyBaseLogger, generation: number): Promise<Indexer> {
    return new Indexer(db, storage, log, generation, buildAnonymiser(await iq.knownNames(db)))
  }

  /** The whole corpus, then the derived tables; each phase's time goes to the log (info). */
  async build(): Promise<IndexCounts> {
    await this.#phase('documents', async () => {
      for (const source of await iq.pdfSources(this.#db)) {
        if (!source.inCorpus) { this.counts.excludedDocuments++; continue }
        await this.#indexPdf(source)
        await iq.heartbeat(this.#db, this.#generation)
      }
    })
    await this.#phase('reports', async () => {
      let after: string | null = null
      for (;;) {
        const batch = await iq.reportBatch(this.#db, after, REPORT_BATCH)
        if (!batch.length) break
        await iq.insertExcerpts(this.#db, this.#generation, batch.map((r) => this.reportExcerpt(r)))
        this.counts.reports += batch.length
        after = batch.at(-1)!.id
        await iq.heartbeat(this.#db, this.#generation)
      }
    })
    this.counts.excerpts = this.counts.pages + this.counts.reports
    await this.#phase('words', () => iq.buildWords(this.#db, this.#generation))
    await this.#phase('code stems', () => iq.buildCodeStems(this.#db, this.#generation))
    await this.#phase('statistics', () => iq.analyzeIndex(this.#db))
    return this.counts
  }

  // Where a long re-indexing spends its time, for whoever runs it (bench/reindex.ts prints it).
  async #phase(phase: string, work: () => Promise<unknown>): Promise<void> {
    const t0 = performance.now()
    await work()
    this.#log.info({ generation: this.#generation, phase, ms: Math.round(performance.now() - t0) }, 'assistant: re-indexing phase done')
  }

  #clean(text: string): string {
    const { text: out, replaced } = this.#anonymiser.anonymise(text)
    this.counts.replacements.email += replaced.email
    this.counts.replacements.phone += replaced.phone
    this.counts.replacements.person += replaced.person
    return out
  }

  async #indexPdf(source: iq.PdfSource): Promise<void> {
    let pages: string[]
    try {
      pages = await pdfPages(await readAll(await this.#storage.get(source.storageKey), MAX_PDF_BYTES))
    } catch (err) {
      // A damaged, encrypted or missing file: counted, and the re-indexing goes on. The log
      // names the document, never its text nor the parser's message (it may quote the text).
      this.counts.unreadableDocuments++
      this.#log.warn({ documentId: source.id, ...errorFields(err) }, 'assistant: unreadable PDF skipped')
      return
    }
    this.counts.documents++
    const title = pages.find(hasText)?.split('\n').map((l) => l.trim()).find((l) => l.length > 3)?.slice(0, 120) ?? ''
    const name = source.fileName.replace(/\.pdf$/i, '').replace(/[_-]+/g, ' ')
    const attached = [source.brand, source.model].filter(Boolean).join(' ')
    const context = this.#clean([name, title].filter(Boolean).join(' — ') + (attached ? ATTACHED_TO + attached : ''))
    const rows: iq.ExcerptRow[] = []
    pages.forEach((page, i) => {
      if (!hasText(page)) { this.counts.pagesWithoutText++; return }
      const body = this.#clean(page.trim())
      rows.push({ kind: 'DOCUMENT', documentId: source.id, page: i + 1, workOrderId: null, assetId: source.assetId, context, body, codes: codesOf(`${context}\n${body}`).join(' '), learn: null })
    })
    for (let i = 0; i < rows.length; i += 200) await iq.insertExcerpts(this.#db, this.#generation, rows.slice(i, i + 200))
    this.counts.pages += rows.length
  }

  /** A closed order's report as one excerpt: its six labels, description and notes. */
  reportExcerpt(r: iq.ReportSource): iq.ExcerptRow {
    const coded = [
      ['Constat', r.symptom], ['Organe', r.component], ['Cause', r.cause], ['Action', r.action], ['Résultat', r.result], ['Circonstance', r.circumstance],
    ].filter(([, v]) => v).map(([k, v]) => `${k} : ${v}.`).join(' ')
    const description = r.description ? this.#clean(r.description.trim()) : ''
    const notes = r.notes ? this.#clean(r.notes.trim()) : ''
    const body = [coded, description && `Description : ${description}`, notes && `Notes : ${notes}`].filter(Boolean).join('\n')
    const context = `${r.reference} — ${r.brand}${r.model ? ` ${r.model}` : ''} (${r.assetReference})`
    const learn = [description, notes].filter(Boolean).join('\n') || null
    return { kind: 'REPORT', documentId: null, page: null, workOrderId: r.id, assetId: r.assetId, context, body, codes: codesOf(`${context}\n${body}`).join(' '), learn }
  }
}

/**
 * What the assistant logs of a failure: its kind and code, never its message (a store error or
 * a PDF parser's message may quote the rows, that is the documents' and reports' text).
 */
export const errorFields = (err: unknown) => ({ errorType: (err as Error)?.name, code: (err as { code?: string })?.code })
