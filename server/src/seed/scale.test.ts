// The scale seeder at a tiny size, on PostgreSQL only (it is written for PostgreSQL: skipped
// without DATABASE_URL): an empty database of its own, the same invariants as the demo data,
// demo login on the result, the stock's ledger (quantities, running balances, frozen prices,
// receipts from received orders), the assistant's corpus (notes, real manuals in the storage,
// indexed and answered from), and the refusal of a database that is not empty.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { hasText, pdfPages, readAll } from '../modules/assistant/assistant.pdf.ts'
import { openDatabase, type Database } from '../platform/db.ts'
import { fsStorage, type Storage } from '../platform/storage.ts'
import { startTestApp } from '../test/harness.ts'
import { assertConsistentLogs, assertGridChecklists, assertReferences, assertReports, assertRequests, ordersOf, rows } from './operations.invariants.ts'
import { scaleManuals } from './scale-manuals.ts'
import type { SetAside } from './bulk-load.ts'
import { NotEmptyError, seedScale } from './scale.ts'
import { scaleSize } from './scale-size.ts'

const baseUrl = process.env.DATABASE_URL
const skip = baseUrl ? false : 'needs DATABASE_URL (PostgreSQL)'
const FACTOR = 0.004
const name = `palier_scale_t_${randomBytes(5).toString('hex')}`
const now = new Date()
let url = ''
let database: Database
let filesDir = ''
let storage: Storage
let timings: [string, number][] = []
let restored: SetAside[] = []

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
  filesDir = await mkdtemp(path.join(os.tmpdir(), 'palier-scale-files-'))
  storage = fsStorage(filesDir)
  ;({ timings, restored } = await seedScale({ databaseUrl: url, storage, factor: FACTOR, now }))
  database = await openDatabase({ databaseUrl: url, dataDir: '', migrate: false, poolSize: 2 })
})
after(async () => {
  if (!baseUrl) return
  await database?.close()
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  if (filesDir) await rm(filesDir, { recursive: true, force: true })
})
const db = () => database.db

test('the sizes asked for, every step timed, each elevator’s fitted count right', { skip }, async () => {
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
  // Each elevator's fitted count, written with it, is the count of its fitted components.
  const [{ miscounted }] = await rows<{ miscounted: number }>(db(), sql`SELECT count(*)::int AS miscounted FROM assets a
    WHERE a.component_count <> (SELECT count(*) FROM asset_components c WHERE c.asset_id = a.id AND c.removed_at IS NULL)`)
  assert.equal(miscounted, 0)
})

test('the indexes and foreign keys set aside for the bulk loads are all back, valid and checked', { skip }, async () => {
  // Among them the triage order's, the full-text search's and the events' link to their order
  // (checked by name: a seed that set nothing aside would pass an empty comparison).
  const names = (kind: SetAside['kind']) => restored.filter((r) => r.kind === kind).map((r) => r.name).sort()
  const indexes = names('index')
  const keys = names('foreign key')
  for (const name of ['work_orders_triage_idx', 'work_orders_search_vector_idx']) assert.ok(indexes.includes(name), name)
  for (const name of ['work_order_events_work_order_id_work_orders_id_fk', 'work_order_assignees_work_order_id_work_orders_id_fk']) assert.ok(keys.includes(name), name)
  const list = (xs: string[]) => sql.join(xs.map((n) => sql`${n}`), sql`, `)
  const validIndexes = await rows<{ name: string }>(db(), sql`SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname IN (${list(indexes)}) AND i.indisvalid AND i.indisready`)
  assert.deepEqual(validIndexes.map((r) => r.name).sort(), indexes)
  const checkedKeys = await rows<{ name: string }>(db(), sql`SELECT conname AS name FROM pg_constraint WHERE contype = 'f' AND convalidated AND conname IN (${list(keys)})`)
  assert.deepEqual(checkedKeys.map((r) => r.name).sort(), keys)
})

test('orders in every state, logs that agree with them, full reports on closed ones, listed rows and assignments as the writers keep them', { skip }, async () => {
  const orders = await ordersOf(db())
  for (const type of ['PREVENTIVE', 'CORRECTIVE']) for (const s of ['OPEN', 'IN_PROGRESS', 'DONE']) {
    assert.ok(orders.some((o) => o.type === type && o.status === s), `${type} ${s}`)
  }
  assert.ok(orders.some((o) => o.status === 'ON_HOLD') && orders.some((o) => o.status === 'CANCELLED'))
  assert.ok(orders.filter((o) => o.person_blocked).every((o) => o.priority === 'URGENT'))
  await assertConsistentLogs(db(), now)
  await assertReports(db())
  // The listed rows, written in bulk with their assignees, read as the writers would keep them.
  const [{ stale }] = await rows<{ stale: number }>(db(), sql`SELECT count(*)::int AS stale FROM work_orders w WHERE w.list_row IS DISTINCT FROM json_stored(work_order_list_row(w))`)
  assert.equal(stale, 0)
  // The assignments, written before their orders, carry their order's triage key.
  const [{ astray }] = await rows<{ astray: number }>(db(), sql`SELECT count(*)::int AS astray FROM work_order_assignees x JOIN work_orders w ON w.id = x.work_order_id
    WHERE (x.person_blocked, x.priority_rank, x.order_created_at) IS DISTINCT FROM (w.person_blocked, w.priority_rank, w.created_at)`)
  assert.equal(astray, 0)
  // Every order has its stored detail, stale until the service builds it (migration 0017).
  const [{ missing }] = await rows<{ missing: number }>(db(), sql`SELECT count(*)::int AS missing FROM work_orders w
    WHERE NOT EXISTS (SELECT 1 FROM work_order_details d WHERE d.work_order_id = w.id)`)
  assert.equal(missing, 0)
  // The legal record's facts, filled once after the loads: a row per corrective order not
  // cancelled, repairs called back among them (migration 0027; kept fresh: analytics.facts.test.ts).
  const [facts] = await rows<{ unfacted: number; extra: number; called_back: number }>(db(), sql`SELECT
    (SELECT count(*)::int FROM work_orders w WHERE w.type = 'CORRECTIVE' AND w.status <> 'CANCELLED'
      AND NOT EXISTS (SELECT 1 FROM breakdown_facts f WHERE f.work_order_id = w.id)) AS unfacted,
    (SELECT count(*)::int FROM breakdown_facts f JOIN work_orders w ON w.id = f.work_order_id WHERE w.type <> 'CORRECTIVE' OR w.status = 'CANCELLED') AS extra,
    (SELECT count(*)::int FROM breakdown_facts WHERE called_back) AS called_back`)
  assert.deepEqual({ unfacted: facts.unfacted, extra: facts.extra }, { unfacted: 0, extra: 0 })
  assert.ok(facts.called_back > 0, 'repairs called back')
  // …and the triggers it turned off for that are on again, on every table.
  const [{ off }] = await rows<{ off: number }>(db(), sql`SELECT count(*)::int AS off FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`)
  assert.equal(off, 0)
})

test('the places\' listed rows, sites\' totals and sort keys are as the writers keep them after the loads', { skip }, async () => {
  const [c] = await rows<{ places: number; off: number }>(db(), sql`SELECT (SELECT count(*)::int FROM locations) AS places,
    (SELECT count(*)::int FROM locations l WHERE l.list_row IS DISTINCT FROM json_stored(location_list_row(l))
      OR l.fleet_count IS DISTINCT FROM (SELECT count(*)::int FROM assets a WHERE a.location_id = l.id OR (l.parent_id IS NULL AND a.site_id = l.id))
      OR l.site_sort IS DISTINCT FROM (SELECT lower(s.name) FROM locations s WHERE s.id = l.site_id)) AS off`)
  assert.ok(c.places > 0)
  assert.equal(c.off, 0)
})

test('grids: one per elevator and month over three years, with the tasks due', { skip }, async () => {
  await assertGridChecklists(db(), scaleSize(FACTOR).months)
  const [{ dup }] = await rows<{ dup: number }>(db(), sql`SELECT count(*)::int AS dup FROM (SELECT 1 FROM work_orders WHERE period_key IS NOT NULL GROUP BY asset_id, period_key HAVING count(*) > 1) x`)
  assert.equal(dup, 0)
})

test('some elevators past six weeks without a visit; every kept due date is what the detail computes', { skip }, async () => {
  const [c] = await rows<{ overdue: number; wrong: number }>(db(), sql`SELECT
    (SELECT count(*)::int FROM asset_visits WHERE visit_due_at < now()) AS overdue,
    (SELECT count(*)::int FROM assets a JOIN asset_visits v ON v.asset_id = a.id WHERE v.last_visit_at IS DISTINCT FROM asset_last_visit_at(a.id)) AS wrong`)
  assert.ok(c.overdue > 0, 'one elevator in 67 has neither last month\'s nor this month\'s grid done')
  assert.equal(c.wrong, 0)
  // Every elevator's stored detail (migration 0030) built after the loads, from their last state.
  const [{ unbuilt }] = await rows<{ unbuilt: number }>(db(), sql`SELECT count(*)::int AS unbuilt FROM assets a LEFT JOIN asset_details d ON d.asset_id = a.id
    WHERE d.body IS DISTINCT FROM json_stored(asset_detail_body(a.id)) OR d.site_id IS DISTINCT FROM a.site_id`)
  assert.equal(unbuilt, 0)
})

test('technical inspections: one per elevator, some past five years, some with findings on the same elevator', { skip }, async () => {
  const [c] = await rows<{ elevators: number; inspected: number; overdue: number; findings: number; astray: number }>(db(), sql`SELECT
    (SELECT count(*)::int FROM assets) AS elevators,
    (SELECT count(DISTINCT asset_id)::int FROM asset_inspections) AS inspected,
    (SELECT count(*)::int FROM asset_inspections WHERE inspected_at < now() - interval '5 years') AS overdue,
    (SELECT count(*)::int FROM work_orders WHERE inspection_id IS NOT NULL) AS findings,
    (SELECT count(*)::int FROM work_orders w JOIN asset_inspections i ON i.id = w.inspection_id WHERE i.asset_id <> w.asset_id OR w.created_at < i.inspected_at) AS astray`)
  assert.equal(c.inspected, c.elevators)
  assert.ok(c.overdue > 0 && c.overdue < c.elevators, `${c.overdue} overdue`)
  assert.ok(c.findings > 0, 'no finding')
  assert.equal(c.astray, 0)
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

test('sizes of the stock at factor 1 and in proportion below', () => {
  const one = scaleSize(1)
  assert.equal(one.parts, 2000)
  assert.equal(one.movements, 1_000_000)
  const half = scaleSize(0.5)
  assert.deepEqual([half.parts, half.movements], [1000, 500_000])
  const small = scaleSize(FACTOR)
  assert.ok(small.movements >= small.parts * 100, 'room for consumptions besides the receipts of every period')
})

test('stock: as many parts and movements as asked, each quantity the sum of its ledger, never negative in time order', { skip }, async () => {
  const size = scaleSize(FACTOR)
  const [c] = await rows<Record<string, number>>(db(), sql`SELECT
    (SELECT count(*)::int FROM parts) AS parts, (SELECT count(*)::int FROM stock_movements) AS movements,
    (SELECT count(*)::int FROM parts p JOIN partners s ON s.id = p.supplier_id WHERE s.kind = 'SUPPLIER' AND s.is_active) AS supplied,
    (SELECT count(*)::int FROM parts p WHERE p.quantity <> (SELECT coalesce(sum(m.quantity), 0) FROM stock_movements m WHERE m.part_id = p.id)) AS off_ledger,
    (SELECT min(balance)::int FROM (SELECT sum(quantity) OVER (PARTITION BY part_id ORDER BY created_at, id) AS balance FROM stock_movements) x) AS lowest,
    (SELECT count(*)::int FROM parts WHERE quantity < reorder_threshold) AS below,
    (SELECT count(DISTINCT date_trunc('month', created_at))::int FROM stock_movements WHERE kind = 'CONSUMPTION') AS months,
    (SELECT count(*)::int FROM pg_trigger WHERE tgname = 'stock_movements_apply' AND tgenabled = 'O') AS trigger_on`)
  assert.equal(c.parts, size.parts)
  assert.equal(c.movements, size.movements)
  assert.equal(c.supplied, size.parts)
  assert.equal(c.off_ledger, 0)
  assert.ok(c.lowest >= 0, `a running balance reaches ${c.lowest}`)
  assert.ok(c.below > 0 && c.below < c.parts, `${c.below} parts under their threshold`)
  assert.ok(c.months >= size.months, `consumptions over ${c.months} months`)
  assert.equal(c.trigger_on, 1)
  // The trigger and the check are back: a movement past the stock is refused.
  const [part] = await rows<{ id: string; quantity: number }>(db(), sql`SELECT id, quantity FROM parts ORDER BY number LIMIT 1`)
  await assert.rejects(db().execute(sql`INSERT INTO stock_movements (id, part_id, kind, quantity, reason) VALUES (gen_random_uuid(), ${part.id}, 'ADJUSTMENT', ${-part.quantity - 1}, 'test')`),
    (e: { cause?: { code?: string }; code?: string }) => (e.cause?.code ?? e.code) === '23514')
})

test('stock: consumptions on finished orders at their prices of the day, receipts from received orders only, costs and documents', { skip }, async () => {
  const [c] = await rows<Record<string, number>>(db(), sql`SELECT
    (SELECT count(*)::int FROM stock_movements m JOIN work_orders w ON w.id = m.work_order_id
      WHERE w.status <> 'DONE' OR m.created_at NOT BETWEEN w.started_at AND w.completed_at) AS misplaced,
    (SELECT count(*)::int FROM stock_movements m WHERE m.kind = 'CONSUMPTION' AND m.unit_price_cents IS DISTINCT FROM (SELECT r.unit_price_cents FROM stock_movements r
      WHERE r.part_id = m.part_id AND r.kind IN ('RECEIPT', 'MANUAL') AND r.created_at < m.created_at ORDER BY r.created_at DESC, r.id DESC LIMIT 1)) AS mispriced,
    (SELECT count(*)::int FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id
      LEFT JOIN stock_movements m ON m.purchase_order_line_id = l.id
      WHERE (o.status = 'RECEIVED') <> (m.id IS NOT NULL) OR l.received_quantity <> coalesce(m.quantity, 0) OR m.quantity <> l.quantity OR m.unit_price_cents <> l.unit_price_cents
        OR m.purchase_order_id <> o.id OR m.created_at <> o.received_at) AS receipts_off,
    (SELECT count(*)::int FROM purchase_orders o WHERE o.total_cents <> (SELECT sum(l.quantity::bigint * l.unit_price_cents) FROM purchase_order_lines l WHERE l.purchase_order_id = o.id)) AS totals_off,
    (SELECT count(*)::int FROM parts p WHERE p.last_unit_price_cents IS DISTINCT FROM (SELECT r.unit_price_cents FROM stock_movements r WHERE r.part_id = p.id AND r.kind IN ('RECEIPT', 'MANUAL') ORDER BY r.created_at DESC LIMIT 1)) AS last_price_off,
    (SELECT count(DISTINCT status)::int FROM purchase_orders) AS statuses,
    (SELECT count(*)::int FROM work_order_labor) AS labour,
    (SELECT count(*)::int FROM work_order_labor l JOIN work_orders w ON w.id = l.work_order_id JOIN users u ON u.id = l.user_id
      WHERE w.status <> 'DONE' OR l.hourly_rate_cents <> u.hourly_rate_cents OR l.worked_on <> (w.completed_at AT TIME ZONE 'UTC')::date) AS labour_off,
    (SELECT count(*)::int FROM documents WHERE asset_id IS NOT NULL) AS asset_documents, (SELECT count(*)::int FROM documents WHERE work_order_id IS NOT NULL) AS order_documents`)
  assert.deepEqual([c.misplaced, c.mispriced, c.receipts_off, c.totals_off, c.last_price_off, c.labour_off], [0, 0, 0, 0, 0, 0])
  assert.ok(c.statuses >= 3, `${c.statuses} purchase-order statuses`)
  assert.ok(c.labour > 0 && c.asset_documents >= scaleSize(FACTOR).assets && c.order_documents > 0, JSON.stringify(c))
})

test('a database that is not empty is refused, and left as it was', { skip }, async () => {
  const [before] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM work_orders`)
  await assert.rejects(seedScale({ databaseUrl: url, storage, factor: FACTOR }), (e) => e instanceof NotEmptyError && /users/.test(e.message))
  assert.deepEqual((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM work_orders`))[0], before)
})

test('closed orders carry varied technician notes with their own codes, some naming a person with a telephone number; no other order has any', { skip }, async () => {
  const [c] = await rows<Record<string, number>>(db(), sql`SELECT
    (SELECT count(*)::int FROM work_orders WHERE status = 'DONE') AS done,
    (SELECT count(*)::int FROM work_orders WHERE status = 'DONE' AND report_notes IS NOT NULL) AS noted,
    (SELECT count(DISTINCT report_notes)::int FROM work_orders) AS distinct_notes,
    (SELECT count(*)::int FROM work_orders WHERE status <> 'DONE' AND report_notes IS NOT NULL) AS not_closed,
    (SELECT count(*)::int FROM work_orders w JOIN reference_values v ON v.id = w.report_component_id
      WHERE palier_unaccent(lower(w.report_notes)) LIKE '%' || palier_unaccent(lower(v.label)) || '%') AS own_component,
    (SELECT count(*)::int FROM work_orders WHERE report_notes ~ '([+]33 |0)[67]([ .-]?[0-9]{2}){4}') AS phones,
    (SELECT count(*)::int FROM work_orders w WHERE EXISTS (SELECT 1 FROM locations l WHERE l.guardian_name IS NOT NULL AND position(l.guardian_name IN w.report_notes) > 0)
      OR EXISTS (SELECT 1 FROM users u WHERE position(u.display_name IN w.report_notes) > 0)) AS people`)
  assert.equal(c.not_closed, 0)
  assert.ok(c.noted > c.done * 0.6 && c.noted < c.done * 0.9, `${c.noted} of ${c.done} closed orders with notes`)
  assert.ok(c.distinct_notes > c.noted * 0.5, `${c.distinct_notes} distinct notes of ${c.noted}`)
  assert.ok(c.own_component > c.noted * 0.2, `${c.own_component} notes name their component`)
  assert.ok(c.phones > 0 && c.people > 0, JSON.stringify(c))
})

test('the library: its manuals are real PDFs in the storage, at least 200 pages of text, in the corpus on elevators fitted with their equipment; file-less rows are out of it', { skip }, async () => {
  const docs = await rows<{ storage_key: string; file_name: string; reference: string }>(db(), sql`
    SELECT d.storage_key, d.file_name, a.reference FROM documents d JOIN assets a ON a.id = d.asset_id WHERE d.in_corpus ORDER BY d.file_name`)
  const manuals = scaleManuals(scaleSize(FACTOR).assets)
  assert.deepEqual(docs.map((d) => d.file_name), manuals.map((m) => m.fileName).sort())
  let pages = 0
  for (const d of docs) {
    const text = await pdfPages(await readAll(await storage.get(d.storage_key), 20 * 1024 * 1024))
    assert.ok(text.every(hasText), d.file_name)
    pages += text.length
  }
  assert.ok(pages >= 200, `${pages} pages`)
  const [c] = await rows<{ fitted: number; files_less: number }>(db(), sql`SELECT
    (SELECT count(DISTINCT brand)::int FROM asset_components WHERE brand IN ('Voltane', 'Celerio', 'Portimax')) AS fitted,
    (SELECT count(*)::int FROM documents WHERE in_corpus AND kind <> 'MANUAL') AS files_less`)
  assert.deepEqual(c, { fitted: 3, files_less: 0 })
})

test('the assistant indexes the whole corpus, anonymises its people, answers from a manual and refuses a code another model has', { skip }, async () => {
  const t = await startTestApp({ build: { database, storage } })
  try {
    const adminUser = await t.userWithRole('Administrateur')
    const res = await t.api.reindexAssistant({}, adminUser.token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const [{ done }] = await rows<{ done: number }>(db(), sql`SELECT count(*)::int AS done FROM work_orders WHERE status = 'DONE'`)
    const r = res.body
    assert.deepEqual([r.documents, r.unreadableDocuments, r.pagesWithoutText, r.reports], [scaleManuals(scaleSize(FACTOR).assets).length, 0, 0, done])
    assert.ok(r.pages >= 200 && r.replacements.phone > 0 && r.replacements.person > 0, JSON.stringify(r))
    const ask = async (question: string) => (await t.api.askAssistant({ body: { question } }, adminUser.token)).body
    const answer = await ask('entrefer du frein Voltane VG-35 ?')
    assert.equal(answer.answered, true, JSON.stringify(answer))
    assert.match(answer.citations[0].fileName ?? '', /^Voltane_VG-35/)
    assert.match(answer.answer, /0,30 à 0,45 mm/)
    const nearMiss = await ask('code C-418 sur armoire Celerio CX-10')
    assert.equal(nearMiss.answered, false, JSON.stringify(nearMiss))
  } finally {
    await t.close()
  }
})
