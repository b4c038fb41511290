// Answers kept in process: a repeated read is answered without the store until a write, per
// caller, on every replica, never past its age; bounded in memory.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { locations } from '../modules/locations/locations.tables.ts'
import { memoryCache } from '../platform/cache.ts'
import { ManualClock } from '../platform/clock.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../test/harness.ts'
import { insertAssets } from '../modules/preventive/preventive.fixtures.ts'
import { insertAsset } from '../modules/work-orders/work-orders.fixtures.ts'
import { ANSWER_MAX_AGE_SECONDS, AnswerCache } from './answer-cache.ts'

const clock = new ManualClock()
// PostgreSQL with the memory cache keeps no answer (last test).
const keeps = process.env.DATABASE_URL && !process.env.REDIS_URL ? 'PostgreSQL without Redis keeps no answer' : false
let a: TestApp
let b: TestApp
let admin: string

before(async () => {
  a = await startTestApp({ build: { clock }, keepAnswers: true })
  // A second replica: same database, same shared cache (same Redis prefix, or the same memory cache).
  b = await startTestApp({
    build: { clock, database: a.app.deps.database, ...(process.env.REDIS_URL ? {} : { cache: a.app.deps.cache }) },
    env: { REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix },
    keepAnswers: true,
  })
  admin = await a.tokenFor('Administrateur')
})
after(async () => { await b?.close(); await a?.close() })

const names = async (t: TestApp, token: string) =>
  ((await t.request('GET', '/locations', { token })).body.locations as { name: string }[]).map((l) => l.name)
/** Changes the store behind the service's back (as a person with psql would). */
const renameInStore = (id: string, name: string) => a.app.deps.database.db.update(locations).set({ name }).where(eq(locations.id, id))

async function soon(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  assert.fail(`${what}: not within a second`)
}

describe('one instance', { skip: keeps }, () => {
  test('a repeated read is answered from the process until a write through the API', async () => {
    const id = await createLocation(a, admin, { name: 'Résidence Mistral' })
    assert.ok((await names(a, admin)).includes('Résidence Mistral'))
    await renameInStore(id, 'Renommée en base')
    assert.ok((await names(a, admin)).includes('Résidence Mistral'), 'served from the process')
    // Any write, even of another record, makes the next read fresh.
    await createLocation(a, admin, { name: 'Tour Sirocco' })
    const after = await names(a, admin)
    assert.ok(after.includes('Renommée en base') && after.includes('Tour Sirocco'), after.join())
  })

  test('answers are the caller\'s own: a site-restricted caller never gets what another caller read', async () => {
    const mine = await createLocation(a, admin, { name: 'Site du demandeur' })
    await createLocation(a, admin, { name: 'Site d’un autre client' })
    const requester = await a.userWithRole('Demandeur', { siteIds: [mine] })
    const all = await names(a, admin)
    assert.ok(all.includes('Site d’un autre client'))
    assert.deepEqual(await names(a, requester.token), ['Site du demandeur'])
    assert.deepEqual(await names(a, admin), all)
  })

  test('a change of the caller\'s sites applies at its next read', async () => {
    const first = await createLocation(a, admin, { name: 'Premier site' })
    const second = await createLocation(a, admin, { name: 'Second site' })
    const dispatcher = await a.userWithRole('Dispatcher', { siteIds: [first] })
    assert.deepEqual(await names(a, dispatcher.token), ['Premier site'])
    const res = await a.request('PATCH', `/users/${dispatcher.id}`, { token: admin, body: { siteIds: [first, second] } })
    assert.equal(res.status, 200)
    assert.deepEqual((await names(a, dispatcher.token)).sort(), ['Premier site', 'Second site'])
  })

  test('a kept page keeps its link to the next page', async () => {
    const site = await createLocation(a, admin, { name: 'Site paginé' })
    await insertAsset(a, site, { reference: 'PAGE-1' })
    await insertAsset(a, site, { reference: 'PAGE-2' })
    const url = `/assets?siteId=${site}&limit=1`
    const fresh = await a.request('GET', url, { token: admin })
    const kept = await a.request('GET', url, { token: admin })
    assert.equal(fresh.status, 200)
    assert.ok(fresh.headers.link, 'a next page exists')
    assert.equal(kept.status, 200)
    assert.equal(kept.headers.link, fresh.headers.link)
    assert.deepEqual(kept.body, fresh.body)
    assert.match(String(kept.headers['content-type']), /^application\/json/)
    // Kept by the browser for this person only, and revalidated each time (http/etag.ts).
    assert.equal(kept.headers['cache-control'], 'private, no-cache')
    assert.equal(kept.headers.etag, fresh.headers.etag)
  })

  test('an answer is not served past its maximum age (changes made outside the service)', async () => {
    const id = await createLocation(a, admin, { name: 'Résidence Noroît' })
    await names(a, admin)
    await renameInStore(id, 'Noroît renommée')
    clock.advance(ANSWER_MAX_AGE_SECONDS * 1000 - 1)
    assert.ok((await names(a, admin)).includes('Résidence Noroît'))
    clock.advance(2)
    assert.ok((await names(a, admin)).includes('Noroît renommée'))
  })
})

describe('replicas', { skip: keeps }, () => {
  test('a write on one replica makes the next reads on the other fresh, once announced', async () => {
    const id = await createLocation(a, admin, { name: 'Résidence Alizé' })
    const adminOnB = admin
    assert.ok((await names(b, adminOnB)).includes('Résidence Alizé'))
    await renameInStore(id, 'Alizé renommée')
    assert.ok((await names(b, adminOnB)).includes('Résidence Alizé'), 'kept on b')
    await createLocation(a, admin, { name: 'Tour Zéphyr' })
    await soon(async () => (await names(b, adminOnB)).includes('Alizé renommée'), 'b hears of the write on a')
  })
})

test('grids generated by the monthly job show at the next read', { skip: keeps }, async () => {
  const t = await startTestApp({ build: { clock: new ManualClock('2026-03-15T10:00:00Z') }, keepAnswers: true })
  try {
    const token = await t.tokenFor('Administrateur')
    const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
    const site = await createLocation(t, token, { name: 'Site du parc' })
    ok(await t.api.createTaskTemplate({ body: { label: 'Verrouillage des portes', periodicityMonths: 1 } }, token))
    await insertAssets(t, { locationId: site, categoryId }, [{ reference: 'JOB-1' }, { reference: 'JOB-2' }])
    t.app.answers!.forgetLocally() // the fixture wrote to the store directly
    assert.deepEqual((await t.request('GET', '/work-orders', { token })).body.workOrders, [])
    await t.app.start()
    assert.equal((await t.request('GET', '/work-orders', { token })).body.workOrders.length, 2)
  } finally {
    await t.close()
  }
})

test('the memory kept never grows past its bound; the least recently used answer goes first', async () => {
  const c = new AnswerCache({ cache: memoryCache(clock), clock, maxBytes: 64 * 1024 })
  try {
    const payload = 'x'.repeat(4000)
    for (let i = 0; i < 100; i++) {
      const found = c.lookup(`u /api/assets/${i}`)
      assert.ok('ticket' in found && found.ticket)
      c.keep(found.ticket, payload, undefined)
    }
    assert.ok(c.size > 0 && c.size <= 8, `${c.size} kept`)
    assert.ok('hit' in c.lookup('u /api/assets/99'))
    assert.ok(!('hit' in c.lookup('u /api/assets/0')))
  } finally {
    c.close()
  }
})

test('an answer read while a write happened is not kept', async () => {
  const c = new AnswerCache({ cache: memoryCache(clock), clock, maxBytes: 1024 * 1024 })
  try {
    const found = c.lookup('u /api/locations')
    assert.ok('ticket' in found && found.ticket)
    await c.changed()
    c.keep(found.ticket, '{"locations":[]}', undefined)
    assert.ok(!('hit' in c.lookup('u /api/locations')))
  } finally {
    c.close()
  }
})

test('with PostgreSQL and a per-process cache, no answer is kept (replicas could not hear of writes)', { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL' }, async () => {
  const c = await startTestApp({ build: { database: a.app.deps.database, cache: memoryCache(clock) }, keepAnswers: true })
  try {
    assert.equal(c.app.answers, null)
  } finally {
    await c.close()
  }
})
