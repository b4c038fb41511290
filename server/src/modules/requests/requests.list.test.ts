import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { requests } from './requests.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createRequest, insertAsset, reportFromPortal } from './requests.fixtures.ts'

const clock = new ManualClock('2026-04-01T07:00:00.000Z')
let t: TestApp
let admin: { id: string; token: string }
let demandeur: { id: string; token: string }
let tech: { id: string; token: string }
let categoryId: string
let siteA: string
let zoneA: string
let siteB: string
let a1: { id: string; reference: string }
let az: { id: string; reference: string }
let b1: { id: string; reference: string }
// The dataset of before(), by name: r2 and r5 report a trapped person.
const r: Record<string, { id: string; reference: string }> = {}

const later = <T>(f: () => Promise<T>) => { clock.advance(60_000); return f() }

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  demandeur = await t.userWithRole('Demandeur')
  tech = await t.userWithRole('Technicien')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteA = await createLocation(t, admin.token, { name: 'Résidence Les Tilleuls' })
  zoneA = await createLocation(t, admin.token, { name: 'Bâtiment B', parentId: siteA })
  siteB = await createLocation(t, admin.token, { name: 'Tour Horizon' })
  a1 = await insertAsset(t, { categoryId, locationId: siteA, reference: 'TIL-A1' })
  az = await insertAsset(t, { categoryId, locationId: zoneA, reference: 'TIL-B1' })
  b1 = await insertAsset(t, { categoryId, locationId: siteB, reference: 'HOR-1' })
  r.r1 = await later(() => createRequest(t, demandeur.token, { assetId: a1.id, description: 'Porte qui force' }))
  r.r2 = await later(() => createRequest(t, demandeur.token, { assetId: b1.id, description: 'Cabine arrêtée entre deux étages', personBlocked: true }))
  r.r3 = await later(() => createRequest(t, demandeur.token, { assetId: az.id, description: 'Bouton du 2e cassé' }))
  r.r4 = await later(() => createRequest(t, tech.token, { assetId: a1.id, description: 'Éclairage cabine HS' }))
  r.r5 = await later(() => createRequest(t, tech.token, { assetId: b1.id, description: 'Alarme déclenchée', personBlocked: true }))
  r.r6 = await later(() => createRequest(t, admin.token, { assetId: az.id, description: 'Graissage à prévoir' }))
  const portal = await later(() => reportFromPortal(t, { reference: 'hor-1', description: 'Ascenseur en panne', contactName: 'Mme Lambert', contactPhone: '06 12 34 56 78' }))
  r.r7 = { id: (await t.app.deps.database.db.select({ id: requests.id }).from(requests).where(sql`${requests.reference} = ${portal.reference}`))[0].id, reference: portal.reference }
  ok(await t.api.rejectRequest({ params: { id: r.r3.id }, body: { reason: 'Déjà signalé' } }, admin.token))
})
after(() => t.close())

const names = (list: { id: string }[]) => {
  const byId = new Map(Object.entries(r).map(([name, x]) => [x.id, name]))
  return list.map((x) => byId.get(x.id)).filter((x) => x !== undefined)
}
const list = async (query: Record<string, unknown>, token = admin.token) => ok(await t.api.listRequests({ query }, token)).requests

/** Every page from `query`, following the Link header. */
async function walk(query: Record<string, string | number>, token = admin.token) {
  const seen: any[] = []
  let url: string | null = `/requests?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`
  for (let pages = 0; url; pages++) {
    assert.ok(pages < 100, 'pagination does not end')
    const res = await t.request('GET', url, { token })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    seen.push(...res.body.requests)
    url = nextPage(res.headers)?.url ?? null
  }
  return seen
}

describe('listRequests', () => {
  test('trapped persons first, then the longest waiting first', async () => {
    assert.deepEqual(names(await list({})), ['r2', 'r5', 'r1', 'r3', 'r4', 'r6', 'r7'])
  })

  test('items carry exactly the summary fields; a portal report shows its contact, never a token', async () => {
    const [portal] = await list({ source: 'PORTAL', assetId: b1.id })
    assert.deepEqual({ ...portal, id: undefined, createdAt: undefined }, {
      id: undefined, createdAt: undefined, reference: r.r7.reference, status: 'PENDING', source: 'PORTAL',
      asset: { id: b1.id, reference: 'HOR-1', siteName: 'Tour Horizon' },
      description: 'Ascenseur en panne', personBlocked: false,
      requester: { id: null, displayName: 'Mme Lambert', contactPhone: '06 12 34 56 78' },
      handledAt: null, handledBy: null, rejectionReason: null, workOrder: null,
      abilities: { approve: true, reject: true },
    })
    const [rejected] = await list({ status: 'REJECTED', assetId: az.id })
    assert.equal(rejected.rejectionReason, 'Déjà signalé')
    assert.deepEqual(rejected.abilities, { approve: false, reject: false }, 'a handled request is handled once')
    assert.deepEqual(rejected.handledBy, { id: admin.id, displayName: 'Test Administrateur' })
  })

  test('filters: status, source, asset, site (zones included), mine, text; they combine', async () => {
    assert.deepEqual(names(await list({ status: 'REJECTED' })), ['r3'])
    assert.deepEqual(names(await list({ status: 'PENDING' })), ['r2', 'r5', 'r1', 'r4', 'r6', 'r7'])
    assert.deepEqual(names(await list({ source: 'PORTAL' })), ['r7'])
    assert.deepEqual(names(await list({ source: 'APP', assetId: b1.id })), ['r2', 'r5'])
    assert.deepEqual(names(await list({ siteId: siteA })), ['r1', 'r3', 'r4', 'r6'])
    assert.deepEqual(names(await list({ siteId: zoneA })), [], 'siteId names a site; a zone is not one')
    assert.deepEqual(names(await list({ mine: true }, tech.token)), ['r5', 'r4'])
    assert.deepEqual(names(await list({ mine: true })), ['r6'])
    assert.deepEqual(names(await list({ q: 'ALARME' })), ['r5'], 'description, case-insensitively')
    assert.deepEqual(names(await list({ q: 'til-b' })), ['r3', 'r6'], 'asset reference')
    assert.deepEqual(names(await list({ q: 'lambert' })), ['r7'], 'contact name')
    assert.deepEqual(names(await list({ q: r.r4.reference.toLowerCase() })), ['r4'], 'reference')
    assert.deepEqual(names(await list({ q: '100%_' })), [], 'wildcards are taken literally')
    assert.deepEqual(names(await list({ siteId: siteA, status: 'PENDING', mine: true }, demandeur.token)), ['r1'])
  })

  test('without view-other, only the caller’s own requests, filtered or not', async () => {
    assert.deepEqual(names(await list({}, tech.token)), ['r5', 'r4'])
    assert.deepEqual(names(await list({ assetId: a1.id }, tech.token)), ['r4'])
    assert.deepEqual(names(await list({}, demandeur.token)), ['r2', 'r1', 'r3'])
    const stranger = await t.userWithRole('Demandeur')
    assert.deepEqual(await list({}, stranger.token), [])
    // View-other roles see everyone's.
    assert.deepEqual(names(await list({}, await t.tokenFor('Gestionnaire'))), ['r2', 'r5', 'r1', 'r3', 'r4', 'r6', 'r7'])
  })

  test('a caller assigned to a site sees only the requests on its assets and zones', async () => {
    const dispatcherA = await t.userWithRole('Dispatcher', { siteIds: [siteA] })
    assert.deepEqual(names(await list({}, dispatcherA.token)), ['r1', 'r3', 'r4', 'r6'])
    assert.deepEqual(names(await list({ assetId: b1.id }, dispatcherA.token)), [])
    const dispatcherB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assert.deepEqual(names(await list({ q: 'a' }, dispatcherB.token)), ['r2', 'r5', 'r7'])
  })

  test('keyset pages follow the Link header to the end, in order, without gaps or repeats (prepared and filtered paths)', async () => {
    const whole = await list({ limit: 200 })
    const paged = await walk({ limit: 2 })
    assert.deepEqual(paged.map((x) => x.id), whole.map((x) => x.id))
    const first = await t.request('GET', '/requests?status=PENDING&limit=2', { token: admin.token })
    assert.match(String(first.headers.link), /^<\/api\/requests\?status=PENDING&cursor=[A-Za-z0-9_-]+&limit=2>; rel="next"$/)
    const pending = await walk({ status: 'PENDING', limit: 1 })
    assert.deepEqual(names(pending), ['r2', 'r5', 'r1', 'r4', 'r6', 'r7'])
    const last = await t.request('GET', `/requests?assetId=${b1.id}&limit=3`, { token: admin.token })
    assert.equal(last.body.requests.length, 3)
    assert.equal(last.headers.link, undefined, 'no Link on the last page')
  })

  test('requests created within one millisecond are neither skipped nor repeated across pages', async () => {
    const owner = await t.userWithRole('Technicien')
    const asset = await insertAsset(t, { categoryId, locationId: siteB })
    // Distinct microseconds of one millisecond, inserted out of order, some trapped.
    const micro = [7, 3, 9, 1, 5, 2]
    const ids = micro.map(() => uuidv7())
    await t.app.deps.database.db.insert(requests).values(micro.map((us, i) => ({
      id: ids[i], reference: `DEM-T${process.pid}-${i}`, number: 900_000_000 + Math.floor(Math.random() * 1e6) * 10 + i, status: 'PENDING', source: 'APP',
      assetId: asset.id, description: `Micro ${us}`, personBlocked: i % 3 === 0, requestedBy: owner.id,
      createdAt: sql`'2026-04-01T06:00:00.123Z'::timestamptz + make_interval(secs => ${us} / 1000000.0)`,
    })))
    const expected = (await list({ assetId: asset.id, limit: 200 })).map((x) => x.description)
    assert.deepEqual(expected, ['Micro 1', 'Micro 7', 'Micro 2', 'Micro 3', 'Micro 5', 'Micro 9'])
    assert.deepEqual((await walk({ assetId: asset.id, limit: 1 })).map((x) => x.description), expected)
    assert.deepEqual((await walk({ limit: 1 }, owner.token)).map((x) => x.description), expected, 'the prepared path, own requests')
  })

  test('sort=newest: trapped persons first, then the newest; the dispatcher’s waiting ones and a Demandeur’s latest on top, page by page', async () => {
    assert.deepEqual(names(await list({ sort: 'newest' })), ['r5', 'r2', 'r7', 'r6', 'r4', 'r3', 'r1'])
    assert.deepEqual(names(await list({ sort: 'oldest' })), ['r2', 'r5', 'r1', 'r3', 'r4', 'r6', 'r7'])
    for (const limit of [1, 2, 4]) {
      assert.deepEqual(names(await walk({ status: 'PENDING', sort: 'newest', limit })), ['r5', 'r2', 'r7', 'r6', 'r4', 'r1'], `by ${limit}`)
      assert.deepEqual(names(await walk({ sort: 'newest', limit })), ['r5', 'r2', 'r7', 'r6', 'r4', 'r3', 'r1'], `by ${limit}`)
    }
    const dispatcherA = await t.userWithRole('Dispatcher', { siteIds: [siteA] })
    assert.deepEqual(names(await walk({ status: 'PENDING', sort: 'newest', limit: 1 }, dispatcherA.token)), ['r6', 'r4', 'r1'])
    // A Demandeur's own new request comes first (after a trapped person, none here).
    const own = await t.userWithRole('Demandeur')
    await later(() => createRequest(t, own.token, { assetId: a1.id, description: 'Première' }))
    const latest = await later(() => createRequest(t, own.token, { assetId: a1.id, description: 'Bruit au 3e' }))
    const mine = await list({ sort: 'newest' }, own.token)
    assert.deepEqual(mine.map((x) => x.description), ['Bruit au 3e', 'Première'])
    assert.equal(mine[0]!.id, latest.id)
    const res = await t.request('GET', '/requests?sort=recent', { token: admin.token })
    assertError(res, 400, 'VALIDATION_ERROR')
    assert.match(JSON.stringify(res.body.error), /sort/)
  })

  test('400 for a malformed or foreign cursor, a bad limit, an unknown filter or value', async () => {
    const foreign = Buffer.from(JSON.stringify(['TIL-A1', a1.id])).toString('base64url')
    for (const query of ['cursor=abc', `cursor=${foreign}`, 'limit=0', 'limit=201', 'status=OPEN', 'source=MAIL', 'mine=peut-être', 'siteId=Tilleuls', 'sort=asc', 'sort=', 'q=']) {
      assertError(await t.request('GET', `/requests?${query}`, { token: admin.token }), 400, 'VALIDATION_ERROR')
    }
  })

  test('401 without a token', async () => {
    assertError(await t.api.listRequests({}), 401, 'UNAUTHORIZED')
  })
})
