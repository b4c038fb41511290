// The demo's daily operations, read back from the store: what every screen shows must be
// true (states, activity logs, references, links) whatever the seeding instant.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { sql, type SQL } from 'drizzle-orm'
import { REPORT_FIELDS } from '../../modules/reference-values/reference-values.fields.ts'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { DEMO_TRACKING_TOKEN } from './demo-operations-data.ts'
import { tokenHash } from './demo-requests.ts'
import { seedDemo } from './demo.ts'

let t: TestApp
const seededAt = new Date()
before(async () => {
  t = await startTestApp({ env: { DEMO_MODE: '1' } })
  assert.equal(await seedDemo({ database: t.app.deps.database, clock: new ManualClock(seededAt) }), true)
})
after(() => t.close())

const rowsOf = <R>(r: unknown): R[] => ((r as { rows?: R[] }).rows ?? (r as R[]))
const rows = async <R>(app: TestApp, q: SQL) => rowsOf<R>(await app.app.deps.database.db.execute(q))

interface Order {
  id: string; reference: string; number: number; type: string; status: string; priority: string; person_blocked: boolean
  created_at: Date; started_at: Date | null; completed_at: Date | null; cancelled_at: Date | null; released_at: Date | null
  cancel_reason: string | null; period_key: string | null; first_control: boolean; due_at: Date | null; created_by: string | null
  report_updated_at: Date | null; todo: number
}
interface Event { work_order_id: string; kind: string; at: Date; actor_id: string | null; payload: Record<string, any> }

const ordersOf = (app: TestApp) => rows<Order>(app, sql`SELECT w.*, (SELECT count(*)::int FROM checklist_items c WHERE c.work_order_id = w.id AND c.status = 'TODO') AS todo FROM work_orders w`)
const eventsOf = (app: TestApp) => rows<Event>(app, sql`SELECT work_order_id, kind, at, actor_id, payload FROM work_order_events ORDER BY work_order_id, at, id`)
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime())

/** Replays each order's activity log and checks that it tells what the row says. */
async function assertConsistentLogs(app: TestApp, now: Date) {
  const orders = await ordersOf(app)
  const events = new Map<string, Event[]>()
  for (const e of await eventsOf(app)) events.set(e.work_order_id, [...(events.get(e.work_order_id) ?? []), e])
  const comments = new Set((await rows<{ id: string }>(app, sql`SELECT id FROM work_order_comments`)).map((c) => c.id))
  const items = new Set((await rows<{ id: string }>(app, sql`SELECT id FROM checklist_items`)).map((c) => c.id))
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
      if (e.kind === 'REPORT_UPDATED') assert.ok(e.payload.fields.length > 0 && e.payload.fields.every((f: string) => (REPORT_FIELDS as readonly string[]).includes(f)))
      if (e.kind === 'GENERATED') assert.deepEqual(Object.keys(e.payload).sort(), ['firstControl', 'periodKey', 'taskCount'])
      if (e.kind === 'ASSIGNEES_CHANGED') assert.ok(Array.isArray(e.payload.added) && Array.isArray(e.payload.removed))
      if (e.kind !== 'GENERATED') assert.ok(e.actor_id, `${o.reference}: ${e.kind} has an actor`)
    }
    assert.equal(status, o.status, `${o.reference}: the log ends in the order's status`)
    assert.equal(ms(o.started_at), started, `${o.reference}: started at its first IN_PROGRESS`)
    if (o.completed_at) assert.ok(ms(o.started_at)! <= ms(o.completed_at)!, o.reference)
    const lastReport = log.filter((e) => e.kind === 'REPORT_UPDATED').at(-1)
    assert.equal(ms(o.report_updated_at), ms(lastReport?.at ?? null), `${o.reference}: report time is its last update`)
    if (o.status === 'DONE') assert.equal(o.todo, 0, `${o.reference}: closed with nothing left to do`)
  }
}

test('corrective orders in every state, cancelled ones with their reason, trapped persons urgent and released when done', async () => {
  const orders = await ordersOf(t)
  const corrective = orders.filter((o) => o.type === 'CORRECTIVE')
  for (const s of ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED']) assert.ok(corrective.some((o) => o.status === s), s)
  assert.ok(corrective.filter((o) => o.status === 'DONE').length > corrective.length / 2)
  assert.ok(corrective.filter((o) => o.status === 'CANCELLED').every((o) => o.cancel_reason && o.cancelled_at))
  const trapped = corrective.filter((o) => o.person_blocked)
  assert.ok(trapped.length >= 3 && trapped.every((o) => o.priority === 'URGENT'))
  assert.ok(trapped.some((o) => o.status === 'OPEN' && o.released_at === null), 'a trapped person is waiting now')
  for (const o of trapped.filter((x) => x.status === 'DONE')) {
    assert.ok(o.released_at && ms(o.created_at)! < ms(o.released_at)! && ms(o.released_at)! <= ms(o.completed_at)!, o.reference)
  }
  assert.ok(corrective.some((o) => ms(o.created_at)! > seededAt.getTime() - 7 * 86_400_000), 'recent activity')
  assert.ok(corrective.some((o) => ms(o.created_at)! < seededAt.getTime() - 300 * 86_400_000), 'a year of history')
})

test('closed orders carry a full coded report, each value of its own field', async () => {
  const wrong = await rows<{ reference: string }>(t, sql`
    SELECT w.reference FROM work_orders w, LATERAL (VALUES ('SYMPTOM', w.report_symptom_id), ('COMPONENT', w.report_component_id),
      ('CAUSE', w.report_cause_id), ('ACTION', w.report_action_id), ('RESULT', w.report_result_id), ('CIRCUMSTANCE', w.report_circumstance_id)) f(field, value_id)
    JOIN reference_values v ON v.id = f.value_id WHERE v.field <> f.field OR NOT v.is_active`)
  assert.deepEqual(wrong, [])
  const incomplete = await rows<{ reference: string }>(t, sql`
    SELECT reference FROM work_orders WHERE status = 'DONE' AND (report_symptom_id IS NULL OR report_component_id IS NULL OR report_cause_id IS NULL
      OR report_action_id IS NULL OR report_result_id IS NULL OR report_circumstance_id IS NULL OR report_updated_by IS NULL)`)
  assert.deepEqual(incomplete, [])
})

test('activity logs are chronological and agree with the orders: moves, start, closure, comments, checklist, report', async () => {
  await assertConsistentLogs(t, seededAt)
})

test('preventive grids: one per asset under contract and month for a year, mostly done, a few of last month late', async () => {
  const grids = (await ordersOf(t)).filter((o) => o.type === 'PREVENTIVE')
  const months = new Set(grids.map((g) => g.period_key))
  assert.equal(months.size, 13)
  const thisMonth = seededAt.toISOString().slice(0, 7)
  assert.ok(months.has(thisMonth))
  const [{ n: underContract }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM assets WHERE under_contract`)
  assert.equal(grids.filter((g) => g.period_key === thisMonth).length, underContract)
  assert.ok(grids.every((g) => g.created_by === null && g.priority === 'NORMAL'))
  for (const g of grids) {
    const [y, m] = g.period_key!.split('-').map(Number)
    assert.equal(new Date(g.due_at!).toISOString(), new Date(Date.UTC(y, m, 1) - 1).toISOString(), `${g.reference}: due at the end of its month`)
  }
  const past = grids.filter((g) => g.period_key! < thisMonth)
  assert.ok(past.filter((g) => g.status === 'DONE').length > 0.95 * past.length)
  const late = past.filter((g) => g.status === 'OPEN' || g.status === 'IN_PROGRESS')
  assert.ok(late.length >= 2 && late.some((g) => g.status === 'OPEN') && late.some((g) => g.status === 'IN_PROGRESS'))
})

test('grid checklists: the tasks due that month (periodicity from the commissioning month), all tasks on a first control', async () => {
  const tasks = await rows<{ id: string; label: string; periodicity_months: number }>(t, sql`SELECT id, label, periodicity_months FROM task_templates WHERE is_active`)
  assert.ok(tasks.some((x) => x.periodicity_months === 1) && tasks.some((x) => x.periodicity_months === 6) && tasks.some((x) => x.periodicity_months === 12))
  const grids = await rows<{ asset_id: string; period_key: string; first_control: boolean; commissioned: string; task_ids: string[]; generated: any }>(t, sql`
    SELECT w.asset_id, w.period_key, w.first_control, to_char(a.commissioned_at, 'YYYY-MM') AS commissioned,
      coalesce((SELECT array_agg(c.task_template_id) FROM checklist_items c WHERE c.work_order_id = w.id), '{}') AS task_ids,
      (SELECT payload FROM work_order_events e WHERE e.work_order_id = w.id AND e.kind = 'GENERATED') AS generated
    FROM work_orders w JOIN assets a ON a.id = w.asset_id WHERE w.type = 'PREVENTIVE' ORDER BY w.asset_id, w.period_key`)
  const months = (k: string) => Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7)) - 1
  let firstControls = 0
  for (const [i, g] of grids.entries()) {
    const first = i === 0 || grids[i - 1].asset_id !== g.asset_id
    assert.equal(g.first_control, first, `${g.period_key}: first control exactly on the asset's first grid`)
    if (first) firstControls++
    const due = tasks.filter((x) => first || x.periodicity_months === 1 || (months(g.period_key) - months(g.commissioned)) % x.periodicity_months === 0)
    assert.deepEqual([...g.task_ids].sort(), due.map((x) => x.id).sort(), `${g.period_key}: the tasks due`)
    assert.deepEqual(g.generated, { periodKey: g.period_key, firstControl: first, taskCount: due.length })
  }
  const runs = await rows<{ period_key: string; created: number; first_controls: number }>(t, sql`SELECT * FROM preventive_runs`)
  assert.equal(runs.length, 13)
  assert.equal(runs.reduce((s, r) => s + r.created, 0), grids.length)
  assert.equal(runs.reduce((s, r) => s + r.first_controls, 0), firstControls)
  assert.ok(firstControls > new Set(grids.map((g) => g.asset_id)).size - 1, 'every asset had one')
})

test('references: OT- and DEM- numbers from the sequences, unique, gapless, in order of creation', async () => {
  for (const [table, prefix, sequence] of [['work_orders', 'OT-', 'work_order_number_seq'], ['requests', 'DEM-', 'request_number_seq']] as const) {
    const list = await rows<{ reference: string; number: number }>(t, sql`SELECT reference, number::int AS number FROM ${sql.identifier(table)} ORDER BY created_at, id`)
    assert.deepEqual(list.map((r) => r.number), list.map((_, i) => i + 1), `${table}: numbered 1…n in order of creation`)
    assert.ok(list.every((r) => r.reference === `${prefix}${String(r.number).padStart(6, '0')}`))
    const [{ next }] = await rows<{ next: number }>(t, sql`SELECT nextval(${sequence})::int AS next`)
    assert.equal(next, list.length + 1, `${sequence} continues after the seeded numbers`)
  }
})

test('requests: pending, approved (linked one-to-one, REQUEST_LINKED on the order), rejected with a reason; app and portal', async () => {
  const reqs = await rows<{ id: string; reference: string; status: string; source: string; person_blocked: boolean; requested_by: string | null; contact_name: string | null; tracking_token_hash: string | null; work_order_id: string | null; rejection_reason: string | null; handled_at: Date | null; handled_by: string | null; created_at: Date; o_created: Date | null; o_blocked: boolean | null; linked: any }>(t, sql`
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
  assert.ok(reqs.some((r) => r.status === 'PENDING' && r.person_blocked), 'a trapped person reported and waiting')
  const [{ linked }] = await rows<{ linked: number }>(t, sql`SELECT count(*)::int AS linked FROM work_order_events WHERE kind = 'REQUEST_LINKED'`)
  assert.equal(linked, reqs.filter((r) => r.status === 'APPROVED').length)
})

test('the README gives a portal report and its tracking token; the store keeps only the token’s SHA-256', async () => {
  const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8')
  const m = /\/api\/portal\/requests\/(DEM-\d{6})\/([\w-]{43})/.exec(readme)
  assert.ok(m, 'README shows GET /api/portal/requests/{reference}/{token}')
  assert.equal(m[2], DEMO_TRACKING_TOKEN)
  const [r] = await rows<{ tracking_token_hash: string; source: string; status: string; o_status: string }>(t, sql`
    SELECT r.tracking_token_hash, r.source, r.status, w.status AS o_status FROM requests r JOIN work_orders w ON w.id = r.work_order_id WHERE r.reference = ${m[1]}`)
  assert.deepEqual(r, { tracking_token_hash: tokenHash(DEMO_TRACKING_TOKEN), source: 'PORTAL', status: 'APPROVED', o_status: 'IN_PROGRESS' })
  const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM requests WHERE tracking_token_hash = ${DEMO_TRACKING_TOKEN}`)
  assert.equal(n, 0)
})

test('assignees are demo technicians of the site; the Technicien limité has orders of his own', async () => {
  const wrong = await rows<{ reference: string }>(t, sql`
    SELECT w.reference FROM work_order_assignees a JOIN work_orders w ON w.id = a.work_order_id JOIN users u ON u.id = a.user_id JOIN roles r ON r.id = u.role_id
    WHERE r.name NOT IN ('Technicien', 'Technicien limité')`)
  assert.deepEqual(wrong, [])
  const [{ own }] = await rows<{ own: number }>(t, sql`
    SELECT count(DISTINCT a.work_order_id)::int AS own FROM work_order_assignees a JOIN users u ON u.id = a.user_id
    JOIN roles r ON r.id = u.role_id WHERE u.is_demo AND r.name = 'Technicien limité'`)
  assert.ok(own >= 5, `${own} orders`)
})

test('seeding again changes nothing', async () => {
  const count = () => rows<{ n: string }>(t, sql`SELECT (SELECT count(*) FROM work_orders) || '/' || (SELECT count(*) FROM work_order_events) || '/' || (SELECT count(*) FROM requests) || '/' || (SELECT count(*) FROM task_templates) AS n`)
  const before = await count()
  assert.equal(await seedDemo({ database: t.app.deps.database, clock: new ManualClock(new Date(seededAt.getTime() + 3_600_000)) }), false)
  assert.deepEqual(await count(), before)
})

test('seeded at the very start of a month, on a leap day or at a month\'s end: still consistent, same tracking reference', async () => {
  const [{ reference }] = await rows<{ reference: string }>(t, sql`SELECT reference FROM requests WHERE tracking_token_hash = ${tokenHash(DEMO_TRACKING_TOKEN)}`)
  for (const at of ['2027-03-01T00:02:00Z', '2028-02-29T12:00:00Z', '2027-12-31T23:59:00Z']) {
    const other = await startTestApp({ env: { DEMO_MODE: '1' } })
    try {
      assert.equal(await seedDemo({ database: other.app.deps.database, clock: new ManualClock(at) }), true)
      await assertConsistentLogs(other, new Date(at))
      const [r] = await rows<{ reference: string }>(other, sql`SELECT reference FROM requests WHERE tracking_token_hash = ${tokenHash(DEMO_TRACKING_TOKEN)}`)
      assert.equal(r.reference, reference, at)
    } finally {
      await other.close()
    }
  }
})
