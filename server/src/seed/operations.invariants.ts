// Invariants of seeded daily operations (docs/work-orders.md), checked by the demo seed's test
// and by the scale seeder's: what the rows say agrees with the activity logs, reports use
// values of their own fields, grids hold the tasks due, references follow the sequences in
// order of creation, approved requests are linked one-to-one.
import assert from 'node:assert/strict'
import { sql, type SQL } from 'drizzle-orm'
import { REPORT_FIELDS } from '../modules/reference-values/reference-values.fields.ts'
import type { Db } from '../platform/db.ts'

const rowsOf = <R>(r: unknown): R[] => ((r as { rows?: R[] }).rows ?? (r as R[]))
export const rows = async <R>(db: Db, q: SQL) => rowsOf<R>(await db.execute(q))

export interface Order {
  id: string; reference: string; number: number; type: string; status: string; priority: string; person_blocked: boolean
  created_at: Date; started_at: Date | null; completed_at: Date | null; cancelled_at: Date | null; released_at: Date | null
  arrived_at: Date | null; left_at: Date | null
  cancel_reason: string | null; period_key: string | null; first_control: boolean; due_at: Date | null; created_by: string | null
  report_updated_at: Date | null; todo: number
}
interface Event { work_order_id: string; kind: string; at: Date; actor_id: string | null; payload: Record<string, any> }

export const ordersOf = (db: Db) => rows<Order>(db, sql`SELECT w.*, (SELECT count(*)::int FROM checklist_items c WHERE c.work_order_id = w.id AND c.status = 'TODO') AS todo FROM work_orders w`)
const eventsOf = (db: Db) => rows<Event>(db, sql`SELECT work_order_id, kind, at, actor_id, payload FROM work_order_events ORDER BY work_order_id, at, id`)
export const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime())

/** Replays each order's activity log and checks that it tells what the row says. */
export async function assertConsistentLogs(db: Db, now: Date): Promise<void> {
  const orders = await ordersOf(db)
  const events = new Map<string, Event[]>()
  for (const e of await eventsOf(db)) events.set(e.work_order_id, [...(events.get(e.work_order_id) ?? []), e])
  const comments = new Set((await rows<{ id: string }>(db, sql`SELECT id FROM work_order_comments`)).map((c) => c.id))
  const items = new Set((await rows<{ id: string }>(db, sql`SELECT id FROM checklist_items`)).map((c) => c.id))
  for (const o of orders) {
    const log = events.get(o.id) ?? []
    assert.ok(log.length > 0, `${o.reference} has an activity log`)
    assert.equal(log[0].kind, o.type === 'PREVENTIVE' ? 'GENERATED' : 'CREATED', o.reference)
    assert.equal(ms(log[0].at), ms(o.created_at), `${o.reference}: the log starts at the creation`)
    let status = 'OPEN'
    let started: number | null = null
    for (const [i, e] of log.entries()) {
      assert.ok(ms(e.at)! <= now.getTime(), `${o.reference}: no event after the seeding instant`)
      if (i > 0) assert.ok(ms(e.at)! >= ms(log[i - 1].at)!, `${o.reference}: chronological`)
      if (e.kind === 'STATUS_CHANGED') {
        assert.equal(e.payload.from, status, `${o.reference}: each move starts where the previous ended`)
        status = e.payload.to
        if (status === 'IN_PROGRESS') started ??= ms(e.at)
        if (status === 'DONE') assert.equal(ms(e.at), ms(o.completed_at), o.reference)
        if (status === 'CANCELLED') {
          assert.equal(ms(e.at), ms(o.cancelled_at), o.reference)
          assert.equal(e.payload.reason, o.cancel_reason, o.reference)
        }
      }
      if (e.kind === 'COMMENTED') assert.ok(comments.has(e.payload.commentId), `${o.reference}: the comment exists`)
      if (e.kind === 'CHECKLIST_UPDATED') assert.ok(items.has(e.payload.itemId) && e.payload.from !== e.payload.to, o.reference)
      if (e.kind === 'REPORT_UPDATED') assert.ok(e.payload.fields.length > 0 && e.payload.fields.every((f: string) => [...REPORT_FIELDS, 'NOTES'].includes(f)))
      if (e.kind === 'GENERATED') assert.deepEqual(Object.keys(e.payload).sort(), ['firstControl', 'periodKey', 'taskCount'])
      if (e.kind === 'ASSIGNEES_CHANGED') assert.ok(Array.isArray(e.payload.added) && Array.isArray(e.payload.removed))
      if (e.kind !== 'GENERATED') assert.ok(e.actor_id, `${o.reference}: ${e.kind} has an actor`)
    }
    assert.equal(status, o.status, `${o.reference}: the log ends in the order's status`)
    // A trapped person's release is recorded with a move (transitionWorkOrder's releasedAt).
    const release = log.find((e) => e.kind === 'STATUS_CHANGED' && e.payload.releasedAt)?.payload.releasedAt
    assert.equal(release === undefined ? null : ms(release), ms(o.released_at), `${o.reference}: release time`)
    if (o.released_at) assert.ok(o.person_blocked && ms(o.released_at)! >= ms(o.created_at)!, o.reference)
    // Breakdown times: each column holds the last value its TIMES_RECORDED events gave it.
    const taps = log.flatMap((e) => (e.kind === 'TIMES_RECORDED' ? e.payload.times as { field: string; to: string }[] : []))
    for (const [field, column] of [['arrivedAt', o.arrived_at], ['leftAt', o.left_at]] as const) {
      const last = taps.filter((c) => c.field === field).at(-1)
      assert.equal(ms(column), last ? ms(last.to) : null, `${o.reference}: ${field}`)
    }
    if (o.arrived_at) assert.ok(o.type === 'CORRECTIVE' && ms(o.arrived_at)! >= ms(o.created_at)!, o.reference)
    assert.equal(ms(o.started_at), started, `${o.reference}: started at its first IN_PROGRESS`)
    if (o.completed_at) assert.ok(ms(o.started_at)! <= ms(o.completed_at)!, o.reference)
    const lastReport = log.filter((e) => e.kind === 'REPORT_UPDATED').at(-1)
    assert.equal(ms(o.report_updated_at), ms(lastReport?.at ?? null), `${o.reference}: report time is its last update`)
    if (o.status === 'DONE') assert.equal(o.todo, 0, `${o.reference}: closed with nothing left to do`)
  }
}

export async function assertReports(db: Db): Promise<void> {
  const wrong = await rows<{ reference: string }>(db, sql`
    SELECT w.reference FROM work_orders w, LATERAL (VALUES ('SYMPTOM', w.report_symptom_id), ('COMPONENT', w.report_component_id),
      ('CAUSE', w.report_cause_id), ('ACTION', w.report_action_id), ('RESULT', w.report_result_id), ('CIRCUMSTANCE', w.report_circumstance_id)) f(field, value_id)
    JOIN reference_values v ON v.id = f.value_id WHERE v.field <> f.field OR NOT v.is_active`)
  assert.deepEqual(wrong, [])
  const incomplete = await rows<{ reference: string }>(db, sql`
    SELECT reference FROM work_orders WHERE status = 'DONE' AND (report_symptom_id IS NULL OR report_component_id IS NULL OR report_cause_id IS NULL
      OR report_action_id IS NULL OR report_result_id IS NULL OR report_circumstance_id IS NULL OR report_updated_by IS NULL)`)
  assert.deepEqual(incomplete, [])
}

/** Grid checklists hold the tasks due (first control: all); `months` grids per asset at most. */
export async function assertGridChecklists(db: Db, months: number): Promise<void> {
  const tasks = await rows<{ id: string; label: string; periodicity_months: number }>(db, sql`SELECT id, label, periodicity_months FROM task_templates WHERE is_active`)
  assert.ok(tasks.some((x) => x.periodicity_months === 1) && tasks.some((x) => x.periodicity_months === 6) && tasks.some((x) => x.periodicity_months === 12))
  const grids = await rows<{ asset_id: string; period_key: string; first_control: boolean; commissioned: string; task_ids: string[]; generated: any }>(db, sql`
    SELECT w.asset_id, w.period_key, w.first_control, to_char(a.commissioned_at, 'YYYY-MM') AS commissioned,
      coalesce((SELECT array_agg(c.task_template_id) FROM checklist_items c WHERE c.work_order_id = w.id), '{}') AS task_ids,
      (SELECT payload FROM work_order_events e WHERE e.work_order_id = w.id AND e.kind = 'GENERATED') AS generated
    FROM work_orders w JOIN assets a ON a.id = w.asset_id WHERE w.type = 'PREVENTIVE' ORDER BY w.asset_id, w.period_key`)
  const monthOf = (k: string) => Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7)) - 1
  let firstControls = 0
  for (const [i, g] of grids.entries()) {
    const first = i === 0 || grids[i - 1].asset_id !== g.asset_id
    assert.equal(g.first_control, first, `${g.period_key}: first control exactly on the asset's first grid`)
    if (first) firstControls++
    const due = tasks.filter((x) => first || x.periodicity_months === 1 || (monthOf(g.period_key) - monthOf(g.commissioned)) % x.periodicity_months === 0)
    assert.deepEqual([...g.task_ids].sort(), due.map((x) => x.id).sort(), `${g.period_key}: the tasks due`)
    assert.deepEqual(g.generated, { periodKey: g.period_key, firstControl: first, taskCount: due.length })
  }
  const runs = await rows<{ period_key: string; created: number; first_controls: number }>(db, sql`SELECT * FROM preventive_runs`)
  assert.equal(runs.length, months)
  assert.equal(runs.reduce((s, r) => s + r.created, 0), grids.length)
  assert.equal(runs.reduce((s, r) => s + r.first_controls, 0), firstControls)
  assert.ok(firstControls > new Set(grids.map((g) => g.asset_id)).size - 1, 'every asset had one')
}

export async function assertReferences(db: Db): Promise<void> {
  for (const [table, prefix, sequence] of [['work_orders', 'OT-', 'work_order_number_seq'], ['requests', 'DEM-', 'request_number_seq']] as const) {
    const list = await rows<{ reference: string; number: number }>(db, sql`SELECT reference, number::int AS number FROM ${sql.identifier(table)} ORDER BY created_at, id`)
    assert.deepEqual(list.map((r) => r.number), list.map((_, i) => i + 1), `${table}: numbered 1…n in order of creation`)
    assert.ok(list.every((r) => r.reference === `${prefix}${String(r.number).padStart(6, '0')}`))
    const [{ next }] = await rows<{ next: number }>(db, sql`SELECT nextval(${sequence})::int AS next`)
    assert.equal(next, list.length + 1, `${sequence} continues after the seeded numbers`)
  }
}

/** Every request state from both sources; approved ones linked one-to-one. */
export async function assertRequests(db: Db) {
  const reqs = await rows<{ id: string; reference: string; status: string; source: string; person_blocked: boolean; requested_by: string | null; contact_name: string | null; tracking_token_hash: string | null; work_order_id: string | null; rejection_reason: string | null; handled_at: Date | null; handled_by: string | null; created_at: Date; o_created: Date | null; o_blocked: boolean | null; linked: any }>(db, sql`
    SELECT r.*, w.created_at AS o_created, w.person_blocked AS o_blocked,
      (SELECT e.payload FROM work_order_events e WHERE e.work_order_id = w.id AND e.kind = 'REQUEST_LINKED') AS linked
    FROM requests r LEFT JOIN work_orders w ON w.id = r.work_order_id`)
  for (const s of ['PENDING', 'APPROVED', 'REJECTED']) for (const src of ['APP', 'PORTAL']) assert.ok(reqs.some((r) => r.status === s && r.source === src), `${s} ${src}`)
  for (const r of reqs) {
    assert.equal(r.source === 'PORTAL', r.tracking_token_hash !== null, r.reference)
    assert.equal(r.source === 'PORTAL' ? r.contact_name !== null && r.requested_by === null : r.requested_by !== null, true, r.reference)
    if (r.status === 'PENDING') assert.equal(r.handled_at, null)
    else assert.ok(r.handled_by && ms(r.handled_at)! >= ms(r.created_at)!, r.reference)
    if (r.status === 'REJECTED') assert.ok(r.rejection_reason)
    if (r.status === 'APPROVED') {
      assert.equal(ms(r.o_created), ms(r.handled_at), `${r.reference}: its order is created on approval`)
      assert.equal(r.o_blocked, r.person_blocked)
      assert.deepEqual(r.linked, { requestId: r.id, requestReference: r.reference })
    }
  }
  const [{ linked }] = await rows<{ linked: number }>(db, sql`SELECT count(*)::int AS linked FROM work_order_events WHERE kind = 'REQUEST_LINKED'`)
  assert.equal(linked, reqs.filter((r) => r.status === 'APPROVED').length)
  return reqs
}
