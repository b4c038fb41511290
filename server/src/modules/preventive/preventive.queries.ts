import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Scope } from '../../http/principal.ts'
import { assets } from '../assets/assets.tables.ts'
import { workOrderAssignees, workOrders } from '../work-orders/work-orders.tables.ts'
import { taskTemplates } from './preventive.tables.ts'
import { ownRecords, withinSites } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Db } from '../../platform/db.ts'

export const TASK_TEMPLATE_LABEL_KEY = 'task_templates_label_key'

const templateColumns = {
  id: taskTemplates.id,
  label: taskTemplates.label,
  periodicityMonths: taskTemplates.periodicityMonths,
  isActive: taskTemplates.isActive,
}

export function listTaskTemplates(db: Db, filter: { active?: boolean }) {
  const where: SQL[] = []
  if (filter.active !== undefined) where.push(eq(taskTemplates.isActive, filter.active))
  return db.select(templateColumns).from(taskTemplates).where(and(...where))
    .orderBy(asc(taskTemplates.periodicityMonths), asc(sql`lower(${taskTemplates.label})`), asc(taskTemplates.id))
}

export async function insertTaskTemplate(db: Db, row: { id: string; label: string; periodicityMonths: number; createdAt: Date }) {
  const [created] = await db.insert(taskTemplates).values(row).returning(templateColumns)
  return created
}

/** One statement; undefined when no task has this id. */
export async function updateTaskTemplateRow(db: Db, id: string, set: { label?: string; periodicityMonths?: number; isActive?: boolean }) {
  const [row] = await db.update(taskTemplates).set(set).where(eq(taskTemplates.id, id)).returning(templateColumns)
  return row
}

/** Grids the caller may count (`w` a grid, `a` its asset): on its sites, and only its own (assigned to it) without view-other. */
function visibleGrid(scope: Scope): SQL {
  return and(
    withinSites(sql`a.site_id`, scope),
    ownRecords(scope, (userId) => sql`(w.created_by = ${userId} OR EXISTS (SELECT 1 FROM ${workOrderAssignees} woa WHERE woa.work_order_id = w.id AND woa.user_id = ${userId}))`),
  ) ?? sql`true`
}

export interface StatusCounts { generated: number; finished: number; late: number; firstControls: number }

/**
 * The month's grids are reached asset by asset through the (asset, period) unique index (the
 * LATERAL … LIMIT 1 keeps the planner from scanning every work order for the period key), the
 * overdue ones of any month through the status index (only unfinished orders are read); both
 * counts in one round trip.
 */
export async function preventiveStatusCounts(db: Db, scope: Scope, periodKey: string, now: Date): Promise<StatusCounts> {
  const visible = visibleGrid(scope)
  const [r] = await rowsOf<{ generated: number; finished: number; first_controls: number; late: number }>(db.execute(sql`
    SELECT m.generated, m.finished, m.first_controls, l.late
    FROM (
      SELECT count(*)::int AS generated,
             (count(*) FILTER (WHERE w.status = 'DONE'))::int AS finished,
             (count(*) FILTER (WHERE w.first_control))::int AS first_controls
      FROM ${assets} a
      CROSS JOIN LATERAL (
        SELECT w.id, w.status, w.first_control, w.created_by FROM ${workOrders} w
        WHERE w.asset_id = a.id AND w.period_key = ${periodKey} LIMIT 1
      ) w
      WHERE ${visible}
    ) m, (
      SELECT count(*)::int AS late
      FROM ${workOrders} w JOIN ${assets} a ON a.id = w.asset_id
      WHERE w.status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD') AND w.period_key IS NOT NULL
        AND w.due_at < ${now.toISOString()}::timestamptz AND ${visible}
    ) l`))
  return { generated: r.generated, finished: r.finished, late: r.late, firstControls: r.first_controls }
}
