// The demo's daily operations, read back from the store: what every screen shows must be
// true (states, activity logs, references, links) whatever the seeding instant.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { ManualClock } from '../platform/clock.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { DEMO_TRACKING_TOKEN } from './demo-operations-data.ts'
import { PAST_SIX_WEEKS } from './demo-grids.ts'
import { INSPECTION_DUE_SOON, OVERDUE_INSPECTION } from './demo-inspections.ts'
import { tokenHash } from './demo-requests.ts'
import { seedDemo } from './demo.ts'
import { assertConsistentLogs, assertGridChecklists, assertReferences, assertReports, assertRequests, ms, ordersOf, rows } from './operations.invariants.ts'

let t: TestApp
const seededAt = new Date()
before(async () => {
  t = await startTestApp({ env: { DEMO_MODE: '1' } })
  assert.equal(await seedDemo({ database: t.app.deps.database, clock: new ManualClock(seededAt) }), true)
})
after(() => t.close())
const db = () => t.app.deps.database.db

test('corrective orders in every state, cancelled ones with their reason, trapped persons urgent and released when done', async () => {
  const orders = await ordersOf(db())
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

test('breakdown times: closed breakdowns with arrival and departure, a trapped person freed in over an hour (issue 18)', async () => {
  const done = (await ordersOf(db())).filter((o) => o.type === 'CORRECTIVE' && o.status === 'DONE')
  assert.ok(done.every((o) => o.arrived_at && o.left_at && ms(o.arrived_at)! <= ms(o.left_at)! && ms(o.left_at)! <= ms(o.completed_at)!), 'each closed breakdown has its times')
  const slow = done.filter((o) => o.person_blocked && ms(o.released_at)! - ms(o.created_at)! > 3_600_000)
  assert.ok(slow.length >= 1, 'a release over an hour')
  const [shown] = await rows<{ body: string }>(db(), sql`SELECT work_order_detail_body(${slow[0].id}) AS body`)
  const detail = JSON.parse(shown.body)
  assert.ok(detail.releaseDelayMinutes > 60 && detail.arrivalDelayMinutes >= 58 && detail.leftAt, shown.body.slice(0, 200))
})

test('the carnet of PAR-BAT-T1 over the last twelve months shows a callback and a release over an hour (issue 18)', async () => {
  const [asset] = await rows<{ id: string }>(db(), sql`SELECT id FROM assets WHERE reference = 'PAR-BAT-T1'`)
  const token = await t.tokenFor('Administrateur')
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  const res = await t.request('GET', `/assets/${asset.id}?from=${day(seededAt.getTime() - 364 * 86_400_000)}&to=${day(seededAt.getTime())}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  const { summary } = res.body.logbook
  assert.ok(summary.callbacks >= 1, JSON.stringify(summary))
  assert.ok(summary.releasesOverOneHour >= 1 && summary.releases.some((r: { releaseDelayMinutes: number }) => r.releaseDelayMinutes > 60), JSON.stringify(summary))
})

test('closed orders carry a full coded report, each value of its own field', async () => {
  await assertReports(db())
})

test('activity logs are chronological and agree with the orders: moves, start, closure, comments, checklist, report', async () => {
  await assertConsistentLogs(db(), seededAt)
})

test('preventive grids: one per asset under contract and month for a year, mostly done, a few of last month late', async () => {
  const grids = (await ordersOf(db())).filter((o) => o.type === 'PREVENTIVE')
  const months = new Set(grids.map((g) => g.period_key))
  assert.equal(months.size, 13)
  const thisMonth = seededAt.toISOString().slice(0, 7)
  assert.ok(months.has(thisMonth))
  const [{ n: underContract }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM assets WHERE under_contract`)
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
  await assertGridChecklists(db(), 13)
})

test('references: OT- and DEM- numbers from the sequences, unique, gapless, in order of creation', async () => {
  await assertReferences(db())
})

test('requests: pending, approved (linked one-to-one, REQUEST_LINKED on the order), rejected with a reason; app and portal', async () => {
  const reqs = await assertRequests(db())
  assert.ok(reqs.some((r) => r.status === 'PENDING' && r.person_blocked), 'a trapped person reported and waiting')
})

test('the README gives a portal report and its tracking token; the store keeps only the token’s SHA-256', async () => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  const m = /\/api\/portal\/requests\/(DEM-\d{6})\/([\w-]{43})/.exec(readme)
  assert.ok(m, 'README shows GET /api/portal/requests/{reference}/{token}')
  assert.equal(m[2], DEMO_TRACKING_TOKEN)
  const [r] = await rows<{ tracking_token_hash: string; source: string; status: string; o_status: string }>(db(), sql`
    SELECT r.tracking_token_hash, r.source, r.status, w.status AS o_status FROM requests r JOIN work_orders w ON w.id = r.work_order_id WHERE r.reference = ${m[1]}`)
  assert.deepEqual(r, { tracking_token_hash: tokenHash(DEMO_TRACKING_TOKEN), source: 'PORTAL', status: 'APPROVED', o_status: 'IN_PROGRESS' })
  const [{ n }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM requests WHERE tracking_token_hash = ${DEMO_TRACKING_TOKEN}`)
  assert.equal(n, 0)
})

test('assignees are demo technicians of the site; the Technicien limité has orders of his own', async () => {
  const wrong = await rows<{ reference: string }>(db(), sql`
    SELECT w.reference FROM work_order_assignees a JOIN work_orders w ON w.id = a.work_order_id JOIN users u ON u.id = a.user_id JOIN roles r ON r.id = u.role_id
    WHERE r.name NOT IN ('Technicien', 'Technicien limité')`)
  assert.deepEqual(wrong, [])
  const [{ own }] = await rows<{ own: number }>(db(), sql`
    SELECT count(DISTINCT a.work_order_id)::int AS own FROM work_order_assignees a JOIN users u ON u.id = a.user_id
    JOIN roles r ON r.id = u.role_id WHERE u.is_demo AND r.name = 'Technicien limité'`)
  assert.ok(own >= 5, `${own} orders`)
})

test('seeding again changes nothing', async () => {
  const count = () => rows<{ n: string }>(db(), sql`SELECT (SELECT count(*) FROM work_orders) || '/' || (SELECT count(*) FROM work_order_events) || '/' || (SELECT count(*) FROM requests) || '/' || (SELECT count(*) FROM task_templates) AS n`)
  const before = await count()
  assert.equal(await seedDemo({ database: t.app.deps.database, clock: new ManualClock(new Date(seededAt.getTime() + 3_600_000)) }), false)
  assert.deepEqual(await count(), before)
})

test('seeded two minutes into a month, or in the last minute of a leap February: still consistent, same tracking reference', async () => {
  const [{ reference }] = await rows<{ reference: string }>(db(), sql`SELECT reference FROM requests WHERE tracking_token_hash = ${tokenHash(DEMO_TRACKING_TOKEN)}`)
  for (const at of ['2027-03-01T00:02:00Z', '2028-02-29T23:59:00Z']) {
    const other = await startTestApp({ env: { DEMO_MODE: '1' } })
    try {
      assert.equal(await seedDemo({ database: other.app.deps.database, clock: new ManualClock(at) }), true)
      await assertConsistentLogs(other.app.deps.database.db, new Date(at))
      const [r] = await rows<{ reference: string }>(other.app.deps.database.db, sql`SELECT reference FROM requests WHERE tracking_token_hash = ${tokenHash(DEMO_TRACKING_TOKEN)}`)
      assert.equal(r.reference, reference, at)
    } finally {
      await other.close()
    }
  }
})

/** Logs in through the demo login as the demo account of that role. */
async function demoToken(role: string): Promise<string> {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const account = body.accounts.find((a: { roleName: string }) => a.roleName === role)
  return (await t.request('POST', '/auth/demo-login', { body: { userId: account.id } })).body.accessToken
}

test('the tracking page of the README answers « Intervention » for the portal report', async () => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  const [path] = /\/api\/portal\/requests\/DEM-\d{6}\/[\w-]{43}/.exec(readme)!
  const res = await t.request('GET', path)
  assert.equal(res.status, 200)
  assert.equal(res.body.progress, 'IN_PROGRESS')
  assert.equal(res.body.label, 'Intervention')
})

test('through the API: the open orders start with the trapped person; every seeded order opens, closed ones offer no move', async () => {
  const admin = await demoToken('Administrateur')
  const first = await t.request('GET', '/work-orders?status=OPEN&limit=5', { token: admin })
  assert.equal(first.status, 200)
  assert.equal(first.body.workOrders[0].personBlocked, true)
  assert.ok(first.body.workOrders.slice(1).every((o: { personBlocked: boolean }) => !o.personBlocked))
  const ids = (await ordersOf(db())).filter((_, i) => i % 10 === 0).map((o) => o.id)
  for (const id of ids) {
    const res = await t.request('GET', `/work-orders/${id}`, { token: admin })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    if (res.body.status === 'DONE' || res.body.status === 'CANCELLED') assert.deepEqual(res.body.allowedTransitions, [])
    if (res.body.status === 'DONE') assert.deepEqual(res.body.closureBlockers, [])
  }
})

test('the demo Technicien limité lists only the orders he created or is assigned to, and has some', async () => {
  const token = await demoToken('Technicien limité')
  const me = (await t.request('GET', '/users/me', { token })).body
  const res = await t.request('GET', '/work-orders?limit=200', { token })
  assert.equal(res.status, 200)
  const listed: { id: string }[] = res.body.workOrders
  const [{ n }] = await rows<{ n: number }>(db(), sql`
    SELECT count(*)::int AS n FROM work_orders w WHERE w.created_by = ${me.id} OR EXISTS (SELECT 1 FROM work_order_assignees a WHERE a.work_order_id = w.id AND a.user_id = ${me.id})`)
  assert.ok(n >= 5)
  assert.equal(listed.length, n)
})

test('the demo Demandeur lists her own requests only', async () => {
  const token = await demoToken('Demandeur')
  const res = await t.request('GET', '/requests?limit=200', { token })
  assert.equal(res.status, 200)
  const me = (await t.request('GET', '/users/me', { token })).body
  const [{ n }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM requests WHERE requested_by = ${me.id}`)
  assert.ok(n >= 2)
  assert.equal(res.body.requests.length, n)
})

test('preventive generation agrees with the seeded grids: a seeded month creates nothing; the month\'s status counts them', async () => {
  const admin = await demoToken('Administrateur')
  const grids = (await ordersOf(db())).filter((o) => o.type === 'PREVENTIVE')
  const thisMonth = new Date().toISOString().slice(0, 7)
  for (const month of [thisMonth, grids.map((g) => g.period_key!).filter((k) => k < thisMonth).sort().at(-1)!]) {
    const res = await t.request('POST', '/preventive/generate', { token: admin, body: { month } })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body, { month, created: 0, alreadyPresent: grids.filter((g) => g.period_key === month).length, firstControls: 0 })
  }
  const status = await t.request('GET', '/preventive/status', { token: admin })
  assert.equal(status.status, 200)
  const current = grids.filter((g) => g.period_key === thisMonth)
  const {
    overdueVisitCount, overdueVisits, dueSoonVisitCount, dueSoonVisits,
    inspectionsOverdueCount, inspectionsOverdue, inspectionsDueSoonCount, inspectionsDueSoon, ...gridCounts
  } = status.body
  assert.deepEqual(gridCounts, {
    month: thisMonth, generated: current.length, finished: current.filter((g) => g.status === 'DONE').length,
    late: grids.filter((g) => g.period_key! < thisMonth && !['DONE', 'CANCELLED'].includes(g.status)).length,
    firstControls: current.filter((g) => g.first_control).length,
  })
  assert.ok(status.body.late >= 2 && status.body.generated > 0)
  // Two elevators past six weeks since their last visit, whatever the day (issue 18 §6).
  const overdue = (overdueVisits as { reference: string; visitDaysLeft: number }[])
  assert.ok(overdueVisitCount >= 2 && overdueVisitCount === overdue.length, JSON.stringify(overdue))
  for (const ref of PAST_SIX_WEEKS) assert.ok(overdue.some((v) => v.reference === ref && v.visitDaysLeft < 0), ref)
  assert.equal(dueSoonVisitCount, (dueSoonVisits as unknown[]).length)
  // One inspection overdue, one due within 90 days, the others recent (issue 18 §6).
  assert.deepEqual([inspectionsOverdueCount, (inspectionsOverdue as { reference: string }[]).map((i) => i.reference)], [1, [OVERDUE_INSPECTION]])
  assert.deepEqual([inspectionsDueSoonCount, (inspectionsDueSoon as { reference: string }[]).map((i) => i.reference)], [1, [INSPECTION_DUE_SOON]])
})

test('the overdue inspection has two open findings, work orders of origin INSPECTION_FINDING', async () => {
  const admin = await demoToken('Administrateur')
  const [asset] = await rows<{ id: string }>(db(), sql`SELECT id FROM assets WHERE reference = ${OVERDUE_INSPECTION}`)
  const a = await t.request('GET', `/assets/${asset.id}`, { token: admin })
  assert.equal(a.body.inspectionState, 'OVERDUE')
  assert.deepEqual(a.body.inspections.map((i: any) => [i.findingsCount, i.openFindingsCount]), [[2, 2]])
  const list = await t.request('GET', `/work-orders?assetId=${asset.id}&limit=200`, { token: admin })
  const findings = (list.body.workOrders as any[]).filter((o) => o.origin === 'INSPECTION_FINDING')
  assert.deepEqual(findings.map((o) => [o.inspectionId, o.status]), [[a.body.inspections[0].id, 'OPEN'], [a.body.inspections[0].id, 'OPEN']])
})

test('the stock ledger: no running balance below zero, quantity its sum, the last unit price that of the latest entry, consumptions at the price of their day', async () => {
  const moves = await rows<{ part_id: string; kind: string; quantity: number; unit_price_cents: number | null; created_at: Date }>(db(), sql`
    SELECT part_id, kind, quantity, unit_price_cents, created_at FROM stock_movements ORDER BY part_id, created_at, quantity DESC, id`)
  const parts = await rows<{ id: string; reference: string; quantity: number; last_unit_price_cents: number | null; created_at: Date }>(db(), sql`SELECT id, reference, quantity, last_unit_price_cents, created_at FROM parts`)
  for (const p of parts) {
    let balance = 0
    let price: number | null = null
    for (const m of moves.filter((x) => x.part_id === p.id)) {
      assert.ok(ms(m.created_at)! > ms(p.created_at)! && ms(m.created_at)! <= seededAt.getTime(), `${p.reference}: a movement in the part's life`)
      balance += m.quantity
      assert.ok(balance >= 0, `${p.reference}: ${balance} after a ${m.kind}`)
      if (m.kind === 'CONSUMPTION') assert.equal(m.unit_price_cents, price, `${p.reference}: a consumption at the price of its day`)
      else price = m.unit_price_cents
    }
    assert.equal(p.quantity, balance, p.reference)
    assert.equal(p.last_unit_price_cents, price, p.reference)
  }
  // Receipts: exactly the lines of the received orders, once each, at the receipt's instant and price.
  const lines = await rows<{ reference: string; status: string; receipts: number; same: boolean }>(db(), sql`
    SELECT o.reference, o.status, count(m.id)::int AS receipts,
      bool_and(m.id IS NULL OR (m.kind = 'RECEIPT' AND m.quantity = l.quantity AND m.unit_price_cents = l.unit_price_cents AND m.created_at = o.received_at AND m.part_id = l.part_id AND m.purchase_order_id = o.id)) AS same
    FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id LEFT JOIN stock_movements m ON m.purchase_order_line_id = l.id
    GROUP BY o.reference, o.status, l.id`)
  assert.ok(lines.length > 0)
  for (const l of lines) assert.deepEqual({ receipts: l.receipts, same: l.same }, { receipts: l.status === 'RECEIVED' ? 1 : 0, same: true }, l.reference)
  const [{ n }] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM stock_movements WHERE kind = 'RECEIPT' AND purchase_order_line_id IS NULL`)
  assert.equal(n, 0)
})
