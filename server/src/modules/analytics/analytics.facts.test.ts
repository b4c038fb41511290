// The legal record's per-order facts as the triggers keep them (breakdown_facts, migration 0027),
// which the analytics summary reads: always what the carnet's live definitions compute
// (`isBreakdown`, `callAtOf`, the 30-day callback window), whatever the writes.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { and, eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { uuidv7 } from 'uuidv7'
import { rowsOf } from '../../db/set-based.queries.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'
import { callAtOf, isBreakdown } from '../assets/assets.logbook.queries.ts'
import { CALLBACK_DAYS } from '../assets/assets.logbook.schemas.ts'
import { assets } from '../assets/assets.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { workOrders } from '../work-orders/work-orders.tables.ts'

let t: TestApp
let site: string
let categoryId: string
let number = 930_000_000
const db = () => t.app.deps.database.db
const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)

before(async () => {
  t = await startTestApp()
  const admin = await t.tokenFor('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur des faits')
  site = await createLocation(t, admin, { name: 'Résidence des Faits' })
})
after(() => t.close())

async function elevator() {
  const id = uuidv7()
  await db().insert(assets).values({ id, reference: `BF-${id.slice(-8)}`, brand: 'Otis', categoryId, locationId: site, underContract: true, createdAt: ago(400) })
  return id
}
type Order = { status?: 'DONE' | 'OPEN'; createdAt?: Date; completedAt?: Date; circumstanceId?: string; arrivedAt?: Date; releasedAt?: Date; personBlocked?: boolean }
async function breakdown(assetId: string, o: Order = {}) {
  const id = uuidv7()
  number++
  await db().insert(workOrders).values({
    id, reference: `OT-${number}`, number, type: 'CORRECTIVE', status: o.status ?? 'OPEN', assetId, createdAt: o.createdAt ?? new Date(),
    completedAt: o.completedAt ?? null, reportCircumstanceId: o.circumstanceId ?? null, arrivedAt: o.arrivedAt ?? null,
    releasedAt: o.releasedAt ?? null, personBlocked: o.personBlocked ?? false, priority: o.personBlocked ? 'URGENT' : 'NORMAL', priorityRank: o.personBlocked ? 4 : 2,
  })
  return id
}
async function request(assetId: string, workOrderId: string, createdAt: Date) {
  const id = uuidv7()
  number++
  await db().insert(requests).values({ id, reference: `DEM-${number}`, number, source: 'APP', assetId, description: 'Cabine bloquée', workOrderId, createdAt, status: 'APPROVED' })
  return id
}

// The facts the live definitions give, for every corrective order not cancelled.
const live = sql`SELECT w.id AS work_order_id, w.asset_id, w.created_at, k.call_at, w.completed_at,
    floor(extract(epoch FROM w.arrived_at - k.call_at) / 60)::int AS arrival_minutes,
    CASE WHEN w.person_blocked THEN floor(extract(epoch FROM w.released_at - k.call_at) / 60)::int END AS release_minutes,
    ${isBreakdown('w')} AS breakdown, w.status = 'DONE' AND ${isBreakdown('w')} AS repair,
    w.status = 'DONE' AND ${isBreakdown('w')} AND EXISTS (SELECT 1 FROM work_orders c WHERE c.asset_id = w.asset_id AND c.id <> w.id
      AND c.type = 'CORRECTIVE' AND c.status <> 'CANCELLED' AND ${isBreakdown('c')}
      AND ${callAtOf('c')} BETWEEN w.completed_at AND w.completed_at + make_interval(days => ${sql.raw(String(CALLBACK_DAYS))})) AS called_back
  FROM work_orders w CROSS JOIN LATERAL (SELECT ${callAtOf('w')} AS call_at) k
  WHERE w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED'`
const stored = sql`SELECT work_order_id, asset_id, created_at, call_at, completed_at, arrival_minutes, release_minutes, breakdown, repair, called_back FROM breakdown_facts`
/** Rows stored but not live, or live but not stored: none when the facts are fresh. */
const disagreeing = async () => (await rowsOf<{ work_order_id: string }>(db().execute(sql`
  (${stored} EXCEPT ${live}) UNION ALL (${live} EXCEPT ${stored})`))).map((r) => r.work_order_id)
const calledBack = async (id: string) => (await rowsOf<{ called_back: boolean }>(db().execute(sql`
  SELECT called_back FROM breakdown_facts WHERE work_order_id = ${id}`)))[0]?.called_back
const circumstance = async (label: string) => {
  await db().insert(referenceValues).values({ id: uuidv7(), field: 'CIRCUMSTANCE', label }).onConflictDoNothing()
  return (await db().select({ id: referenceValues.id }).from(referenceValues)
    .where(and(eq(referenceValues.field, 'CIRCUMSTANCE'), sql`lower(${referenceValues.label}) = lower(${label})`)))[0].id
}

test('entered, closed, cancelled, timed: the stored facts equal the live definitions', async () => {
  const a = await elevator()
  const repair = await breakdown(a, { status: 'DONE', createdAt: ago(12), completedAt: ago(10), arrivedAt: ago(11.9) })
  assert.equal(await calledBack(repair), false)
  const callback = await breakdown(a, { personBlocked: true, arrivedAt: new Date(Date.now() + 25 * 60_000), releasedAt: new Date(Date.now() + 61 * 60_000) })
  assert.equal(await calledBack(repair), true, 'a breakdown called 10 days after the repair')
  assert.deepEqual(await disagreeing(), [])
  await db().update(workOrders).set({ status: 'CANCELLED', cancelReason: 'Doublon' }).where(eq(workOrders.id, callback))
  assert.equal(await calledBack(repair), false, 'a cancelled breakdown calls nothing back')
  await db().update(workOrders).set({ status: 'DONE', completedAt: new Date() }).where(eq(workOrders.id, callback))
  assert.equal(await calledBack(repair), true)
  await db().update(workOrders).set({ completedAt: ago(40) }).where(eq(workOrders.id, repair))
  assert.equal(await calledBack(repair), false, 'completed 40 days before the call')
  assert.deepEqual(await disagreeing(), [])
})

test('a request linked to a later order brings its call into the window; unlinked, it leaves', async () => {
  const a = await elevator()
  const repair = await breakdown(a, { status: 'DONE', createdAt: ago(40), completedAt: ago(35) })
  const later = await breakdown(a)
  assert.equal(await calledBack(repair), false)
  const r = await request(a, later, ago(33))
  assert.equal(await calledBack(repair), true, 'called 2 days after the repair')
  assert.deepEqual(await disagreeing(), [])
  await db().update(requests).set({ workOrderId: null, status: 'PENDING' }).where(eq(requests.id, r))
  assert.equal(await calledBack(repair), false)
  await db().update(requests).set({ workOrderId: later, status: 'APPROVED' }).where(eq(requests.id, r))
  await db().delete(requests).where(eq(requests.id, r))
  assert.equal(await calledBack(repair), false)
  assert.deepEqual(await disagreeing(), [])
})

test('an order moved to another elevator calls back there, no longer here', async () => {
  const a = await elevator()
  const b = await elevator()
  const repairA = await breakdown(a, { status: 'DONE', createdAt: ago(6), completedAt: ago(5) })
  const repairB = await breakdown(b, { status: 'DONE', createdAt: ago(6), completedAt: ago(5) })
  const callback = await breakdown(a)
  assert.deepEqual([await calledBack(repairA), await calledBack(repairB)], [true, false])
  await db().update(workOrders).set({ assetId: b }).where(eq(workOrders.id, callback))
  assert.deepEqual([await calledBack(repairA), await calledBack(repairB)], [false, true])
  assert.deepEqual(await disagreeing(), [])
})

test('a circumstance renamed to or from works: its orders stop or start being breakdowns', async () => {
  const a = await elevator()
  const works = await circumstance('Travaux de modernisation')
  const repair = await breakdown(a, { status: 'DONE', createdAt: ago(6), completedAt: ago(5) })
  await breakdown(a, { circumstanceId: works })
  assert.equal(await calledBack(repair), false, 'works call nothing back')
  await db().update(referenceValues).set({ label: 'Panne après travaux' }).where(eq(referenceValues.id, works))
  assert.equal(await calledBack(repair), true)
  assert.deepEqual(await disagreeing(), [])
  await db().update(referenceValues).set({ label: 'Travaux de modernisation' }).where(eq(referenceValues.id, works))
  assert.equal(await calledBack(repair), false)
  assert.deepEqual(await disagreeing(), [])
})

test('a repair closed while its callback is entered in another session: flagged whichever commits first', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (two sessions)' }, async () => {
  const url = t.app.deps.config.databaseUrl!
  for (const closeFirst of [true, false]) {
    const a = await elevator()
    const repair = await breakdown(a, { createdAt: ago(2) })
    const [one, two] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })]
    await one.connect()
    await two.connect()
    try {
      number++
      const close = (c: pg.Client) => c.query(`UPDATE work_orders SET status = 'DONE', completed_at = $2 WHERE id = $1`, [repair, ago(1)])
      const enter = (c: pg.Client) => c.query(`INSERT INTO work_orders (id, reference, number, type, status, asset_id) VALUES ($1, $2, $3, 'CORRECTIVE', 'OPEN', $4)`,
        [uuidv7(), `OT-${number}`, number, a])
      await one.query('BEGIN')
      await (closeFirst ? close(one) : enter(one))
      await two.query('BEGIN')
      // Waits for `one` on the elevator's row, then reads the orders afresh.
      const second = (closeFirst ? enter(two) : close(two)).then(() => two.query('COMMIT'))
      await new Promise((r) => setTimeout(r, 100))
      await one.query('COMMIT')
      await second
      assert.equal(await calledBack(repair), true, closeFirst ? 'closed first' : 'entered first')
    } finally {
      await one.end()
      await two.end()
    }
  }
  assert.deepEqual(await disagreeing(), [])
})
