// Each elevator's last visit and due date as the writers keep them (asset_visits, migration
// 0022), which the fleet's six-week list reads: always what the detail computes from the orders.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { uuidv7 } from 'uuidv7'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { checklistItems, workOrders } from '../work-orders/work-orders.tables.ts'
import { assets } from './assets.tables.ts'
import { lastVisitAt } from './assets.visits.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: string
let site: string
let categoryId: string
let number = 920_000_000
const db = () => t.app.deps.database.db
const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur des visites')
  site = await createLocation(t, admin, { name: 'Résidence du Parc' })
})
after(() => t.close())

async function elevator(underContract = true) {
  const id = uuidv7()
  await db().insert(assets).values({ id, reference: `VS-${id.slice(-8)}`, brand: 'Kone', categoryId, locationId: site, underContract, createdAt: ago(400) })
  return id
}
async function order(assetId: string, o: { type?: 'PREVENTIVE' | 'CORRECTIVE'; status?: 'DONE' | 'OPEN'; completedAt?: Date; completedDaysAgo?: number; circumstanceId?: string } = {}) {
  const id = uuidv7()
  number++
  await db().insert(workOrders).values({
    id, reference: `OT-${number}`, number, type: o.type ?? 'PREVENTIVE', status: o.status ?? 'DONE', assetId,
    completedAt: o.completedAt ?? (o.completedDaysAgo === undefined ? null : ago(o.completedDaysAgo)), reportCircumstanceId: o.circumstanceId ?? null,
  })
  return id
}
/** Every elevator whose kept row disagrees with the detail's definition, computed now. */
const disagreeing = async () => (await rowsOf<{ reference: string }>(db().execute(sql`
  SELECT a.reference FROM assets a LEFT JOIN asset_visits v ON v.asset_id = a.id
  WHERE v.asset_id IS NULL OR v.last_visit_at IS DISTINCT FROM ${lastVisitAt(sql`a.id`)}
    OR v.visit_due_at IS DISTINCT FROM CASE WHEN a.under_contract THEN coalesce(${lastVisitAt(sql`a.id`)}, GREATEST(a.created_at, a.commissioned_at)) + interval '42 days' END`))).map((r) => r.reference)
/** Elevators whose kept periodic operations differ from what their finished grids say now. */
const operationsDisagreeing = async () => (await rowsOf<{ asset_id: string }>(db().execute(sql`
  SELECT DISTINCT coalesce(k.asset_id, l.asset_id) AS asset_id FROM asset_operations k
  FULL JOIN (SELECT w.asset_id, c.task_template_id, max(w.completed_at) AS last_done_at
    FROM work_orders w JOIN checklist_items c ON c.work_order_id = w.id
    WHERE w.status = 'DONE' AND w.type = 'PREVENTIVE' AND w.completed_at IS NOT NULL AND c.status = 'DONE' AND c.task_template_id IS NOT NULL
    GROUP BY w.asset_id, c.task_template_id) l ON l.asset_id = k.asset_id AND l.task_template_id = k.task_template_id
  WHERE k.last_done_at IS DISTINCT FROM l.last_done_at`))).map((r) => r.asset_id)
const stored = async (assetId: string) => {
  const [r] = await rowsOf<{ last: string | Date | null; due: string | Date | null }>(db().execute(sql`
    SELECT last_visit_at AS last, visit_due_at AS due FROM asset_visits WHERE asset_id = ${assetId}`))
  const date = (v: string | Date | null) => (v === null ? null : new Date(v))
  return { last: date(r.last), due: date(r.due) }
}
const circumstance = async (label: string) => (await db().select({ id: referenceValues.id }).from(referenceValues)
  .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), eq(referenceValues.label, label))))[0].id

test('grids closed, coded visits, calls, open orders, out of contract: every kept row agrees with the detail', async () => {
  const visit = await circumstance('Visite d\'entretien')
  const call = await circumstance('Appel client')
  const a = await elevator()
  const twelveDaysAgo = ago(12)
  await order(a, { completedDaysAgo: 50 })
  await order(a, { completedAt: twelveDaysAgo })
  const b = await elevator()
  await order(b, { type: 'CORRECTIVE', completedDaysAgo: 5, circumstanceId: visit })
  await order(b, { type: 'CORRECTIVE', completedDaysAgo: 2, circumstanceId: call })
  const c = await elevator()
  await order(c, { status: 'OPEN' })
  await elevator(false)
  assert.deepEqual(await disagreeing(), [])
  assert.equal((await stored(a)).last?.getTime(), twelveDaysAgo.getTime(), 'the later grid')
})

test('a grid closed later, a contract ended, an order moved: the kept row follows', async () => {
  const a = await elevator()
  const open = await order(a, { status: 'OPEN' })
  assert.equal((await stored(a)).last, null)
  const closedAt = new Date()
  await db().update(workOrders).set({ status: 'DONE', completedAt: closedAt }).where(eq(workOrders.id, open))
  assert.equal((await stored(a)).last?.getTime(), closedAt.getTime())
  const res = await t.request('PATCH', `/assets/${a}`, { token: admin, body: { underContract: false } })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  assert.equal((await stored(a)).due, null, 'no visit owed out of contract')
  const b = await elevator()
  await db().update(workOrders).set({ assetId: b }).where(eq(workOrders.id, open))
  assert.equal((await stored(a)).last, null)
  assert.equal((await stored(b)).last?.getTime(), closedAt.getTime())
  assert.deepEqual(await disagreeing(), [])
})

test('a circumstance renamed away from a visit\'s label: its orders stop counting, everywhere', async () => {
  const id = uuidv7()
  await db().insert(referenceValues).values({ id, field: 'CIRCUMSTANCE', label: 'Visite préventive' }).onConflictDoNothing()
  const [row] = await db().select({ id: referenceValues.id }).from(referenceValues)
    .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), sql`lower(${referenceValues.label}) = 'visite préventive'`))
  const a = await elevator()
  await order(a, { type: 'CORRECTIVE', completedDaysAgo: 3, circumstanceId: row.id })
  assert.ok((await stored(a)).last)
  await db().update(referenceValues).set({ label: 'Contrôle sur demande' }).where(eq(referenceValues.id, row.id))
  assert.equal((await stored(a)).last, null)
  assert.deepEqual(await disagreeing(), [])
})

test('periodic operations: items written on a finished grid, a grid closed later, an item unticked: the kept dates follow', async () => {
  const [template] = await rowsOf<{ id: string }>(db().execute(sql`INSERT INTO task_templates (id, label, periodicity_months)
    VALUES (${uuidv7()}, ${`Essai du parachute ${Date.now()}`}, 12) RETURNING id`))
  const a = await elevator()
  const done = await order(a, { completedDaysAgo: 20 })
  const later = await order(a, { status: 'OPEN' })
  const item = (workOrderId: string, status: 'DONE' | 'TODO') => ({ id: uuidv7(), workOrderId, taskTemplateId: template.id, label: 'Essai du parachute', position: 1, status })
  const first = item(done, 'DONE')
  await db().insert(checklistItems).values([first, item(later, 'DONE')])
  assert.deepEqual(await operationsDisagreeing(), [])
  const closedAt = new Date()
  await db().update(workOrders).set({ status: 'DONE', completedAt: closedAt }).where(eq(workOrders.id, later))
  assert.deepEqual(await operationsDisagreeing(), [])
  await db().update(checklistItems).set({ status: 'TODO' }).where(eq(checklistItems.workOrderId, later))
  assert.deepEqual(await operationsDisagreeing(), [])
  const detail = await t.request('GET', `/assets/${a}`, { token: admin })
  const op = (detail.body.periodicOperations as { taskTemplateId: string; lastDoneAt: string | null }[]).find((o) => o.taskTemplateId === template.id)
  const [{ at }] = await db().select({ at: workOrders.completedAt }).from(workOrders).where(eq(workOrders.id, done))
  assert.equal(op?.lastDoneAt, at!.toISOString(), 'the earlier grid: the later one\'s item was unticked')
})

test('two orders of one elevator closed at once: the kept last visit is the later close', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (two sessions)' }, async () => {
  const a = await elevator()
  const first = await order(a, { status: 'OPEN' })
  const second = await order(a, { status: 'OPEN' })
  const url = t.app.deps.config.databaseUrl!
  const [one, two] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })]
  await one.connect()
  await two.connect()
  try {
    const later = new Date(Date.now() + 60_000)
    const earlier = new Date(Date.now() - 60_000)
    await one.query('BEGIN')
    await one.query(`UPDATE work_orders SET status = 'DONE', completed_at = $2 WHERE id = $1`, [first, later])
    await two.query('BEGIN')
    // Waits for `one` on the elevator's row, then reads the orders afresh.
    const closing = two.query(`UPDATE work_orders SET status = 'DONE', completed_at = $2 WHERE id = $1`, [second, earlier]).then(() => two.query('COMMIT'))
    await new Promise((r) => setTimeout(r, 100))
    await one.query('COMMIT')
    await closing
    assert.equal((await stored(a)).last?.getTime(), later.getTime())
  } finally {
    await one.end()
    await two.end()
  }
})
