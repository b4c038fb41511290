import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { asc, eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { meterReadings, meters } from './meters.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, exactlyOneWins, startTestApp, type TestApp } from '../../test/harness.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { createDefaultMeters } from './meters.defaults.ts'

let t: TestApp
let admin: { id: string; token: string }
let categoryId: string
let siteA: string
let zoneA: string
let siteB: string
const clock = new ManualClock()
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

const db = () => t.app.deps.database.db
const location = async (name: string, parentId: string | null = null) => {
  const id = uuidv7()
  await db().insert(locations).values({ id, name, parentId })
  return id
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  categoryId = uuidv7()
  await db().insert(categories).values({ id: categoryId, kind: 'EQUIPMENT', name: 'Ascenseur électrique' })
  siteA = await location('Résidence A')
  zoneA = await location('Bâtiment A1', siteA)
  siteB = await location('Résidence B')
})
after(() => t.close())

// Assets are written directly (not through the assets module) with their two default meters.
let seq = 0
async function makeAsset(locationId = siteA) {
  const id = uuidv7()
  await db().insert(assets).values({ id, reference: `ASC-M-${++seq}`, brand: 'Otis', categoryId, locationId })
  await createDefaultMeters(db(), id, clock.now())
  return id
}
const get = (assetId: string, token = admin.token) => t.request('GET', `/assets/${assetId}/meters`, { token })
const post = (assetId: string, body: unknown, token = admin.token) => t.request('POST', `/assets/${assetId}/meter-readings`, { token, body })
const metersOf = async (assetId: string) => {
  const res = await get(assetId)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.meters as any[]
}
/** The stored chain of a meter, in the order it was written. */
const stored = (meterId: string) => db().select({ value: meterReadings.value, previousValue: meterReadings.previousValue })
  .from(meterReadings).where(eq(meterReadings.meterId, meterId)).orderBy(asc(meterReadings.createdAt), asc(meterReadings.id))

function assertChain(rows: { value: number; previousValue: number | null }[]) {
  rows.forEach((r, i) => {
    assert.equal(r.previousValue, i === 0 ? null : rows[i - 1].value, 'each reading follows the one before')
    if (i > 0) assert.ok(r.value > rows[i - 1].value, `strictly increasing: ${rows.map((x) => x.value)}`)
  })
}

describe('getAssetMeters', () => {
  test('a fresh asset has its two meters, TRIPS then RUNNING_HOURS, without readings', async () => {
    const assetId = await makeAsset()
    const res = await get(assetId)
    assert.equal(res.status, 200)
    assert.deepEqual(Object.keys(res.body).sort(), ['assetId', 'meters'])
    assert.equal(res.body.assetId, assetId)
    const [trips, hours] = res.body.meters
    assert.equal(res.body.meters.length, 2)
    assert.deepEqual({ ...trips, id: undefined }, { id: undefined, kind: 'TRIPS', name: 'Nombre de courses', unit: 'courses', lastValue: null, lastReadAt: null, readings: [] })
    assert.deepEqual({ ...hours, id: undefined }, { id: undefined, kind: 'RUNNING_HOURS', name: 'Heures de fonctionnement', unit: 'h', lastValue: null, lastReadAt: null, readings: [] })
    assert.match(trips.id, /^[0-9a-f-]{36}$/)
  })

  test('readings listed most recent first, per meter', async () => {
    const assetId = await makeAsset()
    const [trips, hours] = await metersOf(assetId)
    for (const value of [100, 250, 900]) {
      clock.advance(60_000)
      assert.equal((await post(assetId, { meterId: trips.id, value })).status, 201)
    }
    assert.equal((await post(assetId, { meterId: hours.id, value: 12 })).status, 201)
    const [t2, h2] = await metersOf(assetId)
    assert.deepEqual(t2.readings.map((r: any) => r.value), [900, 250, 100])
    assert.deepEqual(h2.readings.map((r: any) => r.value), [12])
    assert.ok(Date.parse(t2.readings[0].readAt) > Date.parse(t2.readings[2].readAt))
  })

  test('at most the last 50 readings per meter, newest first', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    const start = clock.now().getTime()
    await db().insert(meterReadings).values(Array.from({ length: 60 }, (_, i) => ({
      id: uuidv7(), meterId: trips.id, value: (i + 1) * 10, previousValue: i === 0 ? null : i * 10, readAt: new Date(start + i * 1000),
    })))
    await db().update(meters).set({ lastValue: 600, lastReadAt: new Date(start + 59_000) }).where(eq(meters.id, trips.id))
    const [listed] = await metersOf(assetId)
    assert.equal(listed.readings.length, 50)
    assert.deepEqual(listed.readings.map((r: any) => r.value), Array.from({ length: 50 }, (_, i) => 600 - i * 10))
    assert.equal(listed.readings[0].recordedBy, null, 'imported history has no author')
    assert.equal(listed.lastValue, 600)
  })
})

describe('addMeterReading', () => {
  test('201 with the whole fresh response; readAt defaults to now; recordedBy is the caller', async () => {
    const assetId = await makeAsset()
    const [trips, hours] = await metersOf(assetId)
    clock.advance(1000)
    const res = await post(assetId, { meterId: trips.id, value: 1500 })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(res.body.assetId, assetId)
    const [t2, h2] = res.body.meters
    assert.equal(t2.lastValue, 1500)
    assert.equal(t2.lastReadAt, clock.now().toISOString())
    assert.equal(t2.readings.length, 1)
    const reading = t2.readings[0]
    assert.deepEqual(Object.keys(reading).sort(), ['createdAt', 'id', 'readAt', 'recordedBy', 'value'])
    assert.equal(reading.value, 1500)
    assert.equal(reading.readAt, clock.now().toISOString())
    assert.deepEqual(reading.recordedBy, { id: admin.id, displayName: 'Test Administrateur' })
    assert.deepEqual(h2, { ...hours }, 'the other meter is untouched')
    assert.deepEqual(await metersOf(assetId), res.body.meters, 'the same as a later read')

    const readAt = new Date(clock.now().getTime() + 3 * 60_000).toISOString() // within the skew
    assert.equal((await post(assetId, { meterId: trips.id, value: 1600, readAt })).status, 201)
    const undated = await post(assetId, { meterId: trips.id, value: Number.MAX_SAFE_INTEGER })
    assert.equal(undated.status, 201, 'an undated reading after one dated slightly ahead is not refused')
    assert.equal(undated.body.meters[0].lastValue, Number.MAX_SAFE_INTEGER)
    assert.equal(undated.body.meters[0].lastReadAt, readAt)
  })

  test('the database is the backstop: a reading forking the chain answers 400, never 500', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    // A reading written behind the meter's back: the meter row still says "no reading yet".
    await db().insert(meterReadings).values({ id: uuidv7(), meterId: trips.id, value: 100, previousValue: null, readAt: clock.now() })
    const res = await post(assetId, { meterId: trips.id, value: 50 })
    assertError(res, 400, 'READING_NOT_INCREASING')
    assert.deepEqual((await stored(trips.id)).map((r) => r.value), [100])
  })

  test('400 READING_NOT_INCREASING on an equal or lower value, nothing stored', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    assert.equal((await post(assetId, { meterId: trips.id, value: 0 })).status, 201, 'a first reading may be 0')
    assert.equal((await post(assetId, { meterId: trips.id, value: 500 })).status, 201)
    for (const value of [500, 499, 0]) {
      const res = await post(assetId, { meterId: trips.id, value })
      assertError(res, 400, 'READING_NOT_INCREASING')
      assert.equal(res.body.error.details[0].field, 'value')
    }
    const [after] = await metersOf(assetId)
    assert.deepEqual(after.readings.map((r: any) => r.value), [500, 0])
    assert.equal(after.lastValue, 500)
  })

  test('400 UNKNOWN_METER for a meter of another asset or an unknown one', async () => {
    const assetId = await makeAsset()
    const [otherTrips] = await metersOf(await makeAsset())
    for (const meterId of [otherTrips.id, MISSING]) {
      const res = await post(assetId, { meterId, value: 10 })
      assertError(res, 400, 'UNKNOWN_METER')
      assert.equal(res.body.error.details[0].field, 'meterId')
    }
    assert.deepEqual((await stored(otherTrips.id)), [])
  })

  test('400 on a readAt in the future (beyond 5 minutes) or before the last reading', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()
    let res = await post(assetId, { meterId: trips.id, value: 10, readAt: at(6 * 60_000) })
    assertError(res, 400, 'READING_IN_FUTURE')
    assert.equal(res.body.error.details[0].field, 'readAt')
    assert.equal((await post(assetId, { meterId: trips.id, value: 10, readAt: at(-3_600_000) })).status, 201)
    res = await post(assetId, { meterId: trips.id, value: 20, readAt: at(-7_200_000) })
    assertError(res, 400, 'READING_OUT_OF_ORDER')
    assert.equal(res.body.error.details[0].field, 'readAt')
    assert.equal((await post(assetId, { meterId: trips.id, value: 20, readAt: at(-3_600_000) })).status, 201, 'the same time is in order')
    assert.deepEqual((await stored(trips.id)).map((r) => r.value), [10, 20])
  })

  test('400 VALIDATION_ERROR on bad or unknown fields', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    const cases: [unknown, string][] = [
      [{ meterId: trips.id, value: 1, note: 'x' }, 'note'],
      [{ meterId: trips.id, value: -1 }, 'value'],
      [{ meterId: trips.id, value: 1.5 }, 'value'],
      [{ meterId: trips.id, value: '5' }, 'value'],
      [{ meterId: trips.id, value: Number.MAX_SAFE_INTEGER + 2 }, 'value'],
      [{ meterId: trips.id }, 'value'],
      [{ value: 1 }, 'meterId'],
      [{ meterId: 'compteur', value: 1 }, 'meterId'],
      [{ meterId: trips.id, value: 1, readAt: 'hier' }, 'readAt'],
    ]
    for (const [body, field] of cases) {
      const res = await post(assetId, body)
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    assertError(await get('pas-un-uuid'), 400, 'VALIDATION_ERROR')
    assert.deepEqual(await stored(trips.id), [])
  })
})

describe('permissions and scope', () => {
  test('401 without a token', async () => {
    const assetId = await makeAsset()
    assertError(await get(assetId, ''), 401)
    assertError(await post(assetId, { meterId: MISSING, value: 1 }, ''), 401)
  })

  test('403 by role: Demandeur cannot view, Vue seule cannot create, Technicien limité can', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    assertError(await get(assetId, await t.tokenFor('Demandeur')), 403, 'FORBIDDEN')
    const viewer = await t.tokenFor('Vue seule')
    assert.equal((await get(assetId, viewer)).status, 200)
    assertError(await post(assetId, { meterId: trips.id, value: 1 }, viewer), 403, 'FORBIDDEN')
    const limited = await t.userWithRole('Technicien limité')
    const res = await post(assetId, { meterId: trips.id, value: 1 }, limited.token)
    assert.equal(res.status, 201)
    assert.equal(res.body.meters[0].readings[0].recordedBy.id, limited.id)
  })

  test('404 on an unknown asset', async () => {
    assertError(await get(MISSING), 404, 'NOT_FOUND')
    assertError(await post(MISSING, { meterId: MISSING, value: 1 }), 404, 'NOT_FOUND')
  })

  test('a Demandeur granted METERS sees only the assets of its sites and their zones', async () => {
    const role = await roleByName(db(), 'Demandeur')
    const grant = async (on: boolean) => {
      await setPermission(db(), role.id, { objectCategory: 'METERS', canView: on, canViewOther: on, canCreate: on, canEdit: false, canDelete: false })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    const inZone = await makeAsset(zoneA)
    const outside = await makeAsset(siteB)
    const [outsideTrips] = await metersOf(outside)
    const scoped = await t.userWithRole('Demandeur', { siteIds: [siteA] })
    const free = await t.userWithRole('Demandeur')
    await grant(true)
    try {
      assert.equal((await get(inZone, scoped.token)).status, 200)
      assertError(await get(outside, scoped.token), 404, 'NOT_FOUND')
      assertError(await post(outside, { meterId: outsideTrips.id, value: 1 }, scoped.token), 404, 'NOT_FOUND')
      assert.equal((await get(outside, free.token)).status, 200, 'no assignment, no restriction')
    } finally {
      await grant(false)
    }
    assertError(await get(inZone, scoped.token), 403)
  })
})

describe('concurrent readings', () => {
  test('10 increasing values posted at once in random order: the stored chain never goes down', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    const values = Array.from({ length: 10 }, (_, i) => i + 1).sort(() => Math.random() - 0.5)
    const results = await Promise.all(values.map((value) => post(assetId, { meterId: trips.id, value })))
    for (const r of results) assert.ok(r.status === 201 || (r.status === 400 && r.body.error.code === 'READING_NOT_INCREASING'), JSON.stringify(r.body))
    const rows = await stored(trips.id)
    assert.equal(rows.length, results.filter((r) => r.status === 201).length)
    assert.ok(rows.length >= 1)
    assertChain(rows)
    assert.equal((await metersOf(assetId))[0].lastValue, rows.at(-1)!.value)
  })

  test('10 posts of the same value at once: exactly one stored', async () => {
    const assetId = await makeAsset()
    const [trips] = await metersOf(assetId)
    assert.equal((await post(assetId, { meterId: trips.id, value: 40 })).status, 201)
    await exactlyOneWins(10, () => post(assetId, { meterId: trips.id, value: 41 }), { winStatus: 201, loseStatus: 400, loseCode: 'READING_NOT_INCREASING' })
    const rows = await stored(trips.id)
    assert.deepEqual(rows.map((r) => r.value), [40, 41])
    assertChain(rows)
  })
})
