// The site as data (migration 0014): a location and an elevator carry their top-level site,
// kept by the store. What a site-assigned caller sees follows every move of the tree.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset } from '../work-orders/work-orders.fixtures.ts'

let t: TestApp
let admin: string
before(async () => {
  t = await startTestApp()
  admin = (await t.userWithRole('Administrateur')).token
})
after(() => t.close())

async function create(body: Record<string, unknown>): Promise<string> {
  const res = await t.request('POST', '/locations', { token: admin, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id
}
// The elevator's detail, its meters, and an order opened on it: each reads its site its own way.
async function sees(token: string, assetId: string): Promise<boolean> {
  const detail = (await t.request('GET', `/assets/${assetId}`, { token })).status
  const meters = (await t.request('GET', `/assets/${assetId}/meters`, { token })).status
  const order = (await t.request('POST', '/work-orders', { token, body: { assetId, description: 'Porte bloquée' } })).status
  assert.ok([detail, meters].every((s) => s === 200 || s === 404) && (order === 201 || order === 400 || order === 404), `${detail} ${meters} ${order}`)
  assert.equal(new Set([detail === 200, meters === 200, order === 201]).size, 1, `detail ${detail}, meters ${meters}, order ${order}`)
  return detail === 200
}
const listed = async (token: string, siteId: string) =>
  ((await t.request('GET', `/assets?siteId=${siteId}`, { token })).body.assets as { id: string }[]).map((a) => a.id)

test('a zone moved to another site takes its elevators along: the callers of each site see them or no longer do', async () => {
  const north = await create({ name: 'Résidence Nord' })
  const south = await create({ name: 'Résidence Sud' })
  const zone = await create({ name: 'Bâtiment A', parentId: north })
  const inZone = await insertAsset(t, zone, { reference: 'NORD-A-01' })
  const onSite = await insertAsset(t, north, { reference: 'NORD-01' })
  const ofNorth = (await t.userWithRole('Dispatcher', { siteIds: [north] })).token
  const ofSouth = (await t.userWithRole('Dispatcher', { siteIds: [south] })).token

  assert.ok(await sees(ofNorth, inZone))
  assert.equal(await sees(ofSouth, inZone), false)
  assert.deepEqual((await listed(admin, north)).sort(), [inZone, onSite].sort())

  const moved = await t.request('PATCH', `/locations/${zone}`, { token: admin, body: { parentId: south } })
  assert.equal(moved.status, 200, JSON.stringify(moved.body))
  assert.equal(await sees(ofNorth, inZone), false)
  assert.ok(await sees(ofSouth, inZone))
  assert.deepEqual(await listed(admin, north), [onSite])
  assert.deepEqual(await listed(admin, south), [inZone])

  // An elevator moved from the zone to the northern site itself.
  const back = await t.request('PATCH', `/assets/${inZone}`, { token: admin, body: { locationId: north } })
  assert.equal(back.status, 200, JSON.stringify(back.body))
  assert.ok(await sees(ofNorth, inZone))
  assert.equal(await sees(ofSouth, inZone), false)
})
