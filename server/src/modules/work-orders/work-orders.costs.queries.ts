// The costs of a work order (SQL only): parts lines are the order's CONSUMPTION movements in
// the stock ledger, labour lines the rows of work_order_labor, each with its price frozen at
// entry. The detail statement selects `costsJson` (same round trip as the rest of the detail).
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { isoUtc } from '../../db/json.queries.ts'
import { parts, stockMovements } from '../parts/parts.tables.ts'
import { personJson } from '../users/users.queries.ts'
import { users } from '../users/users.tables.ts'
import { workOrderLabor, workOrders } from './work-orders.tables.ts'
import type { Db } from '../../platform/db.ts'
import type { PersonJson } from './work-orders.detail.queries.ts'
import { MAX_COST_LINES } from './work-orders.schemas.ts'

export interface PartLineJson {
  id: string; partId: string; partReference: string; designation: string; quantity: number; unitPriceCents: number
  totalCents: number; consumedBy: PersonJson | null; consumedAt: string
}
export interface LaborLineJson {
  id: string; person: PersonJson; workedOn: string; minutes: number; hourlyRateCents: number; totalCents: number
  createdBy: PersonJson | null; createdAt: string
}
export interface CostsJson { parts: PartLineJson[]; labor: LaborLineJson[]; partsCents: number; laborCents: number; totalCents: number }

// The outer order of the detail statement (not imported from it: that module imports this one).
const outerOrderId = sql`${workOrders}.${sql.identifier('id')}`
const LIMIT = sql.raw(String(MAX_COST_LINES))
const person = (column: string) => personJson(sql.raw(column))

// A consumption is stored negative; its line shows the units used. Line total = units × the
// frozen unit price; a labour line = minutes × the frozen hourly rate / 60, rounded to the
// cent (half up). Totals add every line, not only the ones shown.
const partTotal = (m: string) => sql.raw(`(-${m}.quantity)::bigint * ${m}.unit_price_cents`)
const laborTotal = (l: string) => sql.raw(`((${l}.minutes::bigint * ${l}.hourly_rate_cents + 30) / 60)`)

const partsSum = sql`(SELECT coalesce(sum(${partTotal('c')}), 0) FROM ${stockMovements} c WHERE c.work_order_id = ${outerOrderId})`
const laborSum = sql`(SELECT coalesce(sum(${laborTotal('c')}), 0) FROM ${workOrderLabor} c WHERE c.work_order_id = ${outerOrderId})`

/**
 * The order's cost block as JSON: the oldest lines first (the last MAX_COST_LINES of each).
 * Parts and people are looked up by key per line shown: joined, the statement's generic plan
 * hashes every part and every user at each call.
 */
export const costsJson = sql<CostsJson>`(SELECT json_build_object(
  'parts', coalesce((
    SELECT json_agg(json_build_object('id', m.id, 'partId', m.part_id,
        'partReference', (SELECT p.reference FROM ${parts} p WHERE p.id = m.part_id),
        'designation', (SELECT p.designation FROM ${parts} p WHERE p.id = m.part_id),
        'quantity', -m.quantity, 'unitPriceCents', m.unit_price_cents, 'totalCents', ${partTotal('m')},
        'consumedBy', ${person('m.actor_id')}, 'consumedAt', ${isoUtc(sql`m.created_at`)}) ORDER BY m.created_at, m.id)
    FROM (SELECT * FROM ${stockMovements} sm WHERE sm.work_order_id = ${outerOrderId}
          ORDER BY sm.created_at DESC, sm.id DESC LIMIT ${LIMIT}) m), '[]'::json),
  'labor', coalesce((
    SELECT json_agg(json_build_object('id', l.id, 'person', ${person('l.user_id')}, 'workedOn', to_char(l.worked_on, 'YYYY-MM-DD'),
        'minutes', l.minutes, 'hourlyRateCents', l.hourly_rate_cents, 'totalCents', ${laborTotal('l')},
        'createdBy', ${person('l.created_by')}, 'createdAt', ${isoUtc(sql`l.created_at`)}) ORDER BY l.created_at, l.id)
    FROM (SELECT * FROM ${workOrderLabor} wl WHERE wl.work_order_id = ${outerOrderId}
          ORDER BY wl.created_at DESC, wl.id DESC LIMIT ${LIMIT}) l), '[]'::json),
  'partsCents', sums.parts,
  'laborCents', sums.labor,
  'totalCents', sums.parts + sums.labor)
  -- Each sum read once (the total adds them): OFFSET 0 keeps the planner from pulling the
  -- sub-select up, which would copy each sum's sub-plan into every place that names it.
  FROM (SELECT ${partsSum} AS parts, ${laborSum} AS labor OFFSET 0) sums)`

/** The person's hourly rate, if the person is an active user (undefined otherwise). */
export async function activeUserRate(db: Db, userId: string): Promise<{ hourlyRateCents: number | null } | undefined> {
  const [row] = await db.select({ hourlyRateCents: users.hourlyRateCents }).from(users)
    .where(and(eq(users.id, userId), isNotNull(users.activatedAt), isNull(users.disabledAt)))
  return row
}

export async function insertLabor(db: Db, row: typeof workOrderLabor.$inferInsert) {
  await db.insert(workOrderLabor).values(row)
}
