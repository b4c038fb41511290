import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { workOrderEvents, workOrders } from '../work-orders/work-orders.tables.ts'
import { requests } from './requests.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, exactlyOneWins, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { createRequest, insertAsset, reportFromPortal } from './requests.fixtures.ts'

const clock = new ManualClock('2026-05-04T09:00:00.000Z')
const MISSING = '0190a0a0-0000-7000-8000-000000000000'
let t: TestApp
let admin: { id: string; token: string }
let dispatcher: { id: string; token: string }
let demandeur: { id: string; token: string }
let tech: { id: string; token: string }
let siteA: string
let siteB: string
let assetA: { id: string; reference: string }
let assetB: { id: string; reference: string }

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  demandeur = await t.userWithRole('Demandeur')
  tech = await t.userWithRole('Technicien')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteA = await createLocation(t, admin.token, { name: 'Résidence Les Tilleuls' })
  siteB = await createLocation(t, admin.token, { name: 'Tour Horizon' })
  assetA = await insertAsset(t, { categoryId, locationId: siteA })
  assetB = await insertAsset(t, { categoryId, locationId: siteB })
})
after(() => t.close())

const db = () => t.app.deps.database.db
const approve = (id: string, body: { priority?: 'LOW' | 'NORMAL' | 'HIGH' | 'URGENT'; assigneeIds?: string[] } = {}, token = dispatcher.token) =>
  t.api.approveRequest({ params: { id }, body }, token)
const storedRequest = async (id: string) => (await db().select().from(requests).where(eq(requests.id, id)))[0]
/** Orders linked to a request through the REQUEST_LINKED event (an orphan would show here). */
const ordersLinkedTo = async (requestId: string) => {
  const events = await db().select({ payload: workOrderEvents.payload, workOrderId: workOrderEvents.workOrderId }).from(workOrderEvents).where(eq(workOrderEvents.kind, 'REQUEST_LINKED'))
  return events.filter((e) => (e.payload as { requestId?: string }).requestId === requestId).map((e) => e.workOrderId)
}

describe('approveRequest', () => {
  test('201 with the linked order: OPEN, corrective, the request’s asset and description, priority and assignees of the body', async () => {
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id, description: 'Porte palière du 4e ne ferme plus' })
    clock.advance(120_000)
    const d = ok(await approve(request.id, { priority: 'HIGH', assigneeIds: [tech.id] }))
    assert.match(d.reference, /^OT-\d{6,}$/)
    assert.deepEqual([d.status, d.type, d.priority, d.personBlocked, d.description, d.dueAt], ['OPEN', 'CORRECTIVE', 'HIGH', false, 'Porte palière du 4e ne ferme plus', null])
    assert.equal(d.asset.id, assetA.id)
    assert.equal(d.asset.siteName, 'Résidence Les Tilleuls')
    assert.deepEqual(d.assignees, [{ id: tech.id, displayName: 'Test Technicien' }])
    assert.deepEqual(d.requester, { id: demandeur.id, displayName: 'Test Demandeur' })
    assert.deepEqual(d.createdBy, { id: dispatcher.id, displayName: 'Test Dispatcher' })
    assert.deepEqual(d.request, { id: request.id, reference: request.reference })
    const actor = { id: dispatcher.id, displayName: 'Test Dispatcher' }
    const at = clock.now().toISOString()
    assert.deepEqual(d.activity.map((e) => [e.kind, e.actor, e.at, e.payload]), [
      ['CREATED', actor, at, {}],
      ['ASSIGNEES_CHANGED', actor, at, { added: [tech.id], removed: [] }],
      ['REQUEST_LINKED', actor, at, { requestId: request.id, requestReference: request.reference }],
    ])
    assert.deepEqual(d.allowedTransitions, ['IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'])
    assert.deepEqual(ok(await t.api.getWorkOrder({ params: { id: d.id } }, dispatcher.token)), d, 'a later read answers the same')
    // The request is APPROVED and shows its order, to the requester too.
    const [summary] = ok(await t.api.listRequests({}, demandeur.token)).requests.filter((x) => x.id === request.id)
    assert.deepEqual(summary, {
      ...request, status: 'APPROVED', handledAt: at, handledBy: actor,
      workOrder: { id: d.id, reference: d.reference, status: 'OPEN' },
    })
  })

  test('defaults: priority NORMAL, no assignee; a trapped person makes it URGENT whatever is sent', async () => {
    const plain = ok(await approve((await createRequest(t, demandeur.token, { assetId: assetA.id })).id))
    assert.deepEqual([plain.priority, plain.assignees, plain.activity.map((e) => e.kind)], ['NORMAL', [], ['CREATED', 'REQUEST_LINKED']])
    const blocked = ok(await approve((await createRequest(t, demandeur.token, { assetId: assetA.id, personBlocked: true })).id, { priority: 'LOW' }))
    assert.deepEqual([blocked.priority, blocked.personBlocked], ['URGENT', true])
  })

  test('a portal report’s order names the contact left as requester, without a user', async () => {
    const report = await reportFromPortal(t, { reference: assetB.reference, contactName: 'M. Garcia (gardien)', personBlocked: true })
    const [row] = await db().select({ id: requests.id }).from(requests).where(eq(requests.reference, report.reference))
    const d = ok(await approve(row.id))
    assert.deepEqual(d.requester, { id: null, displayName: 'M. Garcia (gardien)' })
    assert.equal(d.priority, 'URGENT')
    const [order] = await db().select({ requesterId: workOrders.requesterId, requesterName: workOrders.requesterName }).from(workOrders).where(eq(workOrders.id, d.id))
    assert.deepEqual(order, { requesterId: null, requesterName: 'M. Garcia (gardien)' })
  })

  test('10 simultaneous approvals: one 201, nine 409 ALREADY_HANDLED, and one order only', async () => {
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id })
    const before = await db().$count(workOrders)
    const { winner } = await exactlyOneWins(10, () => approve(request.id), { winStatus: 201, loseStatus: 409, loseCode: 'ALREADY_HANDLED' })
    assert.equal(await db().$count(workOrders), before + 1)
    assert.deepEqual(await ordersLinkedTo(request.id), [winner.body.id])
    const stored = await storedRequest(request.id)
    assert.deepEqual([stored.status, stored.workOrderId], ['APPROVED', winner.body.id])
  })

  test('409 ALREADY_HANDLED for an approved or rejected request; nothing more is created', async () => {
    const approved = await createRequest(t, demandeur.token, { assetId: assetA.id })
    ok(await approve(approved.id))
    const rejected = await createRequest(t, demandeur.token, { assetId: assetA.id })
    ok(await t.api.rejectRequest({ params: { id: rejected.id }, body: { reason: 'Doublon' } }, dispatcher.token))
    const before = await db().$count(workOrders)
    assertError(await approve(approved.id), 409, 'ALREADY_HANDLED')
    assertError(await approve(rejected.id), 409, 'ALREADY_HANDLED')
    assertError(await t.api.rejectRequest({ params: { id: approved.id }, body: { reason: 'Trop tard' } }, dispatcher.token), 409, 'ALREADY_HANDLED')
    assert.equal(await db().$count(workOrders), before)
    assert.equal((await storedRequest(approved.id)).status, 'APPROVED')
  })

  test('400 INVALID_ASSIGNEE for an assignee who may not work on orders: nothing written, the request stays PENDING', async () => {
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id })
    const before = await db().$count(workOrders)
    const res = await approve(request.id, { assigneeIds: [tech.id, demandeur.id] })
    assertError(res, 400, 'INVALID_ASSIGNEE')
    assert.equal(await db().$count(workOrders), before)
    const stored = await storedRequest(request.id)
    assert.deepEqual([stored.status, stored.workOrderId, stored.handledAt], ['PENDING', null, null])
    assert.equal((await approve(request.id, { assigneeIds: [tech.id] })).status, 201, 'approvable afterwards')
  })

  test('400 for an unknown field, a bad priority, malformed or repeated assignees, a malformed id', async () => {
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id })
    const bodies = [{ priority: 'CRITICAL' }, { assigneeIds: ['nope'] }, { assigneeIds: [tech.id, tech.id] }, { description: 'autre' }, { assigneeIds: tech.id }]
    for (const body of bodies) assertError(await t.request('POST', `/requests/${request.id}/approve`, { token: dispatcher.token, body }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('POST', '/requests/DEM-000001/approve', { token: dispatcher.token, body: {} }), 400, 'VALIDATION_ERROR')
    assert.equal((await storedRequest(request.id)).status, 'PENDING')
  })

  test('404 for an unknown request and for one outside the approver’s sites', async () => {
    assertError(await approve(MISSING), 404, 'NOT_FOUND')
    const onA = await createRequest(t, demandeur.token, { assetId: assetA.id })
    const dispatcherB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assertError(await approve(onA.id, {}, dispatcherB.token), 404, 'NOT_FOUND')
    assert.equal((await storedRequest(onA.id)).status, 'PENDING')
    const onB = await createRequest(t, demandeur.token, { assetId: assetB.id })
    assert.equal((await approve(onB.id, {}, dispatcherB.token)).status, 201)
  })

  test('401 without a token; 403 for roles without REQUESTS edit, and for one that has it without WORK_ORDERS create', async () => {
    const request = await createRequest(t, demandeur.token, { assetId: assetA.id })
    assertError(await t.api.approveRequest({ params: { id: request.id }, body: {} }), 401)
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await approve(request.id, {}, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    // A Gestionnaire given REQUESTS edit still may not create work orders (WORK_ORDERS: view only).
    const role = await roleByName(db(), 'Gestionnaire')
    const grant = async (canEdit: boolean) => {
      await setPermission(db(), role.id, { objectCategory: 'REQUESTS', canView: true, canViewOther: true, canCreate: false, canEdit, canDelete: false })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    const gestionnaire = await t.userWithRole('Gestionnaire')
    await grant(true)
    try {
      assertError(await approve(request.id, {}, gestionnaire.token), 403, 'FORBIDDEN')
      assert.equal((await t.api.rejectRequest({ params: { id: (await createRequest(t, demandeur.token, { assetId: assetA.id })).id }, body: { reason: 'x' } }, gestionnaire.token)).status, 200, 'rejecting needs REQUESTS edit only')
    } finally {
      await grant(false)
    }
    assert.equal((await storedRequest(request.id)).status, 'PENDING')
  })
})
