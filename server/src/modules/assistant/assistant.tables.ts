// The tables of the assistant's index (issue 15, docs/assistant.md), constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { tstz } from '../../db/columns.ts'

// Each re-indexing builds a new generation beside the one answering; the switch is the
// generation's status becoming READY (the newest READY answers). One BUILDING generation at a
// time, across replicas: the partial unique index decides, a second caller joins it.
export const assistantGenerations = pgTable('assistant_generations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  status: text('status').notNull(), // BUILDING | READY | FAILED | RETIRED
  startedAt: tstz('started_at').notNull().defaultNow(),
  // Moved forward while building: a BUILDING row whose builder stopped beating is taken over.
  heartbeatAt: tstz('heartbeat_at').notNull().defaultNow(),
  finishedAt: tstz('finished_at'),
  result: jsonb('result'),
}, (t) => [
  uniqueIndex('assistant_generations_building_key').on(t.status).where(sql`${t.status} = 'BUILDING'`),
  check('assistant_generations_status_check', sql`${t.status} IN ('BUILDING', 'READY', 'FAILED', 'RETIRED')`),
])

// One excerpt per PDF page or closed report, anonymised. Not declared (migration 0009, written
// by the indexer): `words`, the tsvector of context and body with their folded codes, and
// `learn_words`, a report's description and notes alone (what suggestBilan learns from).
export const assistantExcerpts = pgTable('assistant_excerpts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // DOCUMENT | REPORT
  // No foreign keys: a document or order deleted or left out is filtered at reading.
  documentId: uuid('document_id'),
  page: integer('page'),
  workOrderId: uuid('work_order_id'),
  assetId: uuid('asset_id'),
  // What the source is about, shown and matched with the body: the document's title and its
  // elevator's brand and model, or the order's elevator (a page rarely repeats the brand).
  context: text('context').notNull(),
  body: text('body').notNull(),
}, (t) => [
  index('assistant_excerpts_generation_idx').on(t.generation, t.kind),
  uniqueIndex('assistant_excerpts_report_key').on(t.generation, t.workOrderId).where(sql`${t.kind} = 'REPORT'`),
  index('assistant_excerpts_document_idx').on(t.documentId).where(sql`${t.documentId} IS NOT NULL`),
  // An elevator's own reports, looked at first when a question names the elevator.
  index('assistant_excerpts_asset_report_idx').on(t.assetId).where(sql`${t.kind} = 'REPORT'`),
  check('assistant_excerpts_kind_check', sql`${t.kind} IN ('DOCUMENT', 'REPORT')`),
  check('assistant_excerpts_source_check', sql`CASE ${t.kind} WHEN 'DOCUMENT' THEN ${t.documentId} IS NOT NULL AND ${t.page} >= 1 ELSE ${t.workOrderId} IS NOT NULL END`),
])

// The folded words of a generation's excerpts and how many excerpts hold each: typo correction
// (trigrams), unknown-term detection and term rarity.
export const assistantWords = pgTable('assistant_words', {
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  word: text('word').notNull(),
  excerpts: integer('excerpts').notNull(),
}, (t) => [primaryKey({ columns: [t.generation, t.word] })])

// suggestBilan's learnt evidence: for each stem seen in closed reports' descriptions and notes,
// how many reports using each reference value held it (and, with stem '', how many used it).
export const assistantCodeStems = pgTable('assistant_code_stems', {
  generation: integer('generation').notNull().references(() => assistantGenerations.id, { onDelete: 'cascade' }),
  stem: text('stem').notNull(),
  valueId: uuid('value_id').notNull(),
  reports: integer('reports').notNull(),
}, (t) => [primaryKey({ columns: [t.generation, t.stem, t.valueId] })])
