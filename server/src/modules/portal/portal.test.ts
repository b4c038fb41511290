import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { requests } from '../requests/requests.tables.ts'
import { users } from '../users/users.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { hashSecret } from '../../platform/secrets.ts'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { createRequest, freshAddress, insertAsset, reportFromPortal } from '../requests/requests.fixtures.ts'
import { portalProgress } from './portal.service.ts'

const clock = new ManualClock('2026-06-10T14:00:00.000Z')
let t: TestApp
let admin: { id: string; token: string }
let categoryId: string
let site: string
let zone: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  site = await createLocation(t, admin.token, { name: 'Résidence Les Tilleuls', city: 'Lyon', address: '12 rue des Lilas', guardianName: 'M. Petit', guardianPhone: '04 72 00 00 01' })
  zone = await createLocation(t, admin.token, { name: 'Bâtiment C', parentId: site, city: 'Villeurbanne', guardianName: 'Mme Roux', guardianPhone: '04 72 00 00 02' })
})
after(() => t.close())

const db = () => t.app.deps.database.db
const requestId = async (reference: string) => (await db().select({ id: requests.id }).from(requests).where(eq(requests.reference, reference)))[0].id
// Each call from an address of its own: the per-address limits are tested in portal.limits.test.ts.
const status = (reference: string, token: string) => t.api.getPortalRequestStatus({ params: { reference, token }, ip: freshAddress() })
const portalAsset = (reference: string) => t.api.getPortalAsset({ params: { reference }, ip: freshAddress() })
const move = async (orderId: string, to: 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED', reason?: string) =>
  ok(await t.api.transitionWorkOrder({ params: { id: orderId }, body: { to, ...(reason ? { reason } : {}) } }, admin.token))

describe('getPortalAsset', () => {
  test('200 with only what a passer-by may see, found case-insensitively', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: zone, reference: 'TIL-C-01', brand: 'Kone', model: 'MonoSpace 500' })
    const body = ok(await portalAsset('til-c-01'))
    assert.deepEqual(body, {
      reference: 'TIL-C-01', brand: 'Kone', model: 'MonoSpace 500', siteName: 'Résidence Les Tilleuls', city: 'Villeurbanne',
      outOfService: false, alreadyReported: false,
    })
    const text = JSON.stringify(body)
    for (const secret of [asset.id, site, zone, 'Petit', 'Roux', '04 72', 'Lilas', 'Bâtiment C']) assert.ok(!text.includes(secret), `leaks ${secret}`)
  })

  test('the site’s city when the zone has none; outOfService follows the asset status', async () => {
    const plainZone = await createLocation(t, admin.token, { name: 'Bâtiment D', parentId: site })
    await insertAsset(t, { categoryId, locationId: plainZone, reference: 'TIL-D-01', status: 'OUT_OF_SERVICE' })
    const body = ok(await portalAsset('TIL-D-01'))
    assert.deepEqual([body.city, body.outOfService, body.model], ['Lyon', true, null])
    await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-E-01', status: 'UNDER_MAINTENANCE' })
    assert.equal(ok(await portalAsset('TIL-E-01')).outOfService, false)
  })

  test('alreadyReported while a request waits or a corrective order is not finished', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-F-01' })
    const reported = async () => ok(await portalAsset('TIL-F-01')).alreadyReported
    assert.equal(await reported(), false)
    const pending = await createRequest(t, admin.token, { assetId: asset.id })
    assert.equal(await reported(), true, 'pending request')
    ok(await t.api.rejectRequest({ params: { id: pending.id }, body: { reason: 'Doublon' } }, admin.token))
    assert.equal(await reported(), false, 'rejected')
    const order = ok(await t.api.approveRequest({ params: { id: (await createRequest(t, admin.token, { assetId: asset.id })).id }, body: {} }, admin.token))
    assert.equal(await reported(), true, 'approved: its order is open')
    await move(order.id, 'ON_HOLD')
    assert.equal(await reported(), true, 'on hold')
    await move(order.id, 'CANCELLED', 'Erreur de saisie')
    assert.equal(await reported(), false, 'cancelled')
    const preventive = ok(await t.api.createWorkOrder({ body: { assetId: asset.id, description: 'Visite', type: 'PREVENTIVE' } }, admin.token))
    assert.equal(await reported(), false, 'a preventive visit is not a reported fault')
    await move(preventive.id, 'CANCELLED', 'Reportée')
    ok(await t.api.createWorkOrder({ body: { assetId: asset.id, description: 'Appel du gardien' } }, admin.token))
    assert.equal(await reported(), true, 'corrective order opened by phone')
  })

  test('404 for an unknown reference, 400 for one that cannot be a reference; no token needed, a bad one ignored', async () => {
    assertError(await portalAsset('NOPE-404'), 404, 'NOT_FOUND')
    assertError(await t.request('GET', '/portal/assets/ASC%20001'), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', `/portal/assets/${'A'.repeat(41)}`), 400, 'VALIDATION_ERROR')
    await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-G-01' })
    assert.equal((await t.request('GET', '/portal/assets/TIL-G-01', { headers: { authorization: 'Bearer forged.token.x' } })).status, 200)
  })
})

describe('createPortalRequest', () => {
  test('201 with exactly the reference and a tracking token; a PORTAL request without author, only the token’s hash stored', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-H-01' })
    clock.advance(1000)
    const res = await t.api.createPortalRequest({ ip: freshAddress(), body: { reference: 'til-h-01', description: '  Bloqué au 2e  ', contactName: ' Mme Lambert ', contactPhone: '06 12 34 56 78', personBlocked: true } })
    const body = ok(res)
    assert.deepEqual(Object.keys(body).sort(), ['reference', 'trackingToken'])
    assert.match(body.reference, /^DEM-\d{6,}$/)
    assert.match(body.trackingToken, /^[A-Za-z0-9_-]{43}$/, '256 bits, base64url')
    const [row] = await db().select().from(requests).where(eq(requests.reference, body.reference))
    assert.deepEqual({ ...row, id: undefined, number: undefined }, {
      id: undefined, number: undefined, reference: body.reference, status: 'PENDING', source: 'PORTAL', assetId: asset.id,
      description: 'Bloqué au 2e', personBlocked: true, requestedBy: null, contactName: 'Mme Lambert', contactPhone: '06 12 34 56 78',
      trackingTokenHash: hashSecret(body.trackingToken), workOrderId: null, rejectionReason: null, handledBy: null, handledAt: null,
      createdAt: clock.now(),
    })
    assert.ok(!JSON.stringify(row).includes(body.trackingToken))
    const other = await reportFromPortal(t, { reference: 'TIL-H-01' })
    assert.notEqual(other.trackingToken, body.trackingToken)
  })

  test('contact fields are optional and blank ones are stored as none', async () => {
    await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-I-01' })
    const { reference } = await reportFromPortal(t, { reference: 'TIL-I-01', contactName: '   ' })
    const [row] = await db().select().from(requests).where(eq(requests.reference, reference))
    assert.deepEqual([row.contactName, row.contactPhone, row.personBlocked], [null, null, false])
  })

  test('a trapped-person report needs no typed text; any other report does', async () => {
    await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-R-01' })
    for (const description of [undefined, '', '   ']) {
      const body = ok(await t.api.createPortalRequest({ ip: freshAddress(), body: { reference: 'TIL-R-01', personBlocked: true, ...(description === undefined ? {} : { description }) } }))
      const [row] = await db().select().from(requests).where(eq(requests.reference, body.reference))
      assert.deepEqual([row.description, row.personBlocked], ['Personne bloquée dans la cabine', true], JSON.stringify(description))
    }
    for (const description of [undefined, '', '  \n ']) {
      const res = await t.api.createPortalRequest({ ip: freshAddress(), body: { reference: 'TIL-R-01', personBlocked: false, ...(description === undefined ? {} : { description }) } })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.deepEqual((res.body as any).error.details, [{ field: 'description', message: 'Décrivez ce que vous constatez.' }])
    }
  })

  test('404 for an unknown asset reference, nothing written', async () => {
    const before = await db().$count(requests)
    assertError(await t.api.createPortalRequest({ ip: freshAddress(), body: { reference: 'NOPE-404', description: 'Panne', personBlocked: false } }), 404, 'NOT_FOUND')
    assert.equal(await db().$count(requests), before)
  })

  test('400 for a missing or bad field, an unknown one, a blank description', async () => {
    await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-J-01' })
    const ok_ = { reference: 'TIL-J-01', description: 'Panne', personBlocked: false }
    const { personBlocked: _, ...withoutBlocked } = ok_
    const bodies = [
      withoutBlocked, { ...ok_, description: '  ' }, { ...ok_, description: undefined }, { ...ok_, reference: 'TIL J 01' },
      { ...ok_, contactPhone: '0'.repeat(41) }, { ...ok_, email: 'a@b.fr' }, { ...ok_, requestedBy: admin.id }, { ...ok_, personBlocked: 'non' },
    ]
    for (const body of bodies) assertError(await t.request('POST', '/portal/requests', { body, ip: '203.0.113.9' }), 400, 'VALIDATION_ERROR')
  })
})

describe('getPortalRequestStatus', () => {
  test('Reçu, then Intervention, then Résolu as the linked order moves; no token needed, case-insensitive reference', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-K-01' })
    const created = clock.now().toISOString()
    const { reference, trackingToken } = await reportFromPortal(t, { reference: asset.reference })
    const read = async () => ok(await status(reference.toLowerCase(), trackingToken))
    assert.deepEqual(await read(), {
      reference, assetReference: 'TIL-K-01', progress: 'RECEIVED', label: 'Reçu', reason: null, createdAt: created, updatedAt: created,
      steps: [
        { key: 'RECEIVED', label: 'Reçu', at: created }, { key: 'ASSIGNED', label: 'Pris en charge', at: null },
        { key: 'ON_SITE', label: 'Technicien sur place', at: null }, { key: 'RESOLVED', label: 'Résolu', at: null },
      ],
    })
    clock.advance(60_000)
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(reference) }, body: {} }, admin.token))
    assert.deepEqual([(await read()).progress, (await read()).label, (await read()).updatedAt], ['RECEIVED', 'Reçu', clock.now().toISOString()], 'approved, not started')
    clock.advance(60_000)
    await move(order.id, 'IN_PROGRESS')
    assert.deepEqual([(await read()).progress, (await read()).label, (await read()).updatedAt], ['IN_PROGRESS', 'Intervention', clock.now().toISOString()])
    await move(order.id, 'ON_HOLD', 'Pièce commandée')
    assert.deepEqual([(await read()).progress, (await read()).reason], ['IN_PROGRESS', null], 'waiting for a part is still an intervention')
    const values = ok(await t.api.listReferenceValues({}, admin.token)).fields
    const first = (field: string) => values.find((f) => f.field === field)!.values[0].id
    ok(await t.api.upsertWorkOrderReport({ params: { id: order.id }, body: { symptomId: first('SYMPTOM'), causeId: first('CAUSE'), actionId: first('ACTION') } }, admin.token))
    await move(order.id, 'DONE')
    assert.deepEqual([(await read()).progress, (await read()).label, (await read()).reason], ['RESOLVED', 'Résolu', null])
  })

  test('Sans suite with the reason: rejected request, or cancelled order', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-L-01' })
    const rejected = await reportFromPortal(t, { reference: asset.reference })
    ok(await t.api.rejectRequest({ params: { id: await requestId(rejected.reference) }, body: { reason: 'Ascenseur hors contrat' } }, admin.token))
    const r1 = ok(await status(rejected.reference, rejected.trackingToken))
    assert.deepEqual([r1.progress, r1.label, r1.reason], ['CLOSED_WITHOUT_ACTION', 'Sans suite', 'Ascenseur hors contrat'])
    const cancelled = await reportFromPortal(t, { reference: asset.reference })
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(cancelled.reference) }, body: {} }, admin.token))
    await move(order.id, 'CANCELLED', 'Panne déjà réparée par le gardien')
    const r2 = ok(await status(cancelled.reference, cancelled.trackingToken))
    assert.deepEqual([r2.progress, r2.label, r2.reason], ['CLOSED_WITHOUT_ACTION', 'Sans suite', 'Panne déjà réparée par le gardien'])
  })

  test('a wrong token, another report’s token and an unknown reference give the same 404', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-M-01' })
    const a = await reportFromPortal(t, { reference: asset.reference })
    const b = await reportFromPortal(t, { reference: asset.reference })
    const inApp = await createRequest(t, admin.token, { assetId: asset.id })
    const answers = [
      await status(a.reference, `${a.trackingToken.slice(0, -1)}${a.trackingToken.endsWith('A') ? 'B' : 'A'}`),
      await status(a.reference, b.trackingToken),
      await status('DEM-999999999', a.trackingToken),
      await status(inApp.reference, a.trackingToken),
      await status(a.reference, hashSecret(a.trackingToken)),
    ]
    for (const res of answers) {
      assertError(res, 404, 'NOT_FOUND')
      assert.deepEqual({ ...(res.body as any), requestId: undefined }, { error: { code: 'NOT_FOUND', message: 'Signalement introuvable : vérifiez le lien de suivi.' }, requestId: undefined })
    }
    assert.equal(ok(await status(b.reference, b.trackingToken)).reference, b.reference)
  })

  test('400 for a path that cannot be a reference or a token', async () => {
    assertError(await t.request('GET', '/portal/requests/DEM%20000001/abc'), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/portal/requests/DEM-000001/abc.def'), 400, 'VALIDATION_ERROR')
  })
})

describe('getPortalRequestStatus: the timeline Reçu → Pris en charge → Technicien sur place → Résolu', () => {
  const close = async (orderId: string) => {
    const values = ok(await t.api.listReferenceValues({}, admin.token)).fields
    const first = (field: string) => values.find((f) => f.field === field)!.values[0].id
    ok(await t.api.upsertWorkOrderReport({ params: { id: orderId }, body: { symptomId: first('SYMPTOM'), causeId: first('CAUSE'), actionId: first('ACTION') } }, admin.token))
    await move(orderId, 'DONE')
  }
  const times = (s: { steps: { key: string; at: string | null }[] }) => Object.fromEntries(s.steps.map((x) => [x.key, x.at]))

  test('each step gets its time: assignment, recorded arrival, closure; the progress keeps its meaning', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-N-01' })
    const received = clock.now().toISOString()
    const { reference, trackingToken } = await reportFromPortal(t, { reference: asset.reference, personBlocked: true })
    const read = async () => ok(await status(reference, trackingToken))
    clock.advance(60_000)
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(reference) }, body: {} }, admin.token))
    assert.deepEqual(times(await read()), { RECEIVED: received, ASSIGNED: null, ON_SITE: null, RESOLVED: null }, 'approved, nobody assigned yet')

    clock.advance(60_000)
    const assigned = clock.now().toISOString()
    const tech = await t.userWithRole('Technicien')
    ok(await t.api.setWorkOrderAssignees({ params: { id: order.id }, body: { assigneeIds: [tech.id] } }, admin.token))
    const afterAssign = await read()
    assert.deepEqual(times(afterAssign), { RECEIVED: received, ASSIGNED: assigned, ON_SITE: null, RESOLVED: null })
    assert.equal(afterAssign.progress, 'RECEIVED', 'assigned but not started: still Reçu for the three-step progress')

    clock.advance(60_000)
    const later = await t.userWithRole('Technicien')
    ok(await t.api.setWorkOrderAssignees({ params: { id: order.id }, body: { assigneeIds: [tech.id, later.id] } }, admin.token))
    assert.equal(times(await read()).ASSIGNED, assigned, 'a second technician does not move the first assignment')

    clock.advance(10 * 60_000)
    const arrived = new Date(clock.now().getTime() - 60_000).toISOString()
    ok(await t.api.upsertWorkOrderReport({ params: { id: order.id }, body: { times: { arrivedAt: arrived } } }, tech.token))
    assert.deepEqual(times(await read()), { RECEIVED: received, ASSIGNED: assigned, ON_SITE: arrived, RESOLVED: null }, 'the recorded arrival')

    clock.advance(60_000)
    await move(order.id, 'IN_PROGRESS')
    assert.equal(times(await read()).ON_SITE, arrived, 'starting does not replace the recorded arrival')
    clock.advance(30 * 60_000)
    await close(order.id)
    const done = await read()
    assert.deepEqual(times(done), { RECEIVED: received, ASSIGNED: assigned, ON_SITE: arrived, RESOLVED: clock.now().toISOString() })
    assert.deepEqual([done.progress, done.label], ['RESOLVED', 'Résolu'])
    assert.deepEqual(done.steps.map((x) => x.label), ['Reçu', 'Pris en charge', 'Technicien sur place', 'Résolu'])
  })

  test('without a recorded arrival, an order in progress has its technician on site from its start', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-O-01' })
    const { reference, trackingToken } = await reportFromPortal(t, { reference: asset.reference })
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(reference) }, body: {} }, admin.token))
    clock.advance(60_000)
    const started = clock.now().toISOString()
    await move(order.id, 'IN_PROGRESS')
    const s = ok(await status(reference, trackingToken))
    assert.deepEqual([times(s).ASSIGNED, times(s).ON_SITE, times(s).RESOLVED, s.progress], [started, started, null, 'IN_PROGRESS'], 'someone on it is taken in charge')
    await move(order.id, 'ON_HOLD', 'Pièce commandée')
    assert.equal(times(ok(await status(reference, trackingToken))).ON_SITE, started, 'waiting for a part keeps the step reached')
  })

  test('a rejected request stops at Reçu; a cancelled order is never Résolu', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-P-01' })
    const rejected = await reportFromPortal(t, { reference: asset.reference })
    ok(await t.api.rejectRequest({ params: { id: await requestId(rejected.reference) }, body: { reason: 'Doublon' } }, admin.token))
    const r = ok(await status(rejected.reference, rejected.trackingToken))
    assert.deepEqual([times(r).ASSIGNED, times(r).ON_SITE, times(r).RESOLVED], [null, null, null])
    const cancelled = await reportFromPortal(t, { reference: asset.reference })
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(cancelled.reference) }, body: {} }, admin.token))
    await move(order.id, 'IN_PROGRESS')
    await move(order.id, 'CANCELLED', 'Panne déjà réparée')
    const c = ok(await status(cancelled.reference, cancelled.trackingToken))
    assert.equal(c.progress, 'CLOSED_WITHOUT_ACTION')
    assert.notEqual(times(c).ON_SITE, null)
    assert.equal(times(c).RESOLVED, null)
  })

  test('never who: no technician’s or dispatcher’s name, id or e-mail, nor any internal reference, in the answer', async () => {
    const asset = await insertAsset(t, { categoryId, locationId: site, reference: 'TIL-Q-01' })
    const { reference, trackingToken } = await reportFromPortal(t, { reference: asset.reference, contactName: 'Mme Lambert', contactPhone: '06 11 22 33 44' })
    const tech = await t.userWithRole('Technicien')
    await db().update(users).set({ displayName: 'Julien Marchand', initials: 'JM' }).where(eq(users.id, tech.id))
    const order = ok(await t.api.approveRequest({ params: { id: await requestId(reference) }, body: { assigneeIds: [tech.id] } }, admin.token))
    ok(await t.api.commentWorkOrder({ params: { id: order.id }, body: { body: 'Code porte 4512B' } }, tech.token))
    await move(order.id, 'IN_PROGRESS')
    await close(order.id)
    const body = ok(await status(reference, trackingToken))
    assert.equal(body.progress, 'RESOLVED')
    const text = JSON.stringify(body)
    for (const secret of ['Julien', 'Marchand', 'JM', tech.id, tech.email, admin.id, order.id, order.reference, asset.id, 'Lambert', '06 11', '4512B', 'Test ']) {
      assert.ok(!text.includes(secret), `leaks ${secret}`)
    }
    assert.deepEqual(Object.keys(body).sort(), ['assetReference', 'createdAt', 'label', 'progress', 'reason', 'reference', 'steps', 'updatedAt'])
    for (const step of body.steps) assert.deepEqual(Object.keys(step).sort(), ['at', 'key', 'label'])
  })
})

describe('portalProgress (the mapping of docs/work-orders.md)', () => {
  test('every request state and order state', () => {
    const p = (status: 'PENDING' | 'APPROVED' | 'REJECTED', orderStatus: 'OPEN' | 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED' | null) =>
      portalProgress({ status, orderStatus, rejectionReason: status === 'REJECTED' ? 'rejet' : null, cancelReason: orderStatus === 'CANCELLED' ? 'annulation' : null })
    assert.deepEqual(p('PENDING', null), { progress: 'RECEIVED', reason: null })
    assert.deepEqual(p('APPROVED', 'OPEN'), { progress: 'RECEIVED', reason: null })
    assert.deepEqual(p('APPROVED', 'IN_PROGRESS'), { progress: 'IN_PROGRESS', reason: null })
    assert.deepEqual(p('APPROVED', 'ON_HOLD'), { progress: 'IN_PROGRESS', reason: null })
    assert.deepEqual(p('APPROVED', 'DONE'), { progress: 'RESOLVED', reason: null })
    assert.deepEqual(p('APPROVED', 'CANCELLED'), { progress: 'CLOSED_WITHOUT_ACTION', reason: 'annulation' })
    assert.deepEqual(p('REJECTED', null), { progress: 'CLOSED_WITHOUT_ACTION', reason: 'rejet' })
  })
})
