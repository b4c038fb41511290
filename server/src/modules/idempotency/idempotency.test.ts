// The Idempotency-Key header on the technician's writes (http/idempotency.ts): a phone that
// sends a queued change twice gets the first answer back and the change is made once.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { stockMovements } from '../parts/parts.tables.ts'
import { workOrderComments, workOrderLabor } from '../work-orders/work-orders.tables.ts'
import { idempotencyKeys } from './idempotency.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { stockedPart } from '../parts/parts.fixtures.ts'
import { createWorkOrder, insertAsset, insertChecklist, insertLocation } from '../work-orders/work-orders.fixtures.ts'

let t: TestApp
const clock = new ManualClock(new Date('2025-03-10T08:00:00.000Z'))
let dispatcher: { id: string; token: string }
let tech: { id: string; token: string }
let other: { id: string; token: string }
let manager: { id: string; token: string }
let asset: string

const db = () => t.app.deps.database.db
const key = () => crypto.randomUUID()
const withKey = (k: string) => ({ 'idempotency-key': k })

async function order() {
  return createWorkOrder(t, dispatcher.token, { assetId: asset, description: 'Porte palière bloquée', assigneeIds: [tech.id, other.id] })
}
const comments = async (id: string) => (await db().select().from(workOrderComments).where(eq(workOrderComments.workOrderId, id))).length

before(async () => {
  t = await startTestApp({ build: { clock } })
  dispatcher = await t.userWithRole('Dispatcher')
  manager = await t.userWithRole('Gestionnaire')
  tech = await t.userWithRole('Technicien', { hourlyRateCents: 4500 })
  other = await t.userWithRole('Technicien', { hourlyRateCents: 4000 })
  asset = await insertAsset(t, await insertLocation(t, 'Résidence Les Tilleuls'))
})
after(() => t.close())

describe('Idempotency-Key', () => {
  test('a replay answers the first answer (status and body) and comments once', async () => {
    const wo = await order()
    const k = key()
    const first = await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Contacteur remplacé' }, headers: withKey(k) }, tech.token)
    assert.equal(first.status, 201)
    clock.advance(60_000)
    const again = await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Contacteur remplacé' }, headers: withKey(k) }, tech.token)
    assert.equal(again.status, 201)
    assert.deepEqual(again.body, first.body)
    assert.equal(again.headers['idempotent-replayed'], 'true')
    assert.equal(await comments(wo.id), 1)
  })

  test('without the header each request writes (two comments)', async () => {
    const wo = await order()
    for (let i = 0; i < 2; i++) assert.equal((await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'RAS' } }, tech.token)).status, 201)
    assert.equal(await comments(wo.id), 2)
  })

  test('the same key with another body or on another order answers 422, nothing written', async () => {
    const wo = await order()
    const k = key()
    await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Premier' }, headers: withKey(k) }, tech.token)
    assertError(await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Autre' }, headers: withKey(k) }, tech.token), 422, 'IDEMPOTENCY_KEY_REUSED')
    const wo2 = await order()
    assertError(await t.api.commentWorkOrder({ params: { id: wo2.id }, body: { body: 'Premier' }, headers: withKey(k) }, tech.token), 422, 'IDEMPOTENCY_KEY_REUSED')
    assert.equal(await comments(wo.id), 1)
    assert.equal(await comments(wo2.id), 0)
  })

  test('a key is the caller’s own: another technician’s same key writes its own comment', async () => {
    const wo = await order()
    const k = key()
    assert.equal((await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Vu' }, headers: withKey(k) }, tech.token)).status, 201)
    assert.equal((await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Vu' }, headers: withKey(k) }, other.token)).status, 201)
    assert.equal(await comments(wo.id), 2)
  })

  test('concurrent replays: one write, every answer the first one', async () => {
    const wo = await order()
    const k = key()
    const part = await stockedPart(t, manager.token, 'Galet de porte', 10, 1250)
    const answers = await Promise.all(Array.from({ length: 6 }, () =>
      t.api.consumePart({ params: { id: wo.id }, body: { partId: part.id, quantity: 2 }, headers: withKey(k) }, tech.token)))
    for (const a of answers) assert.equal(a.status, 201, JSON.stringify(a.body))
    for (const a of answers.slice(1)) assert.deepEqual(a.body, answers[0].body)
    const moves = await db().select().from(stockMovements).where(eq(stockMovements.workOrderId, wo.id))
    assert.equal(moves.length, 1)

    const k2 = key()
    const labour = await Promise.all(Array.from({ length: 4 }, () =>
      t.api.addLaborTime({ params: { id: wo.id }, body: { userId: tech.id, minutes: 45, workedOn: '2025-03-10' }, headers: withKey(k2) }, tech.token)))
    assert.deepEqual(labour.map((a) => a.status), [201, 201, 201, 201])
    assert.equal((await db().select().from(workOrderLabor).where(eq(workOrderLabor.workOrderId, wo.id))).length, 1)
  })

  test('a refusal is the first answer too: the replay of a consumption past the stock says 409 again', async () => {
    const wo = await order()
    const part = await stockedPart(t, manager.token, 'Câble', 1, 900)
    const k = key()
    const first = await t.api.consumePart({ params: { id: wo.id }, body: { partId: part.id, quantity: 3 }, headers: withKey(k) }, tech.token)
    assertError(first, 409, 'INSUFFICIENT_STOCK')
    const again = await t.api.consumePart({ params: { id: wo.id }, body: { partId: part.id, quantity: 3 }, headers: withKey(k) }, tech.token)
    assert.equal(again.status, 409)
    assert.deepEqual(again.body, first.body)
  })

  test('checklist, report, transition: replays change nothing more (one activity event each)', async () => {
    const wo = await order()
    const [item] = await insertChecklist(t, wo.id, [{ label: 'Contrôle des câbles' }])
    const calls = [
      () => t.api.patchChecklistItem({ params: { id: wo.id, itemId: item }, body: { status: 'DONE' }, headers: withKey(`c-${wo.id}`) }, tech.token),
      () => t.api.upsertWorkOrderReport({ params: { id: wo.id }, body: { notes: 'Graissage fait', times: { arrivedAt: '2025-03-10T08:30:00Z' } }, headers: withKey(`r-${wo.id}`) }, tech.token),
      () => t.api.transitionWorkOrder({ params: { id: wo.id }, body: { to: 'IN_PROGRESS' }, headers: withKey(`t-${wo.id}`) }, tech.token),
    ]
    clock.advance(3600_000)
    for (const call of calls) {
      const a = await call()
      const b = await call()
      assert.ok(a.status < 300, JSON.stringify(a.body))
      assert.deepEqual(b, { ...a, headers: b.headers })
    }
    const detail = await t.api.getWorkOrder({ params: { id: wo.id } }, tech.token)
    const kinds = detail.body.activity.map((e) => e.kind)
    assert.equal(kinds.filter((k) => k === 'CHECKLIST_UPDATED').length, 1)
    assert.equal(kinds.filter((k) => k === 'STATUS_CHANGED').length, 1)
    assert.equal(kinds.filter((k) => k === 'TIMES_RECORDED').length, 1)
    assert.equal(detail.body.status, 'IN_PROGRESS')
  })

  test('a malformed key answers 400; a key older than 24 hours is forgotten', async () => {
    const wo = await order()
    assertError(await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'x' }, headers: withKey('x'.repeat(256)) }, tech.token), 400, 'INVALID_IDEMPOTENCY_KEY')
    const k = key()
    await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Premier passage' }, headers: withKey(k) }, tech.token)
    // 25 hours later (the token's own lifetime is shorter: the row is aged instead of the clock).
    const aged = new Date(clock.now().getTime() - 25 * 3600_000)
    await db().update(idempotencyKeys).set({ createdAt: aged }).where(eq(idempotencyKeys.key, k))
    assert.equal((await t.api.commentWorkOrder({ params: { id: wo.id }, body: { body: 'Premier passage' }, headers: withKey(k) }, tech.token)).status, 201)
    assert.equal(await comments(wo.id), 2)
    await db().update(idempotencyKeys).set({ createdAt: aged }).where(eq(idempotencyKeys.key, k))
    assert.ok(await t.app.services.idempotency.purge() >= 1)
    assert.equal((await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).length, 0)
  })
})
