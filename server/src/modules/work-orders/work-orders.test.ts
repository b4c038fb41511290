// createWorkOrder and getWorkOrder: the fields, the reference sequence, input checks, rights
// and scope. Transitions, report, checklist, comments, assignees and the listing have their
// own files beside this one.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { requests } from '../requests/requests.tables.ts'
import { workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const DETAIL_FIELDS = [
  'abilities', 'activity', 'allowedTransitions', 'arrivalDelayMinutes', 'arrivedAt', 'asset', 'assignees', 'callReceivedAt', 'cancelReason',
  'cancelledAt', 'checklist', 'closureBlockers', 'comments', 'completedAt', 'costs', 'createdAt', 'createdBy', 'description', 'dueAt',
  'firstControl', 'id', 'inspectionId', 'leftAt', 'origin', 'periodKey', 'personBlocked', 'priority', 'reference', 'releaseDelayMinutes', 'releasedAt', 'report',
  'request', 'requester', 'startedAt', 'status', 'type', 'updatedAt',
]
const EMPTY_REPORT = { symptom: null, component: null, cause: null, action: null, result: null, circumstance: null, notes: null, updatedAt: null, updatedBy: null }
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
const clock = new ManualClock(new Date('2025-03-10T08:00:00.000Z'))
let admin: { id: string; token: string }
let dispatcher: { id: string; token: string }
let tech: { id: string; token: string }
let siteA: string, zoneA: string, siteB: string
let assetA: string, assetB: string

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien')
  siteA = await insertLocation(t, 'Résidence Les Tilleuls')
  zoneA = await insertLocation(t, 'Bâtiment B', siteA)
  siteB = await insertLocation(t, 'Tour Horizon')
  assetA = await insertAsset(t, zoneA, { reference: 'ASC-TIL-01' })
  assetB = await insertAsset(t, siteB, { reference: 'ASC-HOR-01' })
})
after(() => t.close())

describe('createWorkOrder', () => {
  test('201 with the whole detail: OPEN, reference OT-nnnnnn, asset and site, creator, CREATED then ASSIGNEES_CHANGED', async () => {
    const res = await t.api.createWorkOrder({
      body: {
        assetId: assetA, description: '  Cabine bloquée au 3e  ', priority: 'HIGH', dueAt: '2025-03-11T17:00:00+01:00',
        requesterName: ' M. Durand (gardien) ', assigneeIds: [tech.id],
      },
    }, dispatcher.token)
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const d = res.body
    assert.deepEqual(Object.keys(d).sort(), DETAIL_FIELDS)
    assert.match(d.reference, /^OT-\d{6}$/)
    assert.equal(d.type, 'CORRECTIVE')
    assert.equal(d.status, 'OPEN')
    assert.equal(d.priority, 'HIGH')
    assert.equal(d.personBlocked, false)
    assert.deepEqual(d.asset, {
      id: assetA, reference: 'ASC-TIL-01', brand: 'Otis', locationId: zoneA, locationName: 'Bâtiment B', siteId: siteA, siteName: 'Résidence Les Tilleuls',
    })
    assert.equal(d.description, 'Cabine bloquée au 3e')
    assert.equal(d.dueAt, '2025-03-11T16:00:00.000Z')
    assert.equal(d.periodKey, null)
    assert.equal(d.firstControl, false)
    assert.deepEqual(d.assignees, [{ id: tech.id, displayName: 'Test Technicien' }])
    assert.equal(d.createdAt, clock.now().toISOString())
    assert.equal(d.updatedAt, clock.now().toISOString())
    for (const k of ['startedAt', 'completedAt', 'cancelledAt', 'releasedAt', 'cancelReason', 'request'] as const) assert.equal(d[k], null, k)
    assert.deepEqual(d.requester, { id: null, displayName: 'M. Durand (gardien)' })
    assert.deepEqual(d.createdBy, { id: dispatcher.id, displayName: 'Test Dispatcher' })
    assert.deepEqual(d.checklist, [])
    assert.deepEqual(d.comments, [])
    assert.deepEqual(d.report, EMPTY_REPORT)
    assert.deepEqual(d.activity.map((e) => [e.kind, e.actor, e.at, e.payload]), [
      ['CREATED', { id: dispatcher.id, displayName: 'Test Dispatcher' }, clock.now().toISOString(), {}],
      ['ASSIGNEES_CHANGED', { id: dispatcher.id, displayName: 'Test Dispatcher' }, clock.now().toISOString(), { added: [tech.id], removed: [] }],
    ])
    assert.deepEqual(Object.keys(d.activity[0]).sort(), ['actor', 'at', 'id', 'kind', 'payload'])
    assert.deepEqual(d.allowedTransitions, ['IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'])
    assert.deepEqual(d.closureBlockers, [
      'Le constat du rapport d’intervention n’est pas renseigné.',
      'La cause du rapport d’intervention n’est pas renseignée.',
      'L’action du rapport d’intervention n’est pas renseignée.',
    ])
    // A Dispatcher may not see pay: the labour sum, and the total it is part of, are null.
    assert.deepEqual(d.costs, { parts: [], labor: [], partsCents: 0, laborCents: null, totalCents: null })
    const get = await t.api.getWorkOrder({ params: { id: d.id } }, dispatcher.token)
    assert.equal(get.status, 200)
    assert.deepEqual(get.body, d, 'a later read answers the same')
  })

  test('defaults: CORRECTIVE, NORMAL, no due date, no requester, no assignee; a blocked person forces URGENT', async () => {
    const plain = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'Bruit au démarrage' })
    assert.deepEqual([plain.type, plain.priority, plain.personBlocked, plain.dueAt, plain.requester, plain.assignees], ['CORRECTIVE', 'NORMAL', false, null, null, []])
    assert.deepEqual(plain.activity.map((e) => e.kind), ['CREATED'])
    const blocked = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'Personne bloquée', priority: 'LOW', personBlocked: true, type: 'PREVENTIVE' })
    assert.deepEqual([blocked.type, blocked.priority, blocked.personBlocked], ['PREVENTIVE', 'URGENT', true])
    const [row] = await t.app.deps.database.db.select({ rank: workOrders.priorityRank }).from(workOrders).where(eq(workOrders.id, blocked.id))
    assert.equal(row.rank, 4)
  })

  test('references come from the sequence, zero-padded, and grow past six digits', async () => {
    const a = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'a' })
    const b = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'b' })
    assert.equal(Number(b.reference.slice(3)), Number(a.reference.slice(3)) + 1)
    await t.app.deps.database.db.execute(sql`SELECT setval('work_order_number_seq', 1234567)`)
    const c = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'c' })
    assert.equal(c.reference, 'OT-1234568')
  })

  test('20 concurrent creations get 20 distinct, consecutive references', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => t.api.createWorkOrder({ body: { assetId: assetA, description: `Appel ${i}` } }, dispatcher.token)))
    assert.deepEqual(results.map((r) => r.status), Array(20).fill(201))
    const numbers = results.map((r) => Number(r.body.reference.slice(3))).sort((x, y) => x - y)
    assert.equal(new Set(numbers).size, 20)
    numbers.forEach((n, i) => assert.equal(n, numbers[0] + i, 'no gap, no duplicate'))
  })

  test('400 for a bad or unknown field, a blank description, duplicate assignees', async () => {
    const bad = [
      {},
      { assetId: 'nope', description: 'x' },
      { assetId: assetA, description: '   ' },
      { assetId: assetA, description: 'x', priority: 'CRITICAL' },
      { assetId: assetA, description: 'x', type: 'OTHER' },
      { assetId: assetA, description: 'x', dueAt: '2025-02-30T10:00:00Z' },
      { assetId: assetA, description: 'x', assigneeIds: [tech.id, tech.id] },
      { assetId: assetA, description: 'x', personBlocked: 'yes' },
      { assetId: assetA, description: 'x', status: 'DONE' },
      { assetId: assetA, description: 'x'.repeat(2001) },
    ]
    for (const body of bad) assertError(await t.request('POST', '/work-orders', { token: admin.token, body }), 400, 'VALIDATION_ERROR')
  })

  test('400 UNKNOWN_ASSET for a missing asset and for one outside the caller’s sites, nothing written', async () => {
    const before = await t.app.deps.database.db.$count(workOrders)
    const missing = await t.api.createWorkOrder({ body: { assetId: MISSING, description: 'x' } }, admin.token)
    assertError(missing, 400, 'UNKNOWN_ASSET')
    assert.deepEqual((missing.body as any).error.details, [{ field: 'assetId', message: 'équipement inconnu ou hors de vos sites' }])
    const onSiteA = await t.userWithRole('Dispatcher', { siteIds: [siteA] })
    assertError(await t.api.createWorkOrder({ body: { assetId: assetB, description: 'x' } }, onSiteA.token), 400, 'UNKNOWN_ASSET')
    assert.equal((await t.api.createWorkOrder({ body: { assetId: assetA, description: 'x' } }, onSiteA.token)).status, 201, 'its own site’s zone is fine')
    assert.equal(await t.app.deps.database.db.$count(workOrders), before + 1)
  })

  test('400 INVALID_ASSIGNEE: unknown, disabled, invited, a role that may not edit orders, or without access to the site', async () => {
    const { users } = await import('../users/users.tables.ts')
    const db = t.app.deps.database.db
    const disabled = await t.userWithRole('Technicien')
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id))
    const invited = await t.userWithRole('Technicien')
    await db.update(users).set({ activatedAt: null }).where(eq(users.id, invited.id))
    const viewer = await t.userWithRole('Vue seule')
    const manager = await t.userWithRole('Gestionnaire')
    const elsewhere = await t.userWithRole('Technicien', { siteIds: [siteB] })
    const before = await db.$count(workOrders)
    for (const id of [MISSING, disabled.id, invited.id, viewer.id, manager.id, elsewhere.id]) {
      const res = await t.api.createWorkOrder({ body: { assetId: assetA, description: 'x', assigneeIds: [tech.id, id] } }, admin.token)
      assertError(res, 400, 'INVALID_ASSIGNEE')
      assert.deepEqual((res.body as any).error.details, [{ field: 'assigneeIds', message: 'intervenant non valide' }])
    }
    assert.equal(await db.$count(workOrders), before, 'nothing written')
    const limited = await t.userWithRole('Technicien limité')
    const onSite = await t.userWithRole('Technicien', { siteIds: [siteA] })
    const adminWithSites = await t.userWithRole('Administrateur', { siteIds: [siteB] })
    const ok = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x', assigneeIds: [limited.id, onSite.id, adminWithSites.id] })
    assert.equal(ok.assignees.length, 3)
  })

  test('401 without a token; 403 for roles without WORK_ORDERS create', async () => {
    assertError(await t.api.createWorkOrder({ body: { assetId: assetA, description: 'x' } }), 401)
    for (const role of ['Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.api.createWorkOrder({ body: { assetId: assetA, description: 'x' } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assert.equal((await t.api.createWorkOrder({ body: { assetId: assetA, description: 'x' } }, tech.token)).status, 201, 'a Technicien may open one')
  })
})

describe('getWorkOrder', () => {
  test('the linked request and the requesting user are shown', async () => {
    const requester = await t.userWithRole('Demandeur')
    const order = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x' })
    const db = t.app.deps.database.db
    await db.update(workOrders).set({ requesterId: requester.id, requesterName: null }).where(eq(workOrders.id, order.id))
    const requestId = uuidv7()
    await db.insert(requests).values({
      id: requestId, reference: 'DEM-000777', number: 777, status: 'APPROVED', source: 'APP', assetId: assetA, description: 'x',
      requestedBy: requester.id, workOrderId: order.id,
    })
    const d = (await t.api.getWorkOrder({ params: { id: order.id } }, admin.token)).body
    assert.deepEqual(d.request, { id: requestId, reference: 'DEM-000777' })
    assert.deepEqual(d.requester, { id: requester.id, displayName: 'Test Demandeur' })
  })

  test('a role without WORK_ORDERS edit sees no allowed transition', async () => {
    const order = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x' })
    for (const role of ['Gestionnaire', 'Vue seule'] as const) {
      const res = await t.api.getWorkOrder({ params: { id: order.id } }, await t.tokenFor(role))
      assert.equal(res.status, 200)
      assert.deepEqual(res.body.allowedTransitions, [], role)
      assert.equal(res.body.closureBlockers.length, 3, 'the blockers are facts, shown to every reader')
    }
  })

  test('404 for a missing order, 400 for a malformed id, 401, 403 for a Demandeur', async () => {
    assertError(await t.api.getWorkOrder({ params: { id: MISSING } }, admin.token), 404, 'NOT_FOUND')
    assertError(await t.request('GET', '/work-orders/nope', { token: admin.token }), 400, 'VALIDATION_ERROR')
    const order = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x' })
    assertError(await t.api.getWorkOrder({ params: { id: order.id } }), 401)
    assertError(await t.api.getWorkOrder({ params: { id: order.id } }, await t.tokenFor('Demandeur')), 403, 'FORBIDDEN')
  })

  test('scope: a Technicien limité sees only orders it created or is assigned to; a site-assigned caller only its sites’', async () => {
    const limited = await t.userWithRole('Technicien limité')
    const assigned = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x', assigneeIds: [limited.id] })
    const other = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'y', assigneeIds: [tech.id] })
    assert.equal((await t.api.getWorkOrder({ params: { id: assigned.id } }, limited.token)).status, 200)
    assertError(await t.api.getWorkOrder({ params: { id: other.id } }, limited.token), 404, 'NOT_FOUND')

    const onSiteB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    const onB = await createWorkOrder(t, admin.token, { assetId: assetB, description: 'z' })
    assert.equal((await t.api.getWorkOrder({ params: { id: onB.id } }, onSiteB.token)).status, 200)
    assertError(await t.api.getWorkOrder({ params: { id: other.id } }, onSiteB.token), 404, 'NOT_FOUND')
    const adminOnB = await t.userWithRole('Administrateur', { siteIds: [siteB] })
    assert.equal((await t.api.getWorkOrder({ params: { id: other.id } }, adminOnB.token)).status, 200, 'an Administrateur is never restricted')
  })
})
