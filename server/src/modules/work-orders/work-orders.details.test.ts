// Each order's detail is kept as text by the writers (migration 0017) and sent as stored: after
// every kind of write that changes what a detail shows, the stored text must equal one built
// afresh and the answer must show the write. Renames mark the details showing them stale (read
// live meanwhile) until the background refill rebuilds them.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { stockedPart } from '../parts/parts.fixtures.ts'
import { staleDetailCount } from './work-orders.detail.queries.ts'
import { createWorkOrder, insertAsset, insertChecklist, insertLocation, insertReferenceValue } from './work-orders.fixtures.ts'

let t: TestApp
type Who = { id: string; token: string }
let admin: Who, tech: Who, manager: Who
let site: string, asset: string, orderId: string

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.app.deps.database.db.execute(query)) as unknown as { rows: T[] }).rows
}

// The facts kept beside the text (migration 0037) against those read afresh (`f`).
const factsDiffer = sql`(d.site_id, d.status, d.type, d.created_by, d.assignee_ids, d.symptom_set, d.cause_set, d.action_set, d.todo_count)
  IS DISTINCT FROM (f.site_id, f.status, f.type, f.created_by, f.assignee_ids, f.symptom_set, f.cause_set, f.action_set, f.todo_count)`

/** Stored details that are stale, or differ (text or facts) from those built afresh now. */
async function storedState(id: string) {
  const [r] = await rows<{ stale: boolean; differs: boolean }>(sql`SELECT d.body IS NULL AS stale,
    (d.body IS DISTINCT FROM json_stored(work_order_detail_body(d.work_order_id)) OR d.costs IS DISTINCT FROM json_stored(work_order_detail_costs(d.work_order_id))
      OR ${factsDiffer}) AS differs
    FROM work_order_details d, work_order_detail_facts(d.work_order_id) f WHERE d.work_order_id = ${id}`)
  return r
}
async function assertStoredFresh(id = orderId) {
  assert.deepEqual(await storedState(id), { stale: false, differs: false }, 'the stored detail is the one built afresh')
}
async function detail(id = orderId) {
  const res = await t.request('GET', `/work-orders/${id}`, { token: admin.token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}
async function ok(res: { status: number; body: unknown }, status = 200) {
  assert.equal(res.status, status, JSON.stringify(res.body))
}
async function refillAll() {
  while (await t.app.services.workOrders.refillStaleDetails(100) > 0) { /* until none is stale */ }
}

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien', { hourlyRateCents: 4200 })
  manager = await t.userWithRole('Gestionnaire')
  site = await insertLocation(t, 'Résidence du Parc')
  asset = await insertAsset(t, site, { reference: 'PARC-01' })
  orderId = (await createWorkOrder(t, admin.token, { assetId: asset, description: 'Cabine « arrêtée » au 2ᵉ', assigneeIds: [tech.id] })).id
})
after(() => t.close())

describe('stored details kept by the writers', () => {
  test('a new order is stored as its detail is built', async () => {
    await assertStoredFresh()
    assert.deepEqual((await detail()).assignees.map((a: { id: string }) => a.id), [tech.id])
  })

  test('a comment, a transition, the report, a checklist item: each shows at once and is stored', async () => {
    await ok(await t.request('POST', `/work-orders/${orderId}/comments`, { token: tech.token, body: { body: 'Contacteur changé' } }), 201)
    await assertStoredFresh()
    assert.equal((await detail()).comments.at(-1).body, 'Contacteur changé')
    await ok(await t.request('POST', `/work-orders/${orderId}/transition`, { token: tech.token, body: { to: 'IN_PROGRESS' } }))
    await assertStoredFresh()
    assert.equal((await detail()).status, 'IN_PROGRESS')
    const symptom = await insertReferenceValue(t, 'SYMPTOM', 'Essai — porte bloquée')
    await ok(await t.request('PUT', `/work-orders/${orderId}/report`, { token: tech.token, body: { symptomId: symptom, notes: 'Seuil nettoyé' } }))
    await assertStoredFresh()
    assert.equal((await detail()).report.symptom.label, 'Essai — porte bloquée')
    const [item] = await insertChecklist(t, orderId, [{ label: 'Vérifier le parachute' }])
    await ok(await t.request('PATCH', `/work-orders/${orderId}/checklist/${item}`, { token: tech.token, body: { status: 'DONE' } }))
    await assertStoredFresh()
    assert.equal((await detail()).checklist[0].status, 'DONE')
  })

  test('breakdown times: the taps, a correction and a write of the columns alone are each stored', async () => {
    const arrived = new Date().toISOString()
    await ok(await t.request('PUT', `/work-orders/${orderId}/report`, { token: tech.token, body: { times: { arrivedAt: arrived } } }))
    await assertStoredFresh()
    assert.equal((await detail()).arrivedAt, arrived)
    await ok(await t.request('PUT', `/work-orders/${orderId}/report`, { token: tech.token, body: { times: { leftAt: new Date().toISOString() } } }))
    await assertStoredFresh()
    const corrected = new Date(Date.parse(arrived) + 1).toISOString()
    await ok(await t.request('PUT', `/work-orders/${orderId}/report`, { token: admin.token, body: { times: { arrivedAt: corrected, correction: true } } }))
    await assertStoredFresh()
    const d = await detail()
    assert.equal(d.arrivedAt, corrected)
    assert.equal(typeof d.arrivalDelayMinutes, 'number')
    // A writer of the columns alone (a seeder, a script): the trigger watches them (0020).
    await t.app.deps.database.db.execute(sql`UPDATE work_orders SET left_at = left_at + interval '1 minute' WHERE id = ${orderId}`)
    await assertStoredFresh()
  })

  test('parts consumed and labour logged: the cost block and its totals', async () => {
    const part = await stockedPart(t, manager.token, 'Galet de porte', 5, 1800)
    await ok(await t.request('POST', `/work-orders/${orderId}/consume-part`, { token: tech.token, body: { partId: part.id, quantity: 2 } }), 201)
    await ok(await t.request('POST', `/work-orders/${orderId}/labor`, { token: tech.token, body: { userId: tech.id, minutes: 90, workedOn: '2025-03-10' } }), 201)
    await assertStoredFresh()
    const { costs } = await detail()
    assert.equal(costs.partsCents, 3600)
    assert.equal(costs.laborCents, 6300)
    assert.equal(costs.totalCents, 9900)
  })

  test('assignees replaced', async () => {
    await ok(await t.request('PUT', `/work-orders/${orderId}/assignees`, { token: admin.token, body: { assigneeIds: [] } }))
    await assertStoredFresh()
    assert.deepEqual((await detail()).assignees, [])
  })

  test('concurrent comments on one order: every one is in the stored detail', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => `Passage ${i + 1}`)
    const answers = await Promise.all(bodies.map((body) => t.request('POST', `/work-orders/${orderId}/comments`, { token: admin.token, body: { body } })))
    for (const a of answers) assert.equal(a.status, 201, JSON.stringify(a.body))
    await assertStoredFresh()
    const shown = new Set((await detail()).comments.map((c: { body: string }) => c.body))
    for (const b of bodies) assert.ok(shown.has(b), b)
  })
})

describe('renames: details marked stale, read live, rebuilt in the background', () => {
  /** Runs a rename from a fresh state: the order's detail must be marked stale by it, show it at once, and be rebuilt. */
  async function renamed(what: string, rename: () => Promise<void>, shown: (d: any) => unknown, expected: unknown) {
    await refillAll()
    await assertStoredFresh()
    await rename()
    assert.equal((await storedState(orderId)).stale, true, `${what}: the detail is marked stale`)
    assert.deepEqual(shown(await detail()), expected, `${what}: the answer shows it at once`)
    assert.ok(await staleDetailCount(t.app.deps.database.db) > 0)
    await refillAll()
    assert.equal(await staleDetailCount(t.app.deps.database.db), 0)
    await assertStoredFresh()
    assert.deepEqual(shown(await detail()), expected, `${what}: the rebuilt detail shows it`)
  }

  test('a person renamed (author of comments)', () =>
    renamed('person', async () => ok(await t.request('PATCH', `/users/${tech.id}`, { token: admin.token, body: { displayName: 'Bérénice Tech' } })),
      (d) => d.comments[0].author.displayName, 'Bérénice Tech'))

  test('the elevator renamed', () =>
    renamed('elevator', async () => ok(await t.request('PATCH', `/assets/${asset}`, { token: admin.token, body: { reference: 'PARC-01bis' } })),
      (d) => d.asset.reference, 'PARC-01bis'))

  test('its site renamed', () =>
    renamed('site', async () => ok(await t.request('PATCH', `/locations/${site}`, { token: admin.token, body: { name: 'Résidence du Grand Parc' } })),
      (d) => d.asset.siteName, 'Résidence du Grand Parc'))

  test('a report label renamed', async () => {
    const [rv] = await rows<{ id: string }>(sql`SELECT report_symptom_id AS id FROM work_orders WHERE id = ${orderId}`)
    await renamed('label', async () => ok(await t.request('PATCH', `/reference-values/${rv.id}`, { token: admin.token, body: { label: 'Essai — porte coincée' } })),
      (d) => d.report.symptom.label, 'Essai — porte coincée')
  })

  test('a consumed part renamed', async () => {
    const partId = (await detail()).costs.parts[0].partId
    await renamed('part', async () => ok(await t.request('PATCH', `/parts/${partId}`, { token: manager.token, body: { designation: 'Galet de porte palière' } })),
      (d) => d.costs.parts[0].designation, 'Galet de porte palière')
  })

  test('an order of another elevator is not marked stale by this one’s rename', async () => {
    const other = await insertAsset(t, site, { reference: 'PARC-02' })
    const otherOrder = (await createWorkOrder(t, admin.token, { assetId: other, description: 'Bruit en gaine' })).id
    await ok(await t.request('PATCH', `/assets/${asset}`, { token: admin.token, body: { brand: 'Kone' } }))
    assert.equal((await storedState(otherOrder)).stale, false)
    assert.equal((await storedState(orderId)).stale, true)
    await refillAll()
  })

  test('nothing differs from a detail built afresh (text and facts), for every order', async () => {
    const [r] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM work_orders w LEFT JOIN work_order_details d ON d.work_order_id = w.id
      LEFT JOIN LATERAL work_order_detail_facts(w.id) f ON true
      WHERE d.body IS NULL OR d.body IS DISTINCT FROM json_stored(work_order_detail_body(w.id)) OR d.costs IS DISTINCT FROM json_stored(work_order_detail_costs(w.id))
        OR ${factsDiffer}`)
    assert.equal(r.n, 0)
  })
})
