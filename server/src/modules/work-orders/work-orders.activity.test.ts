// commentWorkOrder and setWorkOrderAssignees: what they write, the activity log they leave,
// input checks, rights and scope.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { users } from '../users/users.tables.ts'
import { workOrderEvents, workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
const clock = new ManualClock(new Date('2025-06-02T06:30:00.000Z'))
let admin: { id: string; token: string }
let dispatcher: { id: string; token: string }
let tech: { id: string; token: string }
let tech2: { id: string; token: string }
let siteA: string, siteB: string, assetA: string

const db = () => t.app.deps.database.db
const comment = (id: string, body: Record<string, unknown>, token = tech.token) => t.request('POST', `/work-orders/${id}/comments`, { token, body })
const assign = (id: string, body: Record<string, unknown>, token = dispatcher.token) => t.request('PUT', `/work-orders/${id}/assignees`, { token, body })
const order = async (assigneeIds = [tech.id]) => (await createWorkOrder(t, admin.token, { assetId: assetA, description: 'Portes', assigneeIds })).id
const eventCount = (id: string) => db().$count(workOrderEvents, eq(workOrderEvents.workOrderId, id))

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien')
  tech2 = await t.userWithRole('Technicien')
  await db().update(users).set({ displayName: 'Bruno Technicien' }).where(eq(users.id, tech2.id))
  siteA = await insertLocation(t, 'Résidence Pasteur')
  siteB = await insertLocation(t, 'Centre commercial')
  assetA = await insertAsset(t, siteA)
})
after(() => t.close())

describe('commentWorkOrder', () => {
  test('201 with the detail: the comment (trimmed, author, time) and a COMMENTED event pointing at it', async () => {
    const id = await order()
    clock.advance(1000)
    const res = await comment(id, { body: '  Porte palière du 2e déréglée.\r\nRepasser demain.  ' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const [c] = res.body.comments
    assert.deepEqual(Object.keys(c).sort(), ['author', 'body', 'createdAt', 'id'])
    assert.deepEqual({ ...c, id: 'x' }, {
      id: 'x', author: { id: tech.id, displayName: 'Test Technicien' }, body: 'Porte palière du 2e déréglée.\r\nRepasser demain.', createdAt: clock.now().toISOString(),
    })
    const ev = res.body.activity.at(-1)
    assert.deepEqual([ev.kind, ev.actor.id, ev.at, ev.payload], ['COMMENTED', tech.id, clock.now().toISOString(), { commentId: c.id }])
    assert.equal(res.body.updatedAt, clock.now().toISOString())
    clock.advance(1000)
    const second = await comment(id, { body: 'Fait.' }, dispatcher.token)
    assert.deepEqual(second.body.comments.map((x: any) => x.body), ['Porte palière du 2e déréglée.\r\nRepasser demain.', 'Fait.'], 'oldest first')
  })

  test('allowed on a closed order (a follow-up note)', async () => {
    const id = await order()
    await db().update(workOrders).set({ status: 'CANCELLED', cancelReason: 'Doublon' }).where(eq(workOrders.id, id))
    assert.equal((await comment(id, { body: 'Le client a rappelé.' })).status, 201)
  })

  test('400 for a missing, blank, too long or unknown field; 401; 403 without WORK_ORDERS edit; 404 by scope', async () => {
    const id = await order()
    for (const body of [{}, { body: '  ' }, { body: 'x'.repeat(2001) }, { body: 'ok', author: 'moi' }, { body: 'a\u0000b' }]) {
      assertError(await comment(id, body), 400, 'VALIDATION_ERROR')
    }
    assertError(await comment(id, { body: 'x' }, null as never), 401)
    for (const role of ['Gestionnaire', 'Vue seule', 'Demandeur'] as const) assertError(await comment(id, { body: 'x' }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    assertError(await comment(MISSING, { body: 'x' }), 404, 'NOT_FOUND')
    const limited = await t.userWithRole('Technicien limité')
    assertError(await comment(id, { body: 'x' }, limited.token), 404, 'NOT_FOUND')
    const onSiteB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await comment(id, { body: 'x' }, onSiteB.token), 404, 'NOT_FOUND')
    assert.equal((await t.api.getWorkOrder({ params: { id } }, admin.token)).body.comments.length, 0)
  })
})

describe('setWorkOrderAssignees', () => {
  test('200: replaces the list (sorted by name), logs ASSIGNEES_CHANGED with added and removed', async () => {
    const id = await order([tech.id])
    clock.advance(1000)
    const res = await assign(id, { assigneeIds: [tech2.id, dispatcher.id] })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.assignees, [
      { id: tech2.id, displayName: 'Bruno Technicien' },
      { id: dispatcher.id, displayName: 'Test Dispatcher' },
    ])
    const ev = res.body.activity.at(-1)
    assert.equal(ev.kind, 'ASSIGNEES_CHANGED')
    assert.deepEqual({ added: [...ev.payload.added].sort(), removed: ev.payload.removed }, { added: [tech2.id, dispatcher.id].sort(), removed: [tech.id] })
    const events = await eventCount(id)
    assert.equal((await assign(id, { assigneeIds: [dispatcher.id, tech2.id] })).status, 200)
    assert.equal(await eventCount(id), events, 'the same list in another order changes nothing')
    const cleared = await assign(id, { assigneeIds: [] })
    assert.deepEqual(cleared.body.assignees, [])
  })

  test('a Technicien limité who unassigns itself gets the answer, then no longer sees the order', async () => {
    const limited = await t.userWithRole('Technicien limité')
    const id = await order([limited.id, tech.id])
    const res = await assign(id, { assigneeIds: [tech.id] }, limited.token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body.assignees.map((a: any) => a.id), [tech.id])
    assertError(await t.api.getWorkOrder({ params: { id } }, limited.token), 404, 'NOT_FOUND')
  })

  test('400 INVALID_ASSIGNEE for a user who may not work orders; nothing changed', async () => {
    const id = await order([tech.id])
    const viewer = await t.userWithRole('Vue seule')
    const elsewhere = await t.userWithRole('Technicien', { siteIds: [siteB] })
    for (const bad of [viewer.id, elsewhere.id, MISSING]) {
      const res = await assign(id, { assigneeIds: [tech2.id, bad] })
      assertError(res, 400, 'INVALID_ASSIGNEE')
      assert.deepEqual(res.body.error.details, [{ field: 'assigneeIds', message: 'intervenant non valide' }])
    }
    assert.deepEqual((await t.api.getWorkOrder({ params: { id } }, admin.token)).body.assignees.map((a) => a.id), [tech.id])
  })

  test('an assignee disabled since may stay on the list; 409 WORK_ORDER_CLOSED on a closed order', async () => {
    const leaving = await t.userWithRole('Technicien')
    const id = await order([leaving.id])
    await db().update(users).set({ disabledAt: clock.now() }).where(eq(users.id, leaving.id))
    assert.equal((await assign(id, { assigneeIds: [leaving.id, tech.id] })).status, 200, 'only the added ones are checked')
    await db().update(workOrders).set({ status: 'DONE' }).where(eq(workOrders.id, id))
    assertError(await assign(id, { assigneeIds: [tech.id] }), 409, 'WORK_ORDER_CLOSED')
  })

  test('400 bad or unknown field, duplicates, too many; 401; 403; 404 by scope', async () => {
    const id = await order()
    const many = Array.from({ length: 21 }, (_, i) => `0190a0a0-0000-7000-8000-${String(i).padStart(12, '0')}`)
    for (const body of [{}, { assigneeIds: 'x' }, { assigneeIds: ['nope'] }, { assigneeIds: [tech.id, tech.id] }, { assigneeIds: many }, { assigneeIds: [], more: 1 }]) {
      assertError(await assign(id, body), 400, 'VALIDATION_ERROR')
    }
    assertError(await assign(id, { assigneeIds: [] }, null as never), 401)
    for (const role of ['Gestionnaire', 'Vue seule', 'Demandeur'] as const) assertError(await assign(id, { assigneeIds: [] }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    assertError(await assign(MISSING, { assigneeIds: [] }), 404, 'NOT_FOUND')
    const limited = await t.userWithRole('Technicien limité')
    assertError(await assign(id, { assigneeIds: [limited.id] }, limited.token), 404, 'NOT_FOUND')
    const onSiteB = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assertError(await assign(id, { assigneeIds: [] }, onSiteB.token), 404, 'NOT_FOUND')
  })
})
