// Runs the evaluation against a real app: seeds the corpus, re-indexes as an Administrateur,
// asks every question as a Technicien, asks for suggestions on every held-out description,
// scans the index for personal data, and scores it all (score.ts). Only the public operations
// are used, plus one read of the index tables for the personal-data scan.
import { sql } from 'drizzle-orm'
import type { Static } from '../../src/http/schema-kit.ts'
import type { AssistantAnswer, BilanSuggestions, ReindexResult } from '../../src/modules/assistant/assistant.schemas.ts'
import type { Wire } from '../../src/test/api-client.ts'
import type { BuildOptions } from '../../src/app.ts'
import { startTestApp, type TestApp } from '../../src/test/harness.ts'
import { checkMaterial } from './material.ts'
import { ANSWERABLE, HELD_OUT, UNANSWERABLE, type Answerable, type HeldOut, type Unanswerable } from './questions.ts'
import { score, type Report } from './score.ts'
import { seedCorpus, type Seeded } from './seed.ts'

export type Answer = Wire<Static<typeof AssistantAnswer>>
export type Suggestions = Wire<Static<typeof BilanSuggestions>>
export type Reindex = Wire<Static<typeof ReindexResult>>

export interface Asked<Q> { q: Q; status: number; body: Answer | null; error: string | null; ms: number }
export interface Suggested { h: HeldOut; status: number; body: Suggestions | null; error: string | null; ms: number }
export interface IndexRow { kind: string; documentId: string | null; page: number | null; workOrderId: string | null; body: string }

export interface Run {
  seeded: Seeded
  reindex: Reindex
  answerable: Asked<Answerable>[]
  unanswerable: Asked<Unanswerable>[]
  suggested: Suggested[]
  index: IndexRow[]
  timings: { startMs: number; seedMs: number; reindexMs: number; askMs: number; suggestMs: number }
}

export class EngineMissing extends Error {}

const errorOf = (res: { status: number; body: unknown }) => `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`

// Through t.request rather than t.api: the evaluation compiles before the assistant's routes
// exist; the bodies are typed from the assistant's schemas all the same.
async function post<T>(t: TestApp, url: string, token: string, body?: unknown) {
  const started = performance.now()
  const res = await t.request('POST', url, { token, ...(body === undefined ? {} : { body }) })
  const ms = performance.now() - started
  return { status: res.status, body: res.status === 200 ? res.body as T : null, error: res.status === 200 ? null : errorOf(res), ms }
}

async function ask<Q extends { question: string; asset?: string }>(t: TestApp, s: Seeded, q: Q): Promise<Asked<Q>> {
  const assetId = q.asset ? s.assetIds.get(q.asset) : undefined
  if (q.asset && !assetId) throw new Error(`unknown elevator ${q.asset}`)
  return { q, ...await post<Answer>(t, '/assistant/ask', s.tokens.technician, { question: q.question, ...(assetId ? { assetId } : {}) }) }
}

/** Every excerpt of the generation now answering questions: the newest READY one. */
async function readIndex(t: TestApp): Promise<IndexRow[]> {
  const result = await t.app.deps.database.db.execute(sql`
    SELECT e.kind, e.document_id AS "documentId", e.page, e.work_order_id AS "workOrderId", e.body
    FROM assistant_excerpts e JOIN assistant_generations g ON g.id = e.generation
    WHERE g.id = (SELECT max(id) FROM assistant_generations WHERE status = 'READY')`)
  return ((result as { rows?: IndexRow[] }).rows ?? (result as unknown as IndexRow[]))
}

export interface EvalOptions {
  /** Called with one line per question and description (EVAL_VERBOSE). */
  onItem?: (line: string) => void
  /** Passed to the test app (a test may add routes or share a database). */
  build?: BuildOptions
}

export async function runEval(opts: EvalOptions = {}): Promise<Report> {
  const problems = checkMaterial()
  if (problems.length) throw new Error(`the evaluation material is inconsistent:\n- ${problems.join('\n- ')}`)
  const t0 = performance.now()
  // A technician asks ~150 questions in a minute here: the per-caller limit is not what is measured.
  const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' }, ...(opts.build ? { build: opts.build } : {}) })
  try {
    const t1 = performance.now()
    const seeded = await seedCorpus(t)
    const t2 = performance.now()
    const re = await post<Reindex>(t, '/assistant/reindex', seeded.tokens.admin)
    if (re.status === 404 && /route|not found/i.test(re.error ?? '')) throw new EngineMissing(`POST /api/assistant/reindex answers ${re.error}: the assistant's routes are not there yet`)
    if (!re.body) throw new Error(`reindexAssistant failed: ${re.error}`)
    const t3 = performance.now()
    const answerable: Asked<Answerable>[] = []
    for (const q of ANSWERABLE) answerable.push(await ask(t, seeded, q))
    const unanswerable: Asked<Unanswerable>[] = []
    for (const q of UNANSWERABLE) unanswerable.push(await ask(t, seeded, q))
    const t4 = performance.now()
    const suggested: Suggested[] = []
    for (const h of HELD_OUT) suggested.push({ h, ...await post<Suggestions>(t, '/assistant/suggest-bilan', seeded.tokens.technician, { description: h.description }) })
    const t5 = performance.now()
    const index = await readIndex(t)
    const run: Run = {
      seeded, reindex: re.body, answerable, unanswerable, suggested, index,
      timings: { startMs: t1 - t0, seedMs: t2 - t1, reindexMs: t3 - t2, askMs: t4 - t3, suggestMs: t5 - t4 },
    }
    return score(run, opts.onItem)
  } finally {
    await t.close()
  }
}
