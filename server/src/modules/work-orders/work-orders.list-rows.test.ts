// The listing's rows are kept by the writers (migration 0013) and sent as stored: after every
// kind of write that changes what a row shows, the listed row must still read exactly as the
// order's own detail does, field for field, and carry exactly the contract's fields.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const ITEM_FIELDS = [
  'asset', 'assignees', 'cancelledAt', 'completedAt', 'createdAt', 'description', 'dueAt', 'id', 'inspectionId', 'origin', 'periodKey',
  'personBlocked', 'priority', 'reference', 'releasedAt', 'startedAt', 'status', 'type',
]

let t: TestApp
let admin: { id: string; token: string }
let tech: { id: string; token: string }
let other: { id: string; token: string }
let siteA: string, zoneA: string, siteB: string, asset: string
let orderId: string

/** The order's listed row and its detail's fields of the same names: they must agree. */
async function listedAndDetail(id: string) {
  const list = await t.request('GET', `/work-orders?assetId=${asset}&limit=200`, { token: admin.token })
  assert.equal(list.status, 200)
  const row = (list.body.workOrders as any[]).find((o) => o.id === id)
  assert.ok(row, 'the order is listed')
  const detail = await t.request('GET', `/work-orders/${id}`, { token: admin.token })
  assert.equal(detail.status, 200)
  const expected = Object.fromEntries(ITEM_FIELDS.map((k) => [k, detail.body[k]]))
  return { row, expected }
}
async function assertRowFollows(id: string) {
  const { row, expected } = await listedAndDetail(id)
  assert.deepEqual(Object.keys(row).sort(), ITEM_FIELDS)
  assert.deepEqual(row, expected)
  return row
}
async function ok(res: { status: number; body: unknown }, status = 200) {
  assert.equal(res.status, status, JSON.stringify(res.body))
}

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  other = await t.userWithRole('Technicien')
  siteA = await insertLocation(t, 'Résidence des Tilleuls')
  zoneA = await insertLocation(t, 'Bâtiment B', siteA)
  siteB = await insertLocation(t, 'Gare de l’Est')
  asset = await insertAsset(t, zoneA, { reference: 'TIL-B-01' })
  orderId = (await createWorkOrder(t, admin.token, {
    assetId: asset, description: 'Porte palière « bloquée » au 3ᵉ\nbruit à la fermeture', priority: 'HIGH',
    dueAt: '2026-03-01T09:30:00.000Z', assigneeIds: [tech.id],
  })).id
})
after(() => t.close())

describe('listed rows kept by the writers', () => {
  test('a new order is listed as its detail reads (text with quotes, line breaks and accents)', async () => {
    const row = await assertRowFollows(orderId)
    assert.equal(row.asset.siteName, 'Résidence des Tilleuls')
    assert.deepEqual(row.assignees.map((a: any) => a.id), [tech.id])
  })

  test('text past ASCII (accents, ’, œ, an emoji) is kept as escapes and reads back unchanged in the list and the detail', async () => {
    const description = 'Cabine bloquée au 3ᵉ — l’œil du contrepoids 😀 « urgent »'
    const res = await t.request('POST', '/work-orders', { token: admin.token, body: { assetId: asset, description } })
    await ok(res, 201)
    const id = (res.body as { id: string }).id
    const row = await assertRowFollows(id)
    assert.equal(row.description, description)
    // Stored as ASCII JSON (migration 0036): what the service sends without re-encoding.
    const [stored] = (await t.app.deps.database.db.execute(sql`SELECT w.list_row, d.body, d.costs FROM work_orders w
      JOIN work_order_details d ON d.work_order_id = w.id WHERE w.id = ${id}`) as unknown as { rows: Record<string, string>[] }).rows
    for (const text of Object.values(stored)) assert.match(text, /^[\x00-\x7f]*$/)
    const raw = await t.app.fastify.inject({ method: 'GET', url: `/api/work-orders?assetId=${asset}`, headers: { authorization: `Bearer ${admin.token}` } })
    assert.ok(raw.body.includes('l\\u2019\\u0153il du contrepoids \\ud83d\\ude00'), 'sent as escapes')
  })

  test('assignees replaced, then the order moved along its states', async () => {
    await ok(await t.request('PUT', `/work-orders/${orderId}/assignees`, { token: admin.token, body: { assigneeIds: [other.id, tech.id] } }))
    assert.equal((await assertRowFollows(orderId)).assignees.length, 2)
    await ok(await t.request('POST', `/work-orders/${orderId}/transition`, { token: admin.token, body: { to: 'IN_PROGRESS' } }))
    const row = await assertRowFollows(orderId)
    assert.equal(row.status, 'IN_PROGRESS')
    assert.ok(row.startedAt)
  })

  test('the elevator renamed, re-branded, then moved to another site', async () => {
    await ok(await t.request('PATCH', `/assets/${asset}`, { token: admin.token, body: { reference: 'TIL-B-01bis', brand: 'Schindler' } }))
    let row = await assertRowFollows(orderId)
    assert.equal(row.asset.reference, 'TIL-B-01bis')
    assert.equal(row.asset.brand, 'Schindler')
    await ok(await t.request('PATCH', `/assets/${asset}`, { token: admin.token, body: { locationId: siteB } }))
    row = await assertRowFollows(orderId)
    assert.equal(row.asset.siteId, siteB)
    await ok(await t.request('PATCH', `/assets/${asset}`, { token: admin.token, body: { locationId: zoneA } }))
    assert.equal((await assertRowFollows(orderId)).asset.locationName, 'Bâtiment B')
  })

  test('the zone and its site renamed, the zone moved under another site', async () => {
    await ok(await t.request('PATCH', `/locations/${zoneA}`, { token: admin.token, body: { name: 'Bâtiment B (nord)' } }))
    await ok(await t.request('PATCH', `/locations/${siteA}`, { token: admin.token, body: { name: 'Résidence Les Tilleuls' } }))
    let row = await assertRowFollows(orderId)
    assert.equal(row.asset.locationName, 'Bâtiment B (nord)')
    assert.equal(row.asset.siteName, 'Résidence Les Tilleuls')
    await ok(await t.request('PATCH', `/locations/${zoneA}`, { token: admin.token, body: { parentId: siteB } }))
    row = await assertRowFollows(orderId)
    assert.equal(row.asset.siteName, 'Gare de l’Est')
  })

  test('an assignee renamed: the names and their order follow', async () => {
    await ok(await t.request('PATCH', `/users/${tech.id}`, { token: admin.token, body: { displayName: 'Aaron Abadie' } }))
    const row = await assertRowFollows(orderId)
    assert.equal(row.assignees[0].displayName, 'Aaron Abadie')
  })

  test('cancelled with a reason: status and time listed', async () => {
    await ok(await t.request('POST', `/work-orders/${orderId}/transition`, { token: admin.token, body: { to: 'CANCELLED', reason: 'Doublon' } }))
    const row = await assertRowFollows(orderId)
    assert.equal(row.status, 'CANCELLED')
    assert.ok(row.cancelledAt)
  })
})
