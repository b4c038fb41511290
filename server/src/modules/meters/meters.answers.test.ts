// Each meter keeps its answer as text (migration 0029, meters.answer) and getAssetMeters sends
// it as stored: after every kind of write that shows in it (a reading through the service,
// readings inserted in bulk, a meter renamed, a person renamed, a reading removed), the answer
// equals one built from the tables here, and every stored text equals one built afresh.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { assets } from '../assets/assets.tables.ts'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { users } from '../users/users.tables.ts'
import { meterReadings, meters } from './meters.tables.ts'
import { createDefaultMeters } from './meters.defaults.ts'
import { MAX_LISTED_READINGS } from './meters.schemas.ts'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'

let t: TestApp
let tech: { id: string; token: string }
let assetId: string
const clock = new ManualClock()
const db = () => t.app.deps.database.db
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows

before(async () => {
  t = await startTestApp({ build: { clock } })
  tech = await t.userWithRole('Technicien')
  const categoryId = uuidv7()
  await db().insert(categories).values({ id: categoryId, kind: 'EQUIPMENT', name: 'Ascenseur électrique' })
  const locationId = uuidv7()
  await db().insert(locations).values({ id: locationId, name: 'Résidence « Les Tilleuls »' })
  assetId = uuidv7()
  await db().insert(assets).values({ id: assetId, reference: 'ASC-ANS-1', brand: 'Otis', categoryId, locationId })
  await createDefaultMeters(db(), assetId, clock.now())
})
after(() => t.close())

const iso = (d: Date | null) => d && d.toISOString()

/** The MetersResponse built here from the tables, as the contract describes it. */
async function expected() {
  const ms = await db().select().from(meters).where(eq(meters.assetId, assetId))
  ms.sort((a, b) => (a.kind === b.kind ? a.id.localeCompare(b.id) : a.kind === 'TRIPS' ? -1 : 1))
  const out = []
  for (const m of ms) {
    const rs = await db().select({ r: meterReadings, name: users.displayName }).from(meterReadings)
      .leftJoin(users, eq(users.id, meterReadings.recordedBy))
      .where(eq(meterReadings.meterId, m.id)).orderBy(desc(meterReadings.value)).limit(MAX_LISTED_READINGS)
    out.push({
      id: m.id, kind: m.kind, name: m.name, unit: m.unit, lastValue: m.lastValue, lastReadAt: iso(m.lastReadAt),
      readings: rs.map(({ r, name }) => ({
        id: r.id, value: r.value, readAt: iso(r.readAt), recordedBy: r.recordedBy ? { id: r.recordedBy, displayName: name } : null, createdAt: iso(r.createdAt),
      })),
    })
  }
  return { assetId, meters: out }
}

async function assertAnswerFollows() {
  const res = await t.request('GET', `/assets/${assetId}/meters`, { token: tech.token })
  assert.equal(res.status, 200)
  assert.deepEqual(res.body, await expected())
  const [{ missing, differing }] = await rows<{ missing: number; differing: number }>(sql`
    SELECT count(*) FILTER (WHERE m.answer IS NULL)::int AS missing,
           count(*) FILTER (WHERE m.answer IS DISTINCT FROM json_stored(meter_answer(m)))::int AS differing FROM meters m`)
  assert.equal(missing, 0, 'every meter has its stored answer')
  assert.equal(differing, 0, 'no stored answer differs from one built afresh')
}

const metersOf = async () => (await db().select().from(meters).where(eq(meters.assetId, assetId)).orderBy(asc(meters.kind)))

test('a new meter is stored with no readings', async () => {
  await assertAnswerFollows()
})

test('readings through the service, then in bulk (beyond the listed 50), then one removed', async () => {
  const [hours, trips] = await metersOf()
  for (const [meterId, value] of [[trips.id, 100], [hours.id, 7], [trips.id, 250]] as const) {
    clock.advance(60_000)
    const res = await t.request('POST', `/assets/${assetId}/meter-readings`, { token: tech.token, body: { meterId, value } })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.deepEqual(res.body, await expected(), 'the write answers the fresh meters')
  }
  await assertAnswerFollows()
  const start = clock.now().getTime()
  await db().insert(meterReadings).values(Array.from({ length: 60 }, (_, i) => ({
    id: uuidv7(), meterId: trips.id, value: 300 + i, previousValue: i === 0 ? 250 : 299 + i, readAt: new Date(start + i * 1000),
    recordedBy: i % 2 ? tech.id : null,
  })))
  await assertAnswerFollows()
  await db().delete(meterReadings).where(eq(meterReadings.value, 359))
  await assertAnswerFollows()
})

test('a meter renamed, and the person who entered readings renamed', async () => {
  const [, trips] = await metersOf()
  await db().update(meters).set({ name: 'Courses "cabine" \\ totales', unit: 'c.' }).where(inArray(meters.id, [trips.id]))
  await assertAnswerFollows()
  await db().update(users).set({ displayName: 'Zoé « Ascenseurs » L’Hôte' }).where(eq(users.id, tech.id))
  await assertAnswerFollows()
  const res = await t.request('GET', `/assets/${assetId}/meters`, { token: tech.token })
  const names = new Set(res.body.meters[0].readings.map((r: { recordedBy: { displayName: string } | null }) => r.recordedBy?.displayName))
  assert.deepEqual([...names], [undefined, 'Zoé « Ascenseurs » L’Hôte'], 'the new name wherever the person entered a reading')
})

test('a meter without its stored text (a loader that turned the triggers off) is read live', async () => {
  await db().execute(sql`UPDATE meters SET answer = NULL WHERE asset_id = ${assetId}`)
  const res = await t.request('GET', `/assets/${assetId}/meters`, { token: tech.token })
  assert.equal(res.status, 200)
  assert.deepEqual(res.body, await expected())
})
