// The scale seeder at a tiny size, on PostgreSQL only (it is written for PostgreSQL: skipped
// without DATABASE_URL): an empty database of its own, the same invariants as the demo data,
// demo login on the result, and the refusal of a database that is not empty.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../platform/db.ts'
import { startTestApp } from '../../test/harness.ts'
import { assertConsistentLogs, assertGridChecklists, assertReferences, assertReports, assertRequests, ordersOf, rows } from './operations.invariants.ts'
import { NotEmptyError, scaleSize, seedScale } from './scale.ts'

const baseUrl = process.env.DATABASE_URL
const skip = baseUrl ? false : 'needs DATABASE_URL (PostgreSQL)'
const FACTOR = 0.004
const name = `palier_scale_t_${randomBytes(5).toString('hex')}`
const now = new Date()
let url = ''
let database: Database
let timings: [string, number][] = []

async function admin(q: string) {
  const { default: pg } = await import('pg')
  const c = new pg.Client({ connectionString: baseUrl })
  await c.connect()
  try {
    await c.query(q)
  } finally {
    await c.end()
  }
}

before(async () => {
  if (!baseUrl) return
  await admin(`CREATE DATABASE ${name}`)
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  url = u.toString()
  timings = (await seedScale({ databaseUrl: url, factor: FACTOR, now })).timings
  database = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, poolSize: 2 })
})
after(async () => {
  if (!baseUrl) return
  await database?.close()
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
})
const db = () => database.db

test('the sizes asked for, every step timed', { skip }, async () => {
  const size = scaleSize(FACTOR)
  const [c] = await rows<Record<string, number>>(db(), sql`SELECT
    (SELECT count(*)::int FROM locations WHERE parent_id IS NULL) AS sites, (SELECT count(*)::int FROM assets WHERE under_contract) AS assets,
    (SELECT count(*)::int FROM meters) AS meters, (SELECT count(*)::int FROM work_orders) AS orders, (SELECT count(*)::int FROM requests) AS requests,
    (SELECT count(*)::int FROM work_order_events) AS events`)
  assert.equal(c.sites, size.sites)
  assert.equal(c.assets, size.assets)
  assert.equal(c.meters, 2 * size.assets)
  assert.equal(c.orders, size.workOrders)
  assert.equal(c.requests, size.requests)
  assert.ok(c.events >= 4 * c.orders, `${c.events} events for ${c.orders} orders`)
  assert.ok(timings.length >= 8 && timings.every(([, ms]) => ms >= 0))
})

test('orders in every state, logs that agree with them, full reports on closed ones', { skip }, async () => {
  const orders = await ordersOf(db())
  for (const type of ['PREVENTIVE', 'CORRECTIVE']) for (const s of ['OPEN', 'IN_PROGRESS', 'DONE']) {
    assert.ok(orders.some((o) => o.type === type && o.status === s), `${type} ${s}`)
  }
  assert.ok(orders.some((o) => o.status === 'ON_HOLD') && orders.some((o) => o.status === 'CANCELLED'))
  assert.ok(orders.filter((o) => o.person_blocked).every((o) => o.priority === 'URGENT'))
  await assertConsistentLogs(db(), now)
  await assertReports(db())
})

test('grids: one per elevator and month over three years, with the tasks due', { skip }, async () => {
  await assertGridChecklists(db(), scaleSize(FACTOR).months)
  const [{ dup }] = await rows<{ dup: number }>(db(), sql`SELECT count(*)::int AS dup FROM (SELECT 1 FROM work_orders WHERE period_key IS NOT NULL GROUP BY asset_id, period_key HAVING count(*) > 1) x`)
  assert.equal(dup, 0)
})

test('references in order of creation; requests linked one-to-one', { skip }, async () => {
  await assertReferences(db())
  await assertRequests(db())
})

test('demo login works on the scaled database (DEMO_MODE=1); the Technicien limité and the Demandeur have their own', { skip }, async () => {
  const t = await startTestApp({ env: { DEMO_MODE: '1' }, build: { database } })
  try {
    const { body } = await t.request('GET', '/auth/demo-accounts')
    assert.equal(body.accounts.length, 7)
    for (const a of body.accounts) assert.equal((await t.request('POST', '/auth/demo-login', { body: { userId: a.id } })).status, 200)
  } finally {
    await t.close()
  }
  const [own] = await rows<{ orders: number; sites: number; requests: number }>(db(), sql`SELECT
    (SELECT count(*)::int FROM work_order_assignees a JOIN users u ON u.id = a.user_id JOIN roles r ON r.id = u.role_id WHERE u.is_demo AND r.name = 'Technicien limité') AS orders,
    (SELECT count(*)::int FROM user_sites s JOIN users u ON u.id = s.user_id WHERE u.is_demo) AS sites,
    (SELECT count(*)::int FROM requests q JOIN users u ON u.id = q.requested_by WHERE u.is_demo) AS requests`)
  assert.ok(own.orders > 0 && own.requests > 0, JSON.stringify(own))
  assert.equal(own.sites, 2)
})

test('a database that is not empty is refused, and left as it was', { skip }, async () => {
  const [before] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM work_orders`)
  await assert.rejects(seedScale({ databaseUrl: url, factor: FACTOR }), (e) => e instanceof NotEmptyError && /users/.test(e.message))
  assert.deepEqual((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM work_orders`))[0], before)
})
