// Kept answers with topics (http/answer-cache.ts): a frequent write drops only the answers it
// can change. Each test changes the store behind the service's back, then makes a write through
// the API, and reads: an answer the write cannot change is still the kept one (the change behind
// the back does not show), an answer it can change is fresh.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { workOrders } from '../modules/work-orders/work-orders.tables.ts'
import { createWorkOrder, insertAsset } from '../modules/work-orders/work-orders.fixtures.ts'
import { createDefaultMeters } from '../modules/meters/meters.defaults.ts'
import { assets } from '../modules/assets/assets.tables.ts'
import { memoryCache } from '../platform/cache.ts'
import { ManualClock } from '../platform/clock.ts'
import { createLocation, startTestApp, type TestApp } from '../test/harness.ts'
import { answerTopics, AnswerCache, OTHER_ANSWERS } from './answer-cache.ts'

const clock = new ManualClock()
const keeps = process.env.DATABASE_URL && !process.env.REDIS_URL ? 'PostgreSQL without Redis keeps no answer' : false
let a: TestApp
let b: TestApp
let admin: string
let site: string

before(async () => {
  a = await startTestApp({ build: { clock }, keepAnswers: true })
  b = await startTestApp({
    build: { clock, database: a.app.deps.database, ...(process.env.REDIS_URL ? {} : { cache: a.app.deps.cache }) },
    env: { REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix },
    keepAnswers: true,
  })
  admin = await a.tokenFor('Administrateur')
  site = await createLocation(a, admin, { name: 'Résidence des Tilleuls' })
})
after(async () => { await b?.close(); await a?.close() })

const describeInStore = (id: string, description: string) =>
  a.app.deps.database.db.update(workOrders).set({ description }).where(eq(workOrders.id, id))
const detail = async (t: TestApp, token: string, id: string) => {
  const res = await t.request('GET', `/work-orders/${id}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body as { description: string; comments: { body: string }[] }
}
const ownDescriptions = async (token: string) =>
  ((await a.request('GET', '/work-orders?mine=true', { token })).body.workOrders as { description: string }[]).map((w) => w.description)

async function order(description: string, assigneeIds: string[] = []) {
  const assetId = await insertAsset(a, site)
  return (await createWorkOrder(a, admin, { assetId, type: 'CORRECTIVE', priority: 'NORMAL', description, assigneeIds })).id
}

async function soon(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  assert.fail(`${what}: not within a second`)
}

describe('topics', { skip: keeps }, () => {
  test('a comment leaves other orders\' kept details in place and makes its own order\'s fresh', async () => {
    const x = await order('Porte palière bloquée')
    const y = await order('Bouton d’appel cassé')
    await detail(a, admin, x)
    await detail(a, admin, y)
    await describeInStore(y, 'Changé en base')
    const res = await a.request('POST', `/work-orders/${x}/comments`, { token: admin, body: { body: 'Gardien prévenu.' } })
    assert.equal(res.status, 201)
    assert.equal((await detail(a, admin, y)).description, 'Bouton d’appel cassé', 'kept: a comment on another order cannot change it')
    assert.deepEqual((await detail(a, admin, x)).comments.map((c) => c.body), ['Gardien prévenu.'])
  })

  test('a move of an order refreshes its assignee\'s own list, not another technician\'s', async () => {
    const mine = await a.userWithRole('Technicien', { siteIds: [site] })
    const other = await a.userWithRole('Technicien', { siteIds: [site] })
    const x = await order('Cabine arrêtée au 3e', [mine.id])
    const y = await order('Éclairage cabine', [other.id])
    assert.deepEqual(await ownDescriptions(mine.token), ['Cabine arrêtée au 3e'])
    await describeInStore(x, 'Changé en base')
    const moveY = await a.request('POST', `/work-orders/${y}/transition`, { token: admin, body: { to: 'IN_PROGRESS' } })
    assert.equal(moveY.status, 200)
    assert.deepEqual(await ownDescriptions(mine.token), ['Cabine arrêtée au 3e'], 'kept: the move concerned another technician')
    const moveX = await a.request('POST', `/work-orders/${x}/transition`, { token: admin, body: { to: 'IN_PROGRESS' } })
    assert.equal(moveX.status, 200)
    assert.deepEqual(await ownDescriptions(mine.token), ['Changé en base'])
  })

  test('a move refreshes the lists that name no topic (every order of the company)', async () => {
    const x = await order('Gaine à nettoyer')
    const all = async () => ((await a.request('GET', '/work-orders?limit=200', { token: admin })).body.workOrders as { id: string; status: string }[])
    assert.equal((await all()).find((w) => w.id === x)?.status, 'OPEN')
    const res = await a.request('POST', `/work-orders/${x}/transition`, { token: admin, body: { to: 'IN_PROGRESS' } })
    assert.equal(res.status, 200)
    assert.equal((await all()).find((w) => w.id === x)?.status, 'IN_PROGRESS')
  })

  test('a move of an order refreshes the lists of requests only when the order came from one', async () => {
    const assetId = await insertAsset(a, site)
    const created = await a.request('POST', '/requests', { token: admin, body: { assetId, description: 'Ascenseur bloqué au RDC' } })
    assert.equal(created.status, 201)
    const approved = await a.request('POST', `/requests/${created.body.id}/approve`, { token: admin, body: {} })
    assert.equal(approved.status, 201)
    const fromRequest = approved.body.id as string
    const unrelated = await order('Ventilation cabine')
    const orderState = async () => ((await a.request('GET', '/requests?limit=200', { token: admin })).body.requests as { id: string; workOrder: { status: string } | null }[])
      .find((r) => r.id === created.body.id)?.workOrder?.status
    assert.equal(await orderState(), 'OPEN')
    await a.app.deps.database.db.update(workOrders).set({ status: 'ON_HOLD' }).where(eq(workOrders.id, fromRequest))
    assert.equal((await a.request('POST', `/work-orders/${unrelated}/transition`, { token: admin, body: { to: 'IN_PROGRESS' } })).status, 200)
    assert.equal(await orderState(), 'OPEN', 'kept: the move was of an order from no request')
    assert.equal((await a.request('POST', `/work-orders/${fromRequest}/transition`, { token: admin, body: { to: 'IN_PROGRESS' } })).status, 200)
    assert.equal(await orderState(), 'IN_PROGRESS')
  })

  test('a meter reading refreshes its elevator\'s meters and leaves another elevator\'s kept', async () => {
    const db = a.app.deps.database.db
    const [first, second] = [await insertAsset(a, site), await insertAsset(a, site)]
    await createDefaultMeters(db, first, clock.now())
    await createDefaultMeters(db, second, clock.now())
    const meters = async (assetId: string) => (await a.request('GET', `/assets/${assetId}/meters`, { token: admin })).body.meters as { id: string; name: string; readings: unknown[] }[]
    const [firstMeter] = await meters(first)
    await meters(second)
    await db.update(assets).set({ brand: 'Schindler' }).where(eq(assets.id, second))
    const brand = async (id: string) => (await a.request('GET', `/assets/${id}`, { token: admin })).body.brand
    assert.equal(await brand(second), 'Schindler', 'first read of the detail')
    await db.update(assets).set({ brand: 'Kone' }).where(eq(assets.id, second))
    const res = await a.request('POST', `/assets/${first}/meter-readings`, { token: admin, body: { meterId: firstMeter.id, value: 120 } })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(await brand(second), 'Schindler', 'kept: a reading on another elevator cannot change it')
    assert.equal((await meters(first)).find((m) => m.id === firstMeter.id)?.readings.length, 1)
  })

  test('another replica hears the topics: only the commented order is read again there', async () => {
    const x = await order('Porte cabine lente')
    const y = await order('Voyant d’alarme')
    await detail(b, admin, x)
    await detail(b, admin, y)
    await describeInStore(y, 'Changé en base')
    const res = await a.request('POST', `/work-orders/${x}/comments`, { token: admin, body: { body: 'Réglage fait.' } })
    assert.equal(res.status, 201)
    await soon(async () => (await detail(b, admin, x)).comments.length === 1, 'b hears of the comment')
    assert.equal((await detail(b, admin, y)).description, 'Voyant d’alarme')
  })
})

test('an answer that depends on a topic is dropped by a change of everything, and one that names none by any topic\'s change marked for all', async () => {
  const c = new AnswerCache({ cache: memoryCache(clock), clock, maxBytes: 1024 * 1024 })
  try {
    const keep = (key: string, topics: string[] | null) => {
      const found = c.lookup(key, topics)
      assert.ok('ticket' in found && found.ticket)
      c.keep(found.ticket, '{}', undefined)
    }
    keep('u /api/work-orders/1', [answerTopics.workOrder('1')])
    keep('u /api/work-orders', null)
    await c.changed([answerTopics.workOrder('2')])
    assert.ok('hit' in c.lookup('u /api/work-orders/1', [answerTopics.workOrder('1')]))
    assert.ok('hit' in c.lookup('u /api/work-orders', null), 'a change of one topic only')
    await c.changed([answerTopics.workOrder('2'), OTHER_ANSWERS])
    assert.ok('hit' in c.lookup('u /api/work-orders/1', [answerTopics.workOrder('1')]))
    assert.ok(!('hit' in c.lookup('u /api/work-orders', null)))
    await c.changed()
    assert.ok(!('hit' in c.lookup('u /api/work-orders/1', [answerTopics.workOrder('1')])))
  } finally {
    c.close()
  }
})
