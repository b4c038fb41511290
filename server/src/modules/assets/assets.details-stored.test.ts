// Each elevator's AssetDetail as the writers keep it (asset_details, migration 0030) is, once
// the clock's fields are filled, the answer the live statement computes: after every kind of
// write that feeds it (the elevator, its components, its inspections and their findings, its
// grids and their ticked operations, a rename of its category, location or site, a task
// template), and after the background refill of what a rename marked stale.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { taskTemplates } from '../preventive/preventive.tables.ts'
import { checklistItems, workOrders } from '../work-orders/work-orders.tables.ts'
import { assetDetail, liveAssetDetail } from './assets.queries.ts'
import { assetInspections, assets } from './assets.tables.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let admin: string
let site: string
let zone: string
let categoryId: string
let componentType: string
let number = 930_000_000
const db = () => t.app.deps.database.db
const everywhere = { siteIds: null }
const DAY = 86_400_000

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur gardé')
  componentType = await insertCategory(t, 'COMPONENT_TYPE', 'Treuil gardé')
  site = await createLocation(t, admin, { name: 'Résidence des Tilleuls', address: '3 rue des Tilleuls', city: 'Lyon', guardianName: 'M. Roux', guardianPhone: '0601020304' })
  zone = await createLocation(t, admin, { name: 'Bâtiment B', parentId: site })
})
after(() => t.close())

/** JSON text as the writers keep it (ASCII and compact: migrations 0036, 0039). */
const storedForm = async (text: string) => (await rowsOf<{ t: string }>(db().execute(sql`SELECT json_stored(${text}) AS t`)))[0].t

/** Every elevator whose stored answer, at these instants, differs from the live one. */
async function disagreeing(): Promise<string[]> {
  const ids = (await db().select({ id: assets.id }).from(assets)).map((r) => r.id)
  const bad: string[] = []
  // Today, a due day's eve and its morrow, years on: every state the markers can take.
  for (const now of [new Date(), new Date(Date.now() + 41 * DAY), new Date(Date.now() + 400 * DAY), new Date(Date.now() + 2000 * DAY)]) {
    for (const id of ids) {
      const [kept, live] = [await assetDetail(db(), id, everywhere, now), await liveAssetDetail(db(), id, everywhere, now)]
      // The kept text is ASCII and compact (json_stored): the live one compared in that form.
      if (kept?.text !== (live && await storedForm(live.text))) bad.push(`${id} at ${now.toISOString()}:\n${kept?.text}\n${live?.text}`)
    }
  }
  return bad
}
const staleCount = async () => (await rowsOf<{ n: number }>(db().execute(sql`SELECT count(*)::int AS n FROM asset_details WHERE body IS NULL`)))[0].n
const refill = async () => { while (await t.app.services.assets.refillStaleDetails(2) > 0); }
/** The kept texts are read, not rebuilt live: none stale, and each as live computes it. */
async function keptAgree() {
  assert.equal(await staleCount(), 0, 'no detail stale: the writers rebuilt them')
  assert.deepEqual(await disagreeing(), [])
}

async function createElevator(extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/assets', { token: admin, body: {
    reference: `KD-${uuidv7().slice(-6).toUpperCase()}`, brand: 'Otis', categoryId, locationId: zone, underContract: true,
    commissionedAt: new Date(Date.now() - 300 * DAY).toISOString(),
    components: [{ typeId: componentType, brand: 'Sassi', installedAt: new Date(Date.now() - 200 * DAY).toISOString() }],
    ...extra,
  } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id as string
}
async function order(assetId: string, o: { type?: 'PREVENTIVE' | 'CORRECTIVE'; status?: 'DONE' | 'OPEN' | 'CANCELLED'; daysAgo?: number; inspectionId?: string } = {}) {
  const id = uuidv7()
  number++
  await db().insert(workOrders).values({
    id, reference: `OT-${number}`, number, type: o.type ?? 'PREVENTIVE', status: o.status ?? 'DONE', assetId,
    completedAt: o.status === undefined || o.status === 'DONE' ? new Date(Date.now() - (o.daysAgo ?? 0) * DAY) : null,
    inspectionId: o.inspectionId ?? null,
  })
  return id
}

test('created, edited, components fitted and removed, contract ended: the kept answer is the live one', async () => {
  const a = await createElevator({ inspection: { inspectedAt: new Date(Date.now() - 1790 * DAY).toISOString(), body: 'Bureau Veritas' } })
  const b = await createElevator({ underContract: false, components: [] })
  await keptAgree()
  const patch = await t.request('PATCH', `/assets/${a}`, { token: admin, body: { brand: 'Kone', status: 'OUT_OF_SERVICE', notes: 'Portes lentes', locationId: site } })
  assert.equal(patch.status, 200, JSON.stringify(patch.body))
  const added = await t.request('POST', `/assets/${b}/components`, { token: admin, body: { typeId: componentType, model: 'MX10' } })
  assert.equal(added.status, 201, JSON.stringify(added.body))
  await keptAgree()
  const first = (await t.request('GET', `/assets/${a}`, { token: admin })).body.components[0].id
  assert.equal((await t.request('DELETE', `/assets/${a}/components/${first}`, { token: admin })).status, 204)
  assert.equal((await t.request('PATCH', `/assets/${b}`, { token: admin, body: { underContract: true, commissionedAt: new Date().toISOString() } })).status, 200)
  assert.equal((await t.request('PATCH', `/assets/${a}`, { token: admin, body: { underContract: false } })).status, 200)
  await keptAgree()
})

test('inspections recorded or corrected, findings raised, closed, cancelled, unlinked: the history and its counts follow', async () => {
  const a = await createElevator()
  const recorded = await t.request('PATCH', `/assets/${a}`, { token: admin, body: { inspection: { inspectedAt: new Date(Date.now() - 30 * DAY).toISOString(), body: 'Apave', notes: 'Trois remarques' } } })
  assert.equal(recorded.status, 200, JSON.stringify(recorded.body))
  const inspectionId = recorded.body.inspections[0].id as string
  const findings = [await order(a, { type: 'CORRECTIVE', status: 'OPEN', inspectionId }), await order(a, { type: 'CORRECTIVE', status: 'OPEN', inspectionId })]
  await keptAgree()
  await db().update(workOrders).set({ status: 'DONE', completedAt: new Date() }).where(eq(workOrders.id, findings[0]))
  await db().update(workOrders).set({ status: 'CANCELLED', cancelReason: 'Doublon', cancelledAt: new Date() }).where(eq(workOrders.id, findings[1]))
  await keptAgree()
  const detail = (await t.request('GET', `/assets/${a}`, { token: admin })).body
  assert.deepEqual([detail.inspections[0].findingsCount, detail.inspections[0].openFindingsCount], [2, 0])
  await db().update(workOrders).set({ inspectionId: null }).where(eq(workOrders.id, findings[0]))
  await db().delete(workOrders).where(eq(workOrders.id, findings[1]))
  await db().update(assetInspections).set({ body: 'Apave Sud', notes: null }).where(eq(assetInspections.id, inspectionId))
  await db().update(assetInspections).set({ inspectedAt: new Date(Date.now() - 1900 * DAY) }).where(eq(assetInspections.id, inspectionId))
  await keptAgree()
})

test('grids closed with their operations ticked, an item unticked, a task template added or changed: the operations follow', async () => {
  const a = await createElevator()
  const template = uuidv7()
  await db().insert(taskTemplates).values({ id: template, label: `Essai du limiteur ${template.slice(-6)}`, periodicityMonths: 6 })
  assert.ok(await staleCount() > 0, 'a task template added reaches every elevator')
  assert.deepEqual(await disagreeing(), [])
  await refill()
  const grid = await order(a, { daysAgo: 170 })
  const item = uuidv7()
  await db().insert(checklistItems).values({ id: item, workOrderId: grid, taskTemplateId: template, label: 'Essai du limiteur', position: 1, status: 'DONE' })
  const open = await order(a, { status: 'OPEN' })
  await db().update(workOrders).set({ status: 'DONE', completedAt: new Date() }).where(eq(workOrders.id, open))
  await keptAgree()
  await db().update(checklistItems).set({ status: 'TODO' }).where(eq(checklistItems.id, item))
  await keptAgree()
  await db().update(taskTemplates).set({ periodicityMonths: 3 }).where(eq(taskTemplates.id, template))
  assert.deepEqual(await disagreeing(), [])
  await db().update(taskTemplates).set({ isActive: false }).where(eq(taskTemplates.id, template))
  await refill()
  await keptAgree()
})

test('a category, a component type, a zone, a site renamed: stale details read live, then rebuilt by the refill', async () => {
  await createElevator()
  await db().update(categories).set({ name: 'Ascenseur gardé (renommé)' }).where(eq(categories.id, categoryId))
  await db().update(categories).set({ name: 'Treuil gardé (renommé)' }).where(eq(categories.id, componentType))
  await db().update(locations).set({ name: 'Bâtiment B bis', guardianName: 'Mme Blanc' }).where(eq(locations.id, zone))
  await db().update(locations).set({ address: '5 rue des Tilleuls', city: 'Villeurbanne' }).where(eq(locations.id, site))
  assert.ok(await staleCount() > 0, 'renames mark the details they reach stale')
  assert.deepEqual(await disagreeing(), [])
  await refill()
  await keptAgree()
})

test('outside the caller’s sites: 404, as before', async () => {
  const a = await createElevator()
  const other = await createLocation(t, admin, { name: 'Résidence lointaine' })
  const { token } = await t.userWithRole('Demandeur', { siteIds: [other] })
  assert.equal((await t.request('GET', `/assets/${a}`, { token })).status, 404)
  assert.equal(await assetDetail(db(), a, { siteIds: [other] }, new Date()), undefined)
  assert.ok(await assetDetail(db(), a, { siteIds: [site] }, new Date()))
})
