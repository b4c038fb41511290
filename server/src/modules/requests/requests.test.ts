import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { requests } from './requests.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, exactlyOneWins, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { createRequest, insertAsset } from './requests.fixtures.ts'

const clock = new ManualClock('2026-03-02T08:00:00.000Z')
const MISSING = '0190a0a0-0000-7000-8000-000000000000'
let t: TestApp
let admin: { id: string; token: string }
let siteA: string
let zoneA: string
let siteB: string
let assetA: { id: string; reference: string }
let assetZ: { id: string; reference: string }
let assetB: { id: string; reference: string }

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteA = await createLocation(t, admin.token, { name: 'Résidence Les Tilleuls' })
  zoneA = await createLocation(t, admin.token, { name: 'Bâtiment B', parentId: siteA })
  siteB = await createLocation(t, admin.token, { name: 'Tour Horizon' })
  assetA = await insertAsset(t, { categoryId, locationId: siteA })
  assetZ = await insertAsset(t, { categoryId, locationId: zoneA })
  assetB = await insertAsset(t, { categoryId, locationId: siteB })
})
after(() => t.close())

const SUMMARY_FIELDS = ['abilities', 'asset', 'createdAt', 'description', 'handledAt', 'handledBy', 'id', 'personBlocked', 'reference', 'rejectionReason', 'requester', 'source', 'status', 'workOrder']

describe('createRequest', () => {
  test('201: a PENDING request of source APP made by the caller, with exactly the summary fields', async () => {
    const me = await t.userWithRole('Technicien')
    clock.advance(1000)
    const res = await t.api.createRequest({ body: { assetId: assetZ.id, description: '  Bruit anormal en montée  ', personBlocked: true } }, me.token)
    const body = ok(res)
    assert.deepEqual(Object.keys(body).sort(), SUMMARY_FIELDS)
    assert.match(body.reference, /^DEM-\d{6,}$/)
    assert.deepEqual({ ...body, id: undefined, reference: undefined }, {
      id: undefined, reference: undefined, status: 'PENDING', source: 'APP',
      asset: { id: assetZ.id, reference: assetZ.reference, siteName: 'Résidence Les Tilleuls' },
      description: 'Bruit anormal en montée', personBlocked: true,
      requester: { id: me.id, displayName: 'Test Technicien', contactPhone: null },
      createdAt: clock.now().toISOString(), handledAt: null, handledBy: null, rejectionReason: null, workOrder: null,
      // A Technicien may not handle requests, not even its own.
      abilities: { approve: false, reject: false },
    })
    const [stored] = await t.app.deps.database.db.select().from(requests).where(eq(requests.id, body.id))
    assert.equal(stored.requestedBy, me.id)
    assert.equal(stored.trackingTokenHash, null, 'only portal reports have a tracking token')
  })

  test('personBlocked defaults to false', async () => {
    const body = await createRequest(t, admin.token, { assetId: assetA.id })
    assert.equal(body.personBlocked, false)
  })

  test('20 simultaneous creations get 20 distinct references that follow each other', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => t.api.createRequest({ body: { assetId: assetA.id, description: 'Appel' } }, admin.token)))
    const numbers = results.map((r) => Number(ok(r).reference.slice(4))).sort((a, b) => a - b)
    assert.equal(new Set(numbers).size, 20)
    assert.equal(numbers[19] - numbers[0], 19, `consecutive numbers: ${numbers}`)
  })

  test('400 for a missing, blank or too long description, an unknown field, a malformed asset id', async () => {
    const bodies: [unknown, string][] = [
      [{ assetId: assetA.id }, 'description'],
      [{ assetId: assetA.id, description: '   ' }, 'description'],
      [{ assetId: assetA.id, description: 'x'.repeat(2001) }, 'description'],
      [{ assetId: assetA.id, description: 'ok', priority: 'HIGH' }, 'priority'],
      [{ assetId: 'ASC-1', description: 'ok' }, 'assetId'],
      [{ assetId: assetA.id, description: 'ok', personBlocked: 'oui' }, 'personBlocked'],
    ]
    for (const [body, field] of bodies) {
      const res = await t.request('POST', '/requests', { token: admin.token, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.ok(res.body.error.details.some((d: { field: string }) => d.field === field), JSON.stringify(res.body))
    }
  })

  test('400 UNKNOWN_ASSET naming assetId for an asset that does not exist', async () => {
    const res = await t.api.createRequest({ body: { assetId: MISSING, description: 'Panne' } }, admin.token)
    assertError(res, 400, 'UNKNOWN_ASSET')
    assert.deepEqual((res.body as any).error.details, [{ field: 'assetId', message: 'équipement inconnu ou hors de vos sites' }])
  })

  test('a Demandeur assigned to a site requests for its site and zones only (400 UNKNOWN_ASSET elsewhere, nothing written)', async () => {
    const demandeur = await t.userWithRole('Demandeur', { siteIds: [siteA] })
    assert.equal(ok(await t.api.createRequest({ body: { assetId: assetA.id, description: 'Site' } }, demandeur.token)).asset.id, assetA.id)
    assert.equal(ok(await t.api.createRequest({ body: { assetId: assetZ.id, description: 'Zone' } }, demandeur.token)).asset.id, assetZ.id)
    const outside = await t.api.createRequest({ body: { assetId: assetB.id, description: 'Ailleurs' } }, demandeur.token)
    assertError(outside, 400, 'UNKNOWN_ASSET')
    const mine = await t.app.deps.database.db.select({ assetId: requests.assetId }).from(requests).where(eq(requests.requestedBy, demandeur.id))
    assert.deepEqual(mine.map((r) => r.assetId).sort(), [assetA.id, assetZ.id].sort())
    // Without an assignment, no restriction.
    const free = await t.userWithRole('Demandeur')
    assert.equal(ok(await t.api.createRequest({ body: { assetId: assetB.id, description: 'Libre' } }, free.token)).asset.id, assetB.id)
  })

  test('401 without a token; 403 for roles that may not create requests', async () => {
    assertError(await t.api.createRequest({ body: { assetId: assetA.id, description: 'x' } }), 401, 'UNAUTHORIZED')
    for (const role of ['Gestionnaire', 'Vue seule'] as const) {
      assertError(await t.api.createRequest({ body: { assetId: assetA.id, description: 'x' } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
  })
})

describe('rejectRequest', () => {
  test('200: REJECTED with the reason, who and when; the requester reads the reason in its own list', async () => {
    const demandeur = await t.userWithRole('Demandeur')
    const dispatcher = await t.userWithRole('Dispatcher')
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id })
    clock.advance(60_000)
    const body = ok(await t.api.rejectRequest({ params: { id: request.id }, body: { reason: '  Doublon de DEM-000001  ' } }, dispatcher.token))
    assert.deepEqual(Object.keys(body).sort(), SUMMARY_FIELDS)
    assert.deepEqual(body, {
      ...request, status: 'REJECTED', rejectionReason: 'Doublon de DEM-000001',
      handledAt: clock.now().toISOString(), handledBy: { id: dispatcher.id, displayName: 'Test Dispatcher' },
    })
    const seen = ok(await t.api.listRequests({}, demandeur.token)).requests
    assert.deepEqual(seen, [body])
  })

  test('400 without a reason, with a blank one, or with an unknown field; the request stays PENDING', async () => {
    const request = await createRequest(t, admin.token, { assetId: assetA.id })
    for (const [body, field] of [[{}, 'reason'], [{ reason: '  ' }, 'reason'], [{ reason: 'ok', notify: true }, 'notify']] as const) {
      const res = await t.request('POST', `/requests/${request.id}/reject`, { token: admin.token, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field)
    }
    assertError(await t.request('POST', '/requests/not-a-uuid/reject', { token: admin.token, body: { reason: 'x' } }), 400, 'VALIDATION_ERROR')
    const [row] = await t.app.deps.database.db.select({ status: requests.status }).from(requests).where(eq(requests.id, request.id))
    assert.equal(row.status, 'PENDING')
  })

  test('409 ALREADY_HANDLED once rejected; the first reason stays', async () => {
    const request = await createRequest(t, admin.token, { assetId: assetA.id })
    ok(await t.api.rejectRequest({ params: { id: request.id }, body: { reason: 'Première' } }, admin.token))
    assertError(await t.api.rejectRequest({ params: { id: request.id }, body: { reason: 'Seconde' } }, admin.token), 409, 'ALREADY_HANDLED')
    const [row] = await t.app.deps.database.db.select({ reason: requests.rejectionReason }).from(requests).where(eq(requests.id, request.id))
    assert.equal(row.reason, 'Première')
  })

  test('10 simultaneous rejections: one 200, nine 409', async () => {
    const request = await createRequest(t, admin.token, { assetId: assetA.id })
    await exactlyOneWins(10, (i) => t.api.rejectRequest({ params: { id: request.id }, body: { reason: `Motif ${i}` } }, admin.token),
      { winStatus: 200, loseStatus: 409, loseCode: 'ALREADY_HANDLED' })
  })

  test('404 for an unknown id and for a request outside the caller’s sites', async () => {
    assertError(await t.api.rejectRequest({ params: { id: MISSING }, body: { reason: 'x' } }, admin.token), 404, 'NOT_FOUND')
    const onA = await createRequest(t, admin.token, { assetId: assetZ.id })
    const dispatcherB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assertError(await t.api.rejectRequest({ params: { id: onA.id }, body: { reason: 'x' } }, dispatcherB.token), 404, 'NOT_FOUND')
    const onB = await createRequest(t, admin.token, { assetId: assetB.id })
    assert.equal(ok(await t.api.rejectRequest({ params: { id: onB.id }, body: { reason: 'x' } }, dispatcherB.token)).status, 'REJECTED')
  })

  test('without view-other, a caller allowed to edit handles only its own requests (404 for the others)', async () => {
    const role = await roleByName(t.app.deps.database.db, 'Technicien')
    const grant = async (canEdit: boolean) => {
      await setPermission(t.app.deps.database.db, role.id, { objectCategory: 'REQUESTS', canView: true, canViewOther: false, canCreate: true, canEdit, canDelete: false })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    const tech = await t.userWithRole('Technicien')
    const own = await createRequest(t, tech.token, { assetId: assetA.id })
    const other = await createRequest(t, admin.token, { assetId: assetA.id })
    await grant(true)
    try {
      assertError(await t.api.rejectRequest({ params: { id: other.id }, body: { reason: 'x' } }, tech.token), 404, 'NOT_FOUND')
      assert.equal(ok(await t.api.rejectRequest({ params: { id: own.id }, body: { reason: 'Réglé sur place' } }, tech.token)).status, 'REJECTED')
    } finally {
      await grant(false)
    }
  })

  test('401 without a token; 403 for roles that may not edit requests', async () => {
    const request = await createRequest(t, admin.token, { assetId: assetA.id })
    assertError(await t.api.rejectRequest({ params: { id: request.id }, body: { reason: 'x' } }), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.api.rejectRequest({ params: { id: request.id }, body: { reason: 'x' } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
  })
})
