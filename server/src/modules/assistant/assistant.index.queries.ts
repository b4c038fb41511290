// The re-indexing's SQL (docs/assistant.md "Re-indexing"): generations, the sources read,
// excerpts written in batches, then the words and suggestBilan's evidence built set-based.
import { sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { documents } from '../documents/documents.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { partners } from '../partners/partners.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { users } from '../users/users.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { assistantCodeStems, assistantExcerpts, assistantGenerations, assistantWords } from './assistant.tables.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'

export interface GenerationRow { id: number; status: 'BUILDING' | 'READY' | 'FAILED' | 'RETIRED'; result: unknown; stale: boolean }

/** Whether any generation was ever built or is building. */
export async function anyGeneration(db: Db): Promise<boolean> {
  const rows = await rowsOf(db.execute(sql`SELECT 1 FROM ${assistantGenerations} LIMIT 1`))
  return rows.length > 0
}

/** A new BUILDING generation, or null when one is already building (the unique index decides). */
export async function startGeneration(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ id: number }>(db.execute(sql`
    INSERT INTO ${assistantGenerations} (status) VALUES ('BUILDING') ON CONFLICT DO NOTHING RETURNING id`))
  return row?.id ?? null
}

/** The generation building now, and whether its builder stopped beating `staleSeconds` ago. */
export async function buildingGeneration(db: Db, staleSeconds: number): Promise<GenerationRow | undefined> {
  const [row] = await rowsOf<GenerationRow>(db.execute(sql`
    SELECT id, status, result, heartbeat_at < now() - make_interval(secs => ${staleSeconds}) AS stale
    FROM ${assistantGenerations} WHERE status = 'BUILDING'`))
  return row
}

/**
 * The first generation id a call starting now may answer with: the one building now, else any
 * started after now. Ids, not times: a build's finished_at is taken before its commit, so a
 * call that started in between would not see it as finished after its start.
 */
export async function firstAnswerableGeneration(db: Db): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db.execute(sql`
    SELECT coalesce(min(id) FILTER (WHERE status = 'BUILDING'), max(id) + 1, 1)::int AS id FROM ${assistantGenerations}`))
  return row.id
}

/** The answering generation if it is `from` or later: a build that ended after the call started. */
export async function readyFrom(db: Db, from: number): Promise<GenerationRow | undefined> {
  const [row] = await rowsOf<GenerationRow>(db.execute(sql`
    SELECT id, status, result, false AS stale FROM ${assistantGenerations}
    WHERE status = 'READY' AND id >= ${from}`))
  return row
}

/** A generation, and (while it builds) whether its builder stopped beating `staleSeconds` ago. */
export async function generationById(db: Db, id: number, staleSeconds: number): Promise<GenerationRow | undefined> {
  const [row] = await rowsOf<GenerationRow>(db.execute(sql`
    SELECT id, status, result, status = 'BUILDING' AND heartbeat_at < now() - make_interval(secs => ${staleSeconds}) AS stale
    FROM ${assistantGenerations} WHERE id = ${id}`))
  return row
}

export async function heartbeat(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE ${assistantGenerations} SET heartbeat_at = now() WHERE id = ${id} AND status = 'BUILDING'`)
}

/** Marks a generation FAILED (its builder died or threw); its rows are purged later. */
export async function failGeneration(db: Db, id: number, onlyIfStale = false): Promise<boolean> {
  const rows = await rowsOf(db.execute(sql`
    UPDATE ${assistantGenerations} SET status = 'FAILED', finished_at = now()
    WHERE id = ${id} AND status = 'BUILDING' ${onlyIfStale ? sql`AND heartbeat_at < now() - interval '60 seconds'` : sql``} RETURNING id`))
  return rows.length > 0
}

/** The switch: this generation answers from now on; the previous one is retired. */
export async function finishGeneration(db: Db, id: number, result: object): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE ${assistantGenerations} SET status = 'RETIRED' WHERE status = 'READY'`)
    await tx.execute(sql`UPDATE ${assistantGenerations} SET status = 'READY', finished_at = now(), result = ${JSON.stringify(result)}::jsonb WHERE id = ${id}`)
  })
}

/**
 * Drops generations older than the one retired last (their rows go with them): the previous
 * one stays until the next re-indexing, for questions that were reading it at the switch.
 */
export async function purgeOldGenerations(db: Db, current: number): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${assistantGenerations} WHERE id < ${current} AND status <> 'BUILDING'
      AND id < coalesce((SELECT max(id) FROM ${assistantGenerations} WHERE status = 'RETIRED' AND id < ${current}), ${current})`)
}

/**
 * Makes the purged generations' rows reusable now: the next build writes into their space
 * instead of growing the tables by a generation each time (autovacuum may be off or late).
 */
export async function vacuumIndex(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ${assistantExcerpts}, ${assistantWords}, ${assistantCodeStems}`)
}

/** Names of the people the service knows: accounts, guardians, partner contacts, requesters. */
export async function knownNames(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(db.execute(sql`
    SELECT ${users.displayName} AS name FROM ${users}
    UNION SELECT ${locations.guardianName} FROM ${locations} WHERE ${locations.guardianName} IS NOT NULL
    UNION SELECT ${partners.contactName} FROM ${partners} WHERE ${partners.contactName} IS NOT NULL
    UNION SELECT ${requests.contactName} FROM ${requests} WHERE ${requests.contactName} IS NOT NULL
    UNION SELECT ${workOrders.requesterName} FROM ${workOrders} WHERE ${workOrders.requesterName} IS NOT NULL`))
  return rows.map((r) => r.name)
}

export interface PdfSource {
  id: string; fileName: string; storageKey: string; inCorpus: boolean; assetId: string | null; brand: string | null; model: string | null
}

/** Every PDF of the library, with the elevator it is about (its own, or its order's). */
export async function pdfSources(db: Db): Promise<PdfSource[]> {
  return rowsOf<PdfSource>(db.execute(sql`
    SELECT d.id, d.file_name AS "fileName", d.storage_key AS "storageKey", d.in_corpus AS "inCorpus",
           a.id AS "assetId", a.brand, a.model
    FROM ${documents} d LEFT JOIN ${workOrders} w ON w.id = d.work_order_id
    LEFT JOIN ${assets} a ON a.id = coalesce(d.asset_id, w.asset_id)
    WHERE d.content_type = 'application/pdf' ORDER BY d.created_at, d.id`))
}

export interface ReportSource {
  id: string; reference: string; assetId: string; assetReference: string; brand: string; model: string | null
  description: string | null; notes: string | null
  symptom: string | null; component: string | null; cause: string | null; action: string | null; result: string | null; circumstance: string | null
}

const label = (column: ReturnType<typeof sql>) => sql`(SELECT rv.label FROM ${referenceValues} rv WHERE rv.id = ${column})`

// A closed order's report as the indexer reads it: the labels of its six values, its text.
const reportSelect = sql`
    SELECT w.id, w.reference, w.asset_id AS "assetId", a.reference AS "assetReference", a.brand, a.model, w.description,
           w.report_notes AS notes,
           ${label(sql`w.report_symptom_id`)} AS symptom, ${label(sql`w.report_component_id`)} AS component,
           ${label(sql`w.report_cause_id`)} AS cause, ${label(sql`w.report_action_id`)} AS action,
           ${label(sql`w.report_result_id`)} AS result, ${label(sql`w.report_circumstance_id`)} AS circumstance
    FROM ${workOrders} w JOIN ${assets} a ON a.id = w.asset_id`

// Something to index: a coded report, notes or a description.
const hasReport = sql`(w.report_symptom_id IS NOT NULL OR w.report_action_id IS NOT NULL OR w.report_notes IS NOT NULL OR w.description IS NOT NULL)`

/** The next closed orders with something to index (keyset on id). */
export async function reportBatch(db: Db, afterId: string | null, limit: number): Promise<ReportSource[]> {
  return rowsOf<ReportSource>(db.execute(sql`
    ${reportSelect}
    WHERE w.status = 'DONE' ${afterId ? sql`AND w.id > ${afterId}` : sql``} AND ${hasReport}
    ORDER BY w.id LIMIT ${limit}`))
}

export interface ExcerptRow {
  kind: 'DOCUMENT' | 'REPORT'; documentId: string | null; page: number | null; workOrderId: string | null; assetId: string | null
  context: string; body: string; codes: string; learn: string | null
}

// The excerpts of `rows` as an INSERT: their words are the context's (weighted A), the body's
// and the folded codes'; a report's description and notes are also kept apart for suggestBilan.
function excerptsInsert(generation: number, rows: ExcerptRow[]) {
  const col = <K extends keyof ExcerptRow>(k: K) => sql.param(rows.map((r) => r[k]))
  return sql`
    INSERT INTO ${assistantExcerpts} (generation, kind, document_id, page, work_order_id, asset_id, context, body, words, learn_words)
    SELECT ${generation}, x.kind, x.document_id, x.page, x.work_order_id, x.asset_id, x.context, x.body,
           setweight(to_tsvector('palier_fr', x.context), 'A') || to_tsvector('palier_fr', x.body) || to_tsvector('simple', x.codes),
           CASE WHEN x.learn IS NULL THEN NULL ELSE to_tsvector('palier_fr', x.learn) END
    FROM unnest(${col('kind')}::text[], ${col('documentId')}::uuid[], ${col('page')}::int[], ${col('workOrderId')}::uuid[],
                ${col('assetId')}::uuid[], ${col('context')}::text[], ${col('body')}::text[], ${col('codes')}::text[], ${col('learn')}::text[])
      AS x(kind, document_id, page, work_order_id, asset_id, context, body, codes, learn)
    ON CONFLICT DO NOTHING`
}

/** Writes excerpts in one statement (a report already there is left as it is). */
export async function insertExcerpts(db: Db, generation: number, rows: ExcerptRow[]): Promise<void> {
  if (!rows.length) return
  await db.execute(excerptsInsert(generation, rows))
}

/** Closed orders that the generation does not hold, closed since it began building. */
export async function reportsClosedSince(db: Db, generation: number, limit: number): Promise<ReportSource[]> {
  return rowsOf<ReportSource>(db.execute(sql`
    ${reportSelect}
    WHERE w.status = 'DONE' AND ${hasReport}
      -- A margin for an order closed in a transaction that committed after the build passed it.
      AND w.completed_at >= (SELECT g.started_at - interval '5 minutes' FROM ${assistantGenerations} g WHERE g.id = ${generation})
      AND NOT EXISTS (SELECT 1 FROM ${assistantExcerpts} e WHERE e.generation = ${generation} AND e.kind = 'REPORT' AND e.work_order_id = w.id)
    ORDER BY w.completed_at, w.id LIMIT ${limit}`))
}

/**
 * Adds reports to a READY generation, with their words' counts and suggestBilan's evidence, in
 * one statement: replicas doing it at once add each report once (the report key decides).
 */
export async function appendReports(db: Db, generation: number, rows: ExcerptRow[]): Promise<number> {
  if (!rows.length) return 0
  const [row] = await rowsOf<{ n: number }>(db.execute(sql`
    WITH ins AS (${excerptsInsert(generation, rows)} RETURNING work_order_id, words, learn_words),
    words AS (
      INSERT INTO ${assistantWords} (generation, word, excerpts)
      SELECT ${generation}, l.word, count(*)::int FROM ins CROSS JOIN LATERAL unnest(tsvector_to_array(ins.words)) l(word)
      GROUP BY l.word ORDER BY l.word
      ON CONFLICT (generation, word) DO UPDATE SET excerpts = ${assistantWords}.excerpts + excluded.excerpts),
    stems AS (
      INSERT INTO ${assistantCodeStems} (generation, stem, value_id, reports)
      SELECT ${generation}, s.stem, v.id, count(*)::int
      FROM ins JOIN ${workOrders} w ON w.id = ins.work_order_id
      CROSS JOIN LATERAL unnest(array_append(tsvector_to_array(coalesce(ins.learn_words, ''::tsvector)), '')) s(stem)
      CROSS JOIN LATERAL (VALUES (w.report_symptom_id), (w.report_component_id), (w.report_cause_id),
                                 (w.report_action_id), (w.report_result_id), (w.report_circumstance_id)) v(id)
      WHERE v.id IS NOT NULL
      GROUP BY s.stem, v.id ORDER BY s.stem, v.id
      ON CONFLICT (generation, stem, value_id) DO UPDATE SET reports = ${assistantCodeStems}.reports + excluded.reports),
    counted AS (
      UPDATE ${assistantGenerations} SET result = jsonb_set(result, '{excerpts}', to_jsonb(coalesce((result->>'excerpts')::int, 0) + (SELECT count(*) FROM ins)::int))
      WHERE id = ${generation} AND result IS NOT NULL)
    SELECT count(*)::int AS n FROM ins`))
  return row?.n ?? 0
}

/** The generation's lexemes and how many excerpts hold each (typos, rarity). */
export async function buildWords(db: Db, generation: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${assistantWords} (generation, word, excerpts)
    SELECT ${generation}, word, ndoc FROM ts_stat(${`SELECT words FROM assistant_excerpts WHERE generation = ${generation}`})`)
}

/** Reports learnt from by suggestBilan: the newest this many (enough to learn the habits). */
export const LEARNT_REPORTS = 100_000

/** For each stem of reports' descriptions and notes, how many reports used each value with it. */
export async function buildCodeStems(db: Db, generation: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${assistantCodeStems} (generation, stem, value_id, reports)
    SELECT ${generation}, s.stem, v.id, count(*)::int
    FROM (SELECT e.work_order_id, e.learn_words FROM ${assistantExcerpts} e
          WHERE e.generation = ${generation} AND e.kind = 'REPORT' ORDER BY e.id DESC LIMIT ${LEARNT_REPORTS}) e
    JOIN ${workOrders} w ON w.id = e.work_order_id
    CROSS JOIN LATERAL unnest(array_append(tsvector_to_array(coalesce(e.learn_words, ''::tsvector)), '')) s(stem)
    CROSS JOIN LATERAL (VALUES (w.report_symptom_id), (w.report_component_id), (w.report_cause_id),
                               (w.report_action_id), (w.report_result_id), (w.report_circumstance_id)) v(id)
    WHERE v.id IS NOT NULL
    GROUP BY s.stem, v.id`)
}

/**
 * Fresh statistics on the assistant's tables: a new generation doubles their rows, and plans
 * made on the old counts walk every word of a generation for one typo.
 */
export async function analyzeIndex(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE ${assistantExcerpts}, ${assistantWords}, ${assistantCodeStems}`)
}

/** Bytes the generation's rows take (excerpts with their words, lexemes, evidence). */
export async function generationBytes(db: Db, generation: number): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(db.execute(sql`
    SELECT coalesce((SELECT sum(pg_column_size(e.*)) FROM ${assistantExcerpts} e WHERE e.generation = ${generation}), 0)
         + coalesce((SELECT sum(pg_column_size(w.*)) FROM ${assistantWords} w WHERE w.generation = ${generation}), 0)
         + coalesce((SELECT sum(pg_column_size(s.*)) FROM ${assistantCodeStems} s WHERE s.generation = ${generation}), 0) AS n`))
  return Number(row?.n ?? 0)
}
