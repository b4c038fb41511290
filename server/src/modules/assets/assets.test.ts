import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { categories } from '../categories/categories.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { meters } from '../meters/meters.tables.ts'
import { assetComponents, assets } from './assets.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, exactlyOneWins, insertCategory, startTestApp, type TestApp } from '../../test/harness.ts'

const LIST_FIELDS = ['id', 'reference', 'brand', 'model', 'serialNumber', 'commissionedAt', 'loadKg', 'floors', 'status',
  'categoryId', 'categoryName', 'locationId', 'locationName', 'siteName', 'componentCount']
const DETAIL_FIELDS = [...LIST_FIELDS, 'underContract', 'notes', 'siteId', 'address', 'city', 'guardianName', 'guardianPhone',
  'statusChangedAt', 'createdAt', 'updatedAt', 'components',
  // The six-week visit (docs/compliance.md), tested in preventive.visits.test.ts.
  'lastVisitAt', 'nextVisitDueAt', 'visitDaysLeft', 'visitState',
  'periodicOperations', 'lastInspectionAt', 'inspectionBody', 'nextInspectionDueAt', 'inspectionDaysLeft', 'inspectionState', 'inspections']
const sixWeeksAfter = (iso: string) => new Date(Date.parse(iso) + 42 * 86_400_000).toISOString()
const fiveYearsAfter = (iso: string) => { const d = new Date(iso); d.setUTCFullYear(d.getUTCFullYear() + 5); return d.toISOString() }
const COMPONENT_FIELDS = ['id', 'typeId', 'typeName', 'brand', 'model', 'serialNumber', 'installedAt', 'notes']
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
let admin: string
let dispatcher: string
const clock = new ManualClock('2025-03-10T08:00:00.000Z')
const cat: Record<string, string> = {}
let site: string
let zone: string
let otherSite: string

const db = () => t.app.deps.database.db
const category = (kind: 'EQUIPMENT' | 'COMPONENT_TYPE', name: string, isActive = true) => insertCategory(t, kind, name, isActive)
const location = (body: Record<string, unknown>) => createLocation(t, admin, body)

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.tokenFor('Administrateur')
  dispatcher = await t.tokenFor('Dispatcher')
  cat.traction = await category('EQUIPMENT', 'Ascenseur électrique (test)')
  cat.hydraulic = await category('EQUIPMENT', 'Ascenseur hydraulique (test)')
  cat.retired = await category('EQUIPMENT', 'Monte-charge ancien (test)', false)
  cat.door = await category('COMPONENT_TYPE', 'Opérateur de porte (test)')
  cat.controller = await category('COMPONENT_TYPE', 'Armoire de commande (test)')
  cat.oldType = await category('COMPONENT_TYPE', 'Relais électromécanique (test)', false)
  site = await location({ name: 'Résidence Les Tilleuls', address: '12 rue des Tilleuls', city: 'Lyon', guardianName: 'Mme Durand', guardianPhone: '04 78 00 00 01' })
  zone = await location({ name: 'Bâtiment B', parentId: site })
  otherSite = await location({ name: 'Tour Horizon', city: 'Villeurbanne' })
})
after(() => t.close())

const base = (reference: string, extra: Record<string, unknown> = {}) => ({ reference, brand: 'Schindler', categoryId: cat.traction, locationId: site, ...extra })
async function create(body: Record<string, unknown>, token = dispatcher) {
  const res = await t.request('POST', '/assets', { token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}
const patch = (id: string, body: unknown, token = dispatcher) => t.request('PATCH', `/assets/${id}`, { token, body })
const countRows = async (table: typeof meters | typeof assetComponents | typeof assets) =>
  (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0].n

describe('createAsset', () => {
  test('creates the asset, its components and two meters; the detail carries exactly its fields', async () => {
    const body = base('ASC-LYO-001', {
      brand: '  Otis ', model: 'Gen2 Comfort', serialNumber: 'OT-99812', commissionedAt: '2012-06-15T10:30:00.123+02:00',
      loadKg: 630, floors: 9, categoryId: cat.traction, locationId: zone, underContract: true, notes: ' Clé en loge. ',
      components: [
        { typeId: cat.door, brand: 'Sematic', model: 'SDS', installedAt: '2020-01-01T00:00:00Z' },
        { typeId: cat.controller, brand: 'Otis', serialNumber: 'CTRL-1', notes: 'Carte remplacée en 2021' },
        { typeId: cat.door, brand: 'Fermator', installedAt: '2018-05-01T00:00:00Z' },
      ],
    })
    const a = await create(body)
    assert.deepEqual(Object.keys(a), DETAIL_FIELDS)
    assert.deepEqual({ ...a, id: undefined, components: undefined }, {
      id: undefined, reference: 'ASC-LYO-001', brand: 'Otis', model: 'Gen2 Comfort', serialNumber: 'OT-99812',
      commissionedAt: '2012-06-15T08:30:00.123Z', loadKg: 630, floors: 9, status: 'IN_SERVICE',
      categoryId: cat.traction, categoryName: 'Ascenseur électrique (test)', locationId: zone, locationName: 'Bâtiment B',
      siteName: 'Résidence Les Tilleuls', componentCount: 3, underContract: true, notes: 'Clé en loge.', siteId: site,
      address: '12 rue des Tilleuls', city: 'Lyon', guardianName: 'Mme Durand', guardianPhone: '04 78 00 00 01',
      statusChangedAt: null, createdAt: clock.now().toISOString(), updatedAt: clock.now().toISOString(), components: undefined,
      // Under contract and never visited: a first visit is due six weeks after it was entered.
      lastVisitAt: null, nextVisitDueAt: sixWeeksAfter(clock.now().toISOString()), visitDaysLeft: 42, visitState: 'UP_TO_DATE',
      // No task template of periodicity above a month here; never inspected: due five years after its entry.
      periodicOperations: [], lastInspectionAt: null, inspectionBody: null, nextInspectionDueAt: fiveYearsAfter(clock.now().toISOString()),
      inspectionDaysLeft: 1826, inspectionState: 'UP_TO_DATE', inspections: [],
    })
    // Sorted by type name, then installation date.
    assert.deepEqual(a.components.map((c: any) => [c.typeName, c.brand]), [
      ['Armoire de commande (test)', 'Otis'], ['Opérateur de porte (test)', 'Fermator'], ['Opérateur de porte (test)', 'Sematic'],
    ])
    for (const c of a.components) assert.deepEqual(Object.keys(c), COMPONENT_FIELDS)
    assert.deepEqual({ ...a.components[0], id: undefined }, {
      id: undefined, typeId: cat.controller, typeName: 'Armoire de commande (test)', brand: 'Otis', model: null, serialNumber: 'CTRL-1',
      installedAt: null, notes: 'Carte remplacée en 2021',
    })
    assert.equal(a.components[1].installedAt, '2018-05-01T00:00:00.000Z')
    const m = await db().select({ kind: meters.kind }).from(meters).where(eq(meters.assetId, a.id))
    assert.deepEqual(m.map((r) => r.kind).sort(), ['RUNNING_HOURS', 'TRIPS'])
    const got = await t.request('GET', `/assets/${a.id}`, { token: dispatcher })
    assert.deepEqual(got.body, a)
  })

  test('minimal body: defaults and nulls', async () => {
    const a = await create(base('asc.min_1'))
    assert.deepEqual([a.reference, a.model, a.serialNumber, a.commissionedAt, a.loadKg, a.floors, a.status, a.underContract, a.notes, a.components, a.componentCount],
      ['asc.min_1', null, null, null, null, null, 'IN_SERVICE', false, null, [], 0])
    assert.deepEqual([a.siteId, a.locationName, a.siteName], [site, 'Résidence Les Tilleuls', 'Résidence Les Tilleuls'])
    const b = await create(base('ASC-MIN-2', { status: 'OUT_OF_SERVICE', locationId: otherSite }))
    assert.deepEqual([b.status, b.address, b.city, b.guardianName, b.guardianPhone], ['OUT_OF_SERVICE', null, 'Villeurbanne', null, null])
  })

  test('a zone’s own guardian and address come before the site’s', async () => {
    const z = await location({ name: 'Bâtiment C', parentId: site, guardianName: 'M. Petit', address: '14 rue des Tilleuls' })
    const a = await create(base('ASC-GUARD', { locationId: z }))
    assert.deepEqual([a.guardianName, a.guardianPhone, a.address, a.city], ['M. Petit', null, '14 rue des Tilleuls', 'Lyon'])
  })

  test('400 on invalid and unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [base('ASC 001'), 'reference'],
      [base('ASC/001'), 'reference'],
      [base('-ASC'), 'reference'],
      [base(''), 'reference'],
      [base('A'.repeat(41)), 'reference'],
      [base('ASC-V1', { brand: ' ' }), 'brand'],
      [base('ASC-V1', { brand: 'b'.repeat(81) }), 'brand'],
      [base('ASC-V1', { model: 'm'.repeat(81) }), 'model'],
      [base('ASC-V1', { loadKg: 0 }), 'loadKg'],
      [base('ASC-V1', { loadKg: 100001 }), 'loadKg'],
      [base('ASC-V1', { loadKg: 12.5 }), 'loadKg'],
      [base('ASC-V1', { floors: 301 }), 'floors'],
      [base('ASC-V1', { status: 'BROKEN' }), 'status'],
      [base('ASC-V1', { commissionedAt: '2012-06-15' }), 'commissionedAt'],
      [base('ASC-V1', { commissionedAt: '2012-06-15T10:00:00' }), 'commissionedAt'],
      [base('ASC-V1', { underContract: 'true' }), 'underContract'],
      [base('ASC-V1', { notes: 'n'.repeat(2001) }), 'notes'],
      [base('ASC-V1', { categoryId: 'x' }), 'categoryId'],
      [base('ASC-V1', { components: [{ typeId: cat.door, colour: 'red' }] }), 'components.0.colour'],
      [base('ASC-V1', { components: Array.from({ length: 51 }, () => ({ typeId: cat.door })) }), 'components'],
      [base('ASC-V1', { qrCode: 'x' }), 'qrCode'],
      [{ reference: 'ASC-V1', brand: 'Kone', locationId: site }, 'categoryId'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/assets', { token: dispatcher, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
  })

  test('400 for a category, location or component type that does not fit; nothing is left behind', async () => {
    const before = [await countRows(assets), await countRows(meters), await countRows(assetComponents)]
    for (const categoryId of [cat.retired, cat.door, MISSING]) {
      assertError(await t.request('POST', '/assets', { token: dispatcher, body: base('ASC-BAD', { categoryId }) }), 400, 'INVALID_CATEGORY')
    }
    assertError(await t.request('POST', '/assets', { token: dispatcher, body: base('ASC-BAD', { locationId: MISSING }) }), 400, 'UNKNOWN_LOCATION')
    for (const typeId of [cat.traction, cat.oldType, MISSING]) {
      const res = await t.request('POST', '/assets', { token: dispatcher, body: base('ASC-BAD', { components: [{ typeId: cat.door }, { typeId }] }) })
      assertError(res, 400, 'INVALID_COMPONENT_TYPE')
      assert.equal(res.body.error.details[0].field, 'components.1.typeId')
    }
    assert.deepEqual([await countRows(assets), await countRows(meters), await countRows(assetComponents)], before)
  })

  test('409 when the reference is taken, whatever the letter case', async () => {
    await create(base('ASC-DUP-1'))
    assertError(await t.request('POST', '/assets', { token: dispatcher, body: base('asc-dup-1') }), 409, 'ASSET_REFERENCE_TAKEN')
  })

  test('8 concurrent creations of one reference: one 201, seven 409, no orphan rows', async () => {
    const before = [await countRows(assets), await countRows(meters), await countRows(assetComponents)]
    const { losers } = await exactlyOneWins(8, (i) => t.request('POST', '/assets', {
      token: dispatcher, body: base(i % 2 ? 'ASC-RACE' : 'asc-race', { components: [{ typeId: cat.door }, { typeId: cat.controller }] }),
    }), { winStatus: 201, loseStatus: 409, loseCode: 'ASSET_REFERENCE_TAKEN' })
    for (const r of losers) assertError(r, 409, 'ASSET_REFERENCE_TAKEN')
    assert.deepEqual([await countRows(assets), await countRows(meters), await countRows(assetComponents)], [before[0] + 1, before[1] + 2, before[2] + 2])
  })

  test('401 without token; 403 for roles without the create right', async () => {
    assertError(await t.request('POST', '/assets', { body: base('ASC-ANON') }), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.request('POST', '/assets', { token: await t.tokenFor(role), body: base('ASC-NO') }), 403, 'FORBIDDEN')
    }
  })
})

describe('getAsset and updateAsset', () => {
  test('every viewing role reads the detail; 404 for an unknown id, 400 for a malformed one, 401 anonymous', async () => {
    const a = await create(base('ASC-GET'))
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Vue seule', 'Demandeur'] as const) {
      const res = await t.request('GET', `/assets/${a.id}`, { token: await t.tokenFor(role) })
      assert.equal(res.status, 200, role)
    }
    assertError(await t.request('GET', `/assets/${MISSING}`, { token: dispatcher }), 404, 'NOT_FOUND')
    assertError(await t.request('GET', '/assets/pas-un-uuid', { token: dispatcher }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', `/assets/${a.id}`), 401)
  })

  test('changes and clears fields; updatedAt always moves, statusChangedAt only on a real status change', async () => {
    const a = await create(base('ASC-UPD', { model: 'MonoSpace', loadKg: 450, notes: 'x', commissionedAt: '2010-01-01T00:00:00Z' }))
    clock.advance(60_000)
    const r1 = await patch(a.id, { reference: 'asc-upd-2', brand: 'Kone', model: null, loadKg: null, commissionedAt: null, notes: '  ', floors: 12, underContract: true, locationId: zone, categoryId: cat.hydraulic })
    assert.equal(r1.status, 200, JSON.stringify(r1.body))
    assert.deepEqual(Object.keys(r1.body), DETAIL_FIELDS)
    assert.deepEqual({ ...r1.body, updatedAt: undefined }, {
      ...a, reference: 'asc-upd-2', brand: 'Kone', model: null, loadKg: null, commissionedAt: null, notes: null, floors: 12, underContract: true,
      locationId: zone, locationName: 'Bâtiment B', categoryId: cat.hydraulic, categoryName: 'Ascenseur hydraulique (test)', updatedAt: undefined,
      // Now under contract: a first visit is owed within six weeks of its entry.
      nextVisitDueAt: sixWeeksAfter(a.createdAt), visitDaysLeft: 42, visitState: 'UP_TO_DATE',
      nextInspectionDueAt: fiveYearsAfter(a.createdAt), inspectionDaysLeft: 1826, inspectionState: 'UP_TO_DATE',
    })
    assert.equal(r1.body.updatedAt, clock.now().toISOString())
    assert.equal(r1.body.statusChangedAt, null)
    clock.advance(60_000)
    const down = await patch(a.id, { status: 'OUT_OF_SERVICE' })
    assert.deepEqual([down.body.status, down.body.statusChangedAt], ['OUT_OF_SERVICE', clock.now().toISOString()])
    const stoppedAt = down.body.statusChangedAt
    clock.advance(60_000)
    const same = await patch(a.id, { status: 'OUT_OF_SERVICE' })
    assert.deepEqual([same.body.statusChangedAt, same.body.updatedAt], [stoppedAt, clock.now().toISOString()])
    // Every move is allowed.
    for (const status of ['UNDER_MAINTENANCE', 'IN_SERVICE', 'UNDER_MAINTENANCE', 'OUT_OF_SERVICE', 'IN_SERVICE']) {
      clock.advance(1000)
      const r = await patch(a.id, { status })
      assert.deepEqual([r.status, r.body.status, r.body.statusChangedAt], [200, status, clock.now().toISOString()])
    }
    assert.deepEqual((await t.request('GET', `/assets/${a.id}`, { token: dispatcher })).body.status, 'IN_SERVICE')
  })

  test('400 on empty body, invalid or unknown fields, bad category or location; 409 on a taken reference', async () => {
    const a = await create(base('ASC-UPV'))
    await create(base('ASC-TAKEN'))
    for (const body of [{}, { reference: 'A B' }, { reference: null }, { brand: null }, { status: null }, { loadKg: 0 }, { components: [] }, { colour: 'x' }]) {
      assertError(await patch(a.id, body), 400, 'VALIDATION_ERROR')
    }
    assertError(await patch(a.id, { categoryId: cat.retired }), 400, 'INVALID_CATEGORY')
    assertError(await patch(a.id, { categoryId: cat.door }), 400, 'INVALID_CATEGORY')
    assertError(await patch(a.id, { locationId: MISSING }), 400, 'UNKNOWN_LOCATION')
    assertError(await patch(a.id, { reference: 'asc-taken' }), 409, 'ASSET_REFERENCE_TAKEN')
    assert.equal((await patch(a.id, { reference: 'asc-upv' })).body.reference, 'asc-upv')
    assertError(await patch(MISSING, { brand: 'Kone' }), 404, 'NOT_FOUND')
  })

  test('a category deactivated since may be kept', async () => {
    const family = await category('EQUIPMENT', 'Plateforme élévatrice (test)')
    const a = await create(base('ASC-KEEP', { categoryId: family }))
    await db().update(categories).set({ isActive: false }).where(eq(categories.id, family))
    const r = await patch(a.id, { categoryId: family, brand: 'Orona' })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assertError(await t.request('POST', '/assets', { token: dispatcher, body: base('ASC-KEEP-2', { categoryId: family }) }), 400, 'INVALID_CATEGORY')
  })

  test('401 anonymous; 403 for roles without the edit right', async () => {
    const a = await create(base('ASC-UPD-403'))
    assertError(await patch(a.id, { brand: 'X' }, ''), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await patch(a.id, { brand: 'X' }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
  })
})
