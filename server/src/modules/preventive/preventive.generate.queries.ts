// Preventive generation for a whole fleet in one statement: the grids, their checklists and
// their GENERATED events are written by INSERT … SELECT over every asset under contract,
// never row by row (docs/work-orders.md has the conventions followed here).
import { eq, sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { checklistItems, workOrderDetails, workOrderEvents, workOrders } from '../work-orders/work-orders.tables.ts'
import { preventiveRuns, taskTemplates } from './preventive.tables.ts'
import { rowsOf, uuidv7Sql } from '../../db/set-based.queries.ts'
import { withinSites } from '../../db/scope.queries.ts'
import type { Db } from '../../platform/db.ts'

// Any constant: the same for every replica. One lock for every month, because a month's
// first controls and anchors depend on the grids of the months before it.
export const GENERATION_LOCK = 727_465_010

/** Waits until no other transaction generates (a caller's answer then counts what is really there). */
export async function waitForGenerationLock(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${GENERATION_LOCK})`)
}

/** The monthly job: true when this transaction holds the lock, false while another one generates. */
export async function tryGenerationLock(tx: Db): Promise<boolean> {
  const [row] = await rowsOf<{ locked: boolean }>(tx.execute(sql`SELECT pg_try_advisory_xact_lock(${GENERATION_LOCK}) AS locked`))
  return row.locked
}

export async function monthRecorded(db: Db, periodKey: string): Promise<boolean> {
  const rows = await db.select({ key: preventiveRuns.periodKey }).from(preventiveRuns).where(eq(preventiveRuns.periodKey, periodKey))
  return rows.length > 0
}

/** Marks the month as generated for the whole fleet; a later run of the same month adds what it created. */
export async function recordRun(db: Db, run: { periodKey: string; ranAt: Date; created: number; firstControls: number }): Promise<void> {
  await db.insert(preventiveRuns).values(run).onConflictDoUpdate({
    target: preventiveRuns.periodKey,
    set: {
      created: sql`${preventiveRuns.created} + excluded.created`,
      firstControls: sql`${preventiveRuns.firstControls} + excluded.first_controls`,
    },
  })
}

export interface GridsToGenerate {
  periodKey: string
  /** monthIndex(periodKey): year * 12 + month - 1. */
  monthIndex: number
  dueAt: Date
  now: Date
  /** The caller, or null for the monthly job (the events' actor). */
  actorId: string | null
  /** Non-null: only assets on these sites. */
  siteIds: string[] | null
  description: { regular: string; firstControl: string }
}

export interface GenerationCounts { created: number; firstControls: number; alreadyPresent: number }

const monthIndexOf = (key: SQL) => sql`(substr(${key}, 1, 4)::int * 12 + substr(${key}, 6, 2)::int - 1)`
const utcMonthIndex = (ts: SQL) => sql`(extract(year FROM ${ts} AT TIME ZONE 'UTC') * 12 + extract(month FROM ${ts} AT TIME ZONE 'UTC') - 1)::int`

/**
 * One grid per eligible asset (under contract, commissioned by the end of the month, on the
 * given sites) that has none for the month, with its due tasks and its event; the
 * (asset, period) unique index skips any grid written meanwhile. An asset's first control
 * (no grid before this month) lists every active task; otherwise a task of periodicity p is
 * due when p divides the months between the asset's anchor (commissioning month, else the
 * month of its first grid) and this month, so monthly tasks always are.
 */
export async function generateGrids(tx: Db, g: GridsToGenerate): Promise<GenerationCounts> {
  const key = sql`${g.periodKey}::text`
  const idx = sql`${g.monthIndex}::int`
  const now = sql`${g.now.toISOString()}::timestamptz`
  const inSites = withinSites(sql`a.site_id`, { siteIds: g.siteIds }) ?? sql`true`
  // A fleet's first controls sort some 60,000 checklist rows (5,000 assets × 12 tasks): in
  // memory rather than spilled to disk at the default 4 MB. For this transaction only.
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`)
  // Thousands of new orders: their stored details are marked stale here in one statement and
  // built in the background, rather than one rebuild per order at commit (migration 0017).
  await tx.execute(sql`SET LOCAL palier.work_order_details = 'stale'`)
  const [r] = await rowsOf<{ created: number; first_controls: number; eligible: number }>(tx.execute(sql`
    WITH eligible AS (
      SELECT e.* FROM (
        SELECT a.id AS asset_id, a.reference,
          EXISTS (SELECT 1 FROM ${workOrders} w WHERE w.asset_id = a.id AND w.period_key = ${key}) AS present,
          (SELECT min(w.period_key) FROM ${workOrders} w WHERE w.asset_id = a.id AND w.period_key IS NOT NULL) AS first_period,
          CASE WHEN a.commissioned_at IS NULL THEN NULL ELSE ${utcMonthIndex(sql`a.commissioned_at`)} END AS commissioned_index
        FROM ${assets} a
        WHERE a.under_contract AND ${inSites}
      ) e
      WHERE e.commissioned_index IS NULL OR e.commissioned_index <= ${idx}
    ),
    candidates AS (
      SELECT asset_id, reference,
        (first_period IS NULL OR first_period > ${key}) AS first_control,
        coalesce(commissioned_index, ${monthIndexOf(sql`least(first_period, ${key})`)}) AS anchor
      FROM eligible
      WHERE NOT present
    ),
    due AS (
      SELECT c.asset_id, t.id AS template_id, t.label,
        row_number() OVER (PARTITION BY c.asset_id ORDER BY t.periodicity_months, lower(t.label), t.id) AS position
      FROM candidates c
      JOIN ${taskTemplates} t ON t.is_active AND (c.first_control OR (${idx} - c.anchor) % t.periodicity_months = 0)
    ),
    numbered AS (
      SELECT s.asset_id, s.first_control, s.n, 'OT-' || lpad(s.n::text, greatest(6, length(s.n::text)), '0') AS reference
      FROM (SELECT c.asset_id, c.first_control, nextval('work_order_number_seq') AS n
            FROM (SELECT * FROM candidates ORDER BY reference, asset_id) c) s
    ),
    grids AS (
      INSERT INTO ${workOrders} (id, reference, number, type, status, priority, priority_rank, person_blocked, asset_id,
        description, due_at, created_by, period_key, first_control, created_at, updated_at)
      SELECT ${uuidv7Sql()}, reference, n, 'PREVENTIVE', 'OPEN', 'NORMAL', 2, false, asset_id,
        CASE WHEN first_control THEN ${g.description.firstControl}::text ELSE ${g.description.regular}::text END,
        ${g.dueAt.toISOString()}::timestamptz, NULL, ${key}, first_control, ${now}, ${now}
      FROM numbered
      ON CONFLICT (asset_id, period_key) WHERE period_key IS NOT NULL DO NOTHING
      RETURNING id, asset_id, first_control
    ),
    items AS (
      INSERT INTO ${checklistItems} (id, work_order_id, task_template_id, label, position, status)
      SELECT ${uuidv7Sql()}, grids.id, d.template_id, d.label, d.position, 'TODO'
      FROM grids JOIN due d ON d.asset_id = grids.asset_id
    ),
    events AS (
      INSERT INTO ${workOrderEvents} (id, work_order_id, kind, actor_id, at, payload)
      SELECT ${uuidv7Sql()}, grids.id, 'GENERATED', ${g.actorId}::uuid, ${now},
        jsonb_build_object('periodKey', ${key}, 'firstControl', grids.first_control, 'taskCount', coalesce(d.n, 0))
      FROM grids LEFT JOIN (SELECT asset_id, count(*)::int AS n FROM due GROUP BY asset_id) d ON d.asset_id = grids.asset_id
    ),
    details AS (
      INSERT INTO ${workOrderDetails} (work_order_id) SELECT id FROM grids
    )
    SELECT (SELECT count(*)::int FROM grids) AS created,
           (SELECT count(*)::int FROM grids WHERE first_control) AS first_controls,
           (SELECT count(*)::int FROM eligible) AS eligible`))
  return { created: r.created, firstControls: r.first_controls, alreadyPresent: r.eligible - r.created }
}
