// The assistant's reads (docs/assistant.md): the generation answering, the words of a
// question, the excerpts a caller may read, and suggestBilan's learnt evidence. Every excerpt
// is filtered by its source as that source's own listing would be: a document must still be
// in the corpus and seen through its elevator (ASSETS) or order (WORK_ORDERS); a report through
// its order (WORK_ORDERS: own orders without view-other, the caller's sites).
import { sql, type SQL } from 'drizzle-orm'
import { assetComponents, assets } from '../assets/assets.tables.ts'
import { documents } from '../documents/documents.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { assistantCodeStems, assistantExcerpts, assistantGenerations, assistantWords } from './assistant.tables.ts'
import { ownRecords, withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import type { ReportField } from '../reference-values/reference-values.fields.ts'
import { ownedByIds } from '../work-orders/work-orders.list.queries.ts'

/** The generation answering questions: the newest READY one, or null before any re-indexing. */
export async function activeGeneration(db: Db): Promise<{ id: number; excerpts: number } | null> {
  const [row] = await rowsOf<{ id: number; excerpts: number }>(db.execute(sql`
    SELECT g.id, coalesce((g.result->>'excerpts')::int, 0) AS excerpts FROM ${assistantGenerations} g
    WHERE g.status = 'READY' ORDER BY g.id DESC LIMIT 1`))
  return row ?? null
}

/** The stems of a text (`palier_fr`), in order of first appearance, without one-letter ones. */
export async function lexemesOf(db: Db, text: string): Promise<string[]> {
  const rows = await rowsOf<{ l: string }>(db.execute(sql`
    SELECT l FROM unnest(to_tsvector('palier_fr', ${text})) u(l, positions, weights)
    WHERE length(l) > 1 ORDER BY positions[1]`))
  return rows.map((r) => r.l)
}

export interface LexemeInfo { lexeme: string; excerpts: number; nearest: string | null; similarity: number }

/**
 * How many excerpts of the generation hold each lexeme, and for one that none holds, the
 * nearest known lexeme by trigrams (a typo: « serag » → « serrag »).
 */
export async function lexemeInfo(db: Db, generation: number, lexemes: string[]): Promise<LexemeInfo[]> {
  if (!lexemes.length) return []
  return rowsOf<LexemeInfo>(db.execute(sql`
    SELECT q.l AS lexeme, coalesce(w.excerpts, 0) AS excerpts, n.word AS nearest, coalesce(n.sim, 0)::float8 AS similarity
    FROM unnest(${sql.param(lexemes)}::text[]) q(l)
    LEFT JOIN ${assistantWords} w ON w.generation = ${generation} AND w.word = q.l
    LEFT JOIN LATERAL (
      SELECT x.word, similarity(x.word, q.l) AS sim FROM ${assistantWords} x
      WHERE w.word IS NULL AND length(q.l) >= 4 AND q.l !~ '[^a-z]' AND x.word !~ '[^a-z]' AND x.generation = ${generation} AND x.word % q.l
      ORDER BY similarity(x.word, q.l) DESC, x.excerpts DESC LIMIT 1) n ON true`))
}

/** Known codes ending with a bare number of the question (« 301 » → « e301 »). */
export async function codesEndingWith(db: Db, generation: number, numbers: string[]): Promise<string[]> {
  if (!numbers.length) return []
  const rows = await rowsOf<{ word: string }>(db.execute(sql`
    SELECT x.word FROM ${assistantWords} x, unnest(${sql.param(numbers)}::text[]) n(num)
    WHERE x.generation = ${generation} AND x.word ~ ('^[a-z]{1,4}' || n.num || '$') LIMIT 20`))
  return rows.map((r) => r.word)
}

/** How many excerpts the generation holds (the corpus size, for term rarity). */
export async function excerptCount(db: Db, generation: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db.execute(sql`
    SELECT count(*)::int AS n FROM ${assistantExcerpts} WHERE generation = ${generation}`))
  return row?.n ?? 0
}

export interface Reach {
  /** Scope in ASSETS (documents on elevators), null without the view right. */
  assets: Scope | null
  /** Scope in WORK_ORDERS (reports, documents on orders), null without the view right. */
  workOrders: Scope | null
}

const orderVisible = (s: Scope): SQL => sql`(${ownRecords(s, (u) => ownedByIds(sql`${u}::uuid`)) ?? sql`true`}
  AND ${s.siteIds ? sql`${workOrders.assetId} IN (SELECT a2.id FROM ${assets} a2 WHERE ${withinSites(sql`a2.site_id`, s)})` : sql`true`})`

/** Excerpts the caller may read: the source still there, in the corpus, and in its scope. */
function readable(reach: Reach): SQL {
  const onAsset = reach.assets
    ? sql`(${documents.assetId} IS NOT NULL AND ${reach.assets.siteIds ? sql`${documents.assetId} IN (SELECT a3.id FROM ${assets} a3 WHERE ${withinSites(sql`a3.site_id`, reach.assets)})` : sql`true`})`
    : sql`false`
  const onOrder = reach.workOrders ? sql`(${workOrders.id} IS NOT NULL AND ${orderVisible(reach.workOrders)})` : sql`false`
  return sql`CASE e.kind
    WHEN 'DOCUMENT' THEN ${documents.id} IS NOT NULL AND ${documents.inCorpus} AND (${onAsset} OR (${documents.workOrderId} IS NOT NULL AND ${onOrder}))
    ELSE ${onOrder} END`
}

export interface Candidate {
  id: number
  kind: 'DOCUMENT' | 'REPORT'
  documentId: string | null
  fileName: string | null
  page: number | null
  workOrderId: string | null
  workOrderReference: string | null
  assetId: string | null
  assetReference: string | null
  context: string
  body: string
  lexemes: string[]
  rank: number
}

const candidateColumns = sql`e.id::int AS id, e.kind, e.document_id AS "documentId", ${documents.fileName} AS "fileName", e.page,
  coalesce(e.work_order_id, ${documents.workOrderId}) AS "workOrderId", ${workOrders.reference} AS "workOrderReference",
  e.asset_id AS "assetId", ${assets.reference} AS "assetReference", e.context, e.body,
  tsvector_to_array(e.words) AS lexemes, e.rank::float8 AS rank`

/**
 * Manual pages matching any term of the question (`any`, a tsquery in its text form), those
 * matching every term (`every`) first, then by rank: the pages are few (their own index), so
 * all of them are ranked.
 */
export async function documentCandidates(db: Db, generation: number, any: string, every: string, reach: Reach, limit: number): Promise<Candidate[]> {
  return rowsOf<Candidate>(db.execute(sql`
    SELECT ${candidateColumns}
    FROM (SELECT e.*, ts_rank_cd(e.words, ${any}::tsquery, 1) AS rank, e.words @@ ${every || any}::tsquery AS every
          FROM ${assistantExcerpts} e
          WHERE e.generation = ${generation} AND e.kind = 'DOCUMENT' AND e.words @@ ${any}::tsquery) e
    LEFT JOIN ${documents} ON ${documents.id} = e.document_id
    LEFT JOIN ${workOrders} ON ${workOrders.id} = ${documents.workOrderId}
    LEFT JOIN ${assets} ON ${assets.id} = e.asset_id
    WHERE ${readable(reach)}
    ORDER BY e.every DESC, e.rank DESC, e.id LIMIT ${limit}`))
}

// Reports matching every term, at most this many ranked: a question of common words (« porte
// bloquée ») matches tens of thousands of reports at scale, and any of them tells the same.
const REPORTS_RANKED = 400

/**
 * Reports the caller may read that hold every term of the question (`every`: a report answers
 * only then), the best first; with an elevator, its own reports before any other.
 */
export async function reportCandidates(db: Db, generation: number, every: string, reach: Reach, assetId: string | null, limit: number): Promise<Candidate[]> {
  if (!reach.workOrders || !every) return []
  const ranked = (only: SQL) => sql`
    SELECT ${candidateColumns}
    FROM (SELECT e.*, ts_rank_cd(e.words, ${every}::tsquery, 1) AS rank
          FROM (SELECT e.* FROM ${assistantExcerpts} e JOIN ${workOrders} ON ${workOrders.id} = e.work_order_id
                WHERE e.generation = ${generation} AND e.kind = 'REPORT' AND ${only} AND e.words @@ ${every}::tsquery
                  AND ${orderVisible(reach.workOrders!)}
                LIMIT ${REPORTS_RANKED}) e) e
    JOIN ${workOrders} ON ${workOrders.id} = e.work_order_id
    LEFT JOIN ${documents} ON false
    LEFT JOIN ${assets} ON ${assets.id} = e.asset_id
    ORDER BY e.rank DESC, e.id LIMIT ${limit}`
  const [own, all] = await Promise.all([
    assetId ? rowsOf<Candidate>(db.execute(ranked(sql`e.asset_id = ${assetId}`))) : Promise.resolve([]),
    rowsOf<Candidate>(db.execute(ranked(sql`true`))),
  ])
  const seen = new Set(own.map((c) => c.id))
  return [...own, ...all.filter((c) => !seen.has(c.id))]
}

export interface AskedAsset { id: string; brand: string; model: string | null; reference: string }

/** The elevator a question is about, when the caller may see it (ASSETS scope). */
export async function assetFor(db: Db, id: string, scope: Scope): Promise<AskedAsset | undefined> {
  const [row] = await rowsOf<AskedAsset>(db.execute(sql`
    SELECT ${assets.id} AS id, ${assets.brand} AS brand, ${assets.model} AS model, ${assets.reference} AS reference FROM ${assets}
    WHERE ${assets.id} = ${id} AND ${withinSites(assets.siteId, scope) ?? sql`true`}`))
  return row
}

export interface ActiveValue { id: string; field: ReportField; label: string; lexemes: string[] }

/** The active reference values with the stems of their labels. */
export async function activeValues(db: Db): Promise<ActiveValue[]> {
  return rowsOf<ActiveValue>(db.execute(sql`
    SELECT ${referenceValues.id} AS id, ${referenceValues.field} AS field, ${referenceValues.label} AS label,
           tsvector_to_array(to_tsvector('palier_fr', ${referenceValues.label})) AS lexemes
    FROM ${referenceValues} WHERE ${referenceValues.isActive} ORDER BY ${referenceValues.field}, ${referenceValues.position}, ${referenceValues.label}`))
}

/** Reports of the generation holding each stem, per value used ('' : all reports per value). */
export async function codeEvidence(db: Db, generation: number, stems: string[]): Promise<{ stem: string; valueId: string; reports: number }[]> {
  return rowsOf(db.execute(sql`
    SELECT s.stem, s.value_id AS "valueId", s.reports FROM ${assistantCodeStems} s
    WHERE s.generation = ${generation} AND s.stem = ANY(${sql.param(['', ...stems])}::text[])`))
}

/** Brands of the fleet: its elevators' and their components'. */
export async function fleetBrands(db: Db): Promise<{ brand: string }[]> {
  return rowsOf<{ brand: string }>(db.execute(sql`
    SELECT DISTINCT ${assets.brand} AS brand FROM ${assets}
    UNION SELECT DISTINCT ${assetComponents.brand} FROM ${assetComponents} WHERE ${assetComponents.brand} IS NOT NULL`))
}
