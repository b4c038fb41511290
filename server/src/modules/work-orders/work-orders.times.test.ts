// Breakdown times (issue 18 §3): the technician's three taps through upsertWorkOrderReport's
// `times`, the delays the detail shows, every time out of order refused naming its field, the
// dispatcher's corrections kept in the activity log with the first value, concurrent taps,
// and the stored detail equal to one built afresh after each write.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createRequest } from '../requests/requests.fixtures.ts'
import { createWorkOrder, insertAsset, insertLocation } from './work-orders.fixtures.ts'

let t: TestApp
const clock = new ManualClock(new Date('2026-03-10T08:00:00.000Z'))
type Who = { id: string; token: string }
let dispatcher: Who, tech: Who, other: Who, limited: Who
let asset: string

const MIN = 60_000
const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MIN).toISOString()
const tap = (id: string, times: Record<string, unknown>, who: Who = tech) =>
  t.request('PUT', `/work-orders/${id}/report`, { token: who.token, body: { times } })

async function breakdown(opts: { personBlocked?: boolean; type?: 'CORRECTIVE' | 'PREVENTIVE' } = {}) {
  return (await createWorkOrder(t, dispatcher.token, { assetId: asset, description: 'Cabine bloquée', assigneeIds: [tech.id, limited.id], ...opts })).id
}
async function detail(id: string) {
  const res = await t.request('GET', `/work-orders/${id}`, { token: dispatcher.token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body
}
async function assertStoredFresh(id: string) {
  const r = await t.app.deps.database.db.execute(sql`SELECT body IS NULL AS stale,
    body IS DISTINCT FROM json_stored(work_order_detail_body(work_order_id)) AS differs FROM work_order_details WHERE work_order_id = ${id}`)
  assert.deepEqual((r as unknown as { rows: unknown[] }).rows[0], { stale: false, differs: false }, 'the stored detail is the one built afresh')
}
function assertField(res: { status: number; body: any }, status: number, code: string, field: string) {
  assertError(res, status, code as never)
  assert.ok(res.body.error.details?.some((d: { field: string }) => d.field === field), JSON.stringify(res.body))
  if (status === 400) assert.match(res.body.error.message, /^Heures du dépannage — /)
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien')
  other = await t.userWithRole('Technicien')
  limited = await t.userWithRole('Technicien limité')
  asset = await insertAsset(t, await insertLocation(t, 'Résidence des Tilleuls'))
})
after(() => t.close())

describe('the technician’s taps', () => {
  test('arrival, release and departure each set their time; the delays show on the order', async () => {
    const id = await breakdown({ personBlocked: true })
    const created = await detail(id)
    assert.equal(created.callReceivedAt, created.createdAt, 'no request: the call is the order’s creation')
    assert.equal(created.arrivedAt, null)
    assert.equal(created.arrivalDelayMinutes, null)
    assert.equal(created.abilities.recordTimes, true)

    clock.advance(42 * MIN + 30_000)
    let res = await tap(id, { arrivedAt: at(0) })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.arrivedAt, at(0))
    assert.equal(res.body.arrivalDelayMinutes, 42, 'whole minutes, rounded down')
    await assertStoredFresh(id)

    clock.advance(25 * MIN)
    res = await tap(id, { releasedAt: at(0) }, limited)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.releaseDelayMinutes, 67)
    await assertStoredFresh(id)

    clock.advance(40 * MIN)
    res = await tap(id, { leftAt: at(0) })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.leftAt, at(0))
    const log = res.body.activity.filter((e: { kind: string }) => e.kind === 'TIMES_RECORDED')
    assert.deepEqual(log.map((e: any) => e.payload.times.map((c: any) => [c.field, c.from])), [[['arrivedAt', null]], [['releasedAt', null]], [['leftAt', null]]])
    await assertStoredFresh(id)
  })

  test('the call is the request’s creation when the order was approved from one', async () => {
    const requester = await t.userWithRole('Demandeur')
    const request = await createRequest(t, requester.token, { assetId: asset })
    clock.advance(10 * MIN)
    const approved = await t.api.approveRequest({ params: { id: request.id }, body: { assigneeIds: [tech.id] } }, dispatcher.token)
    assert.equal(approved.status, 201, JSON.stringify(approved.body))
    const id = approved.body.id
    assert.equal((await detail(id)).callReceivedAt, request.createdAt)
    clock.advance(5 * MIN)
    const res = await tap(id, { arrivedAt: at(0) })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.arrivalDelayMinutes, 15)
    // An order raised directly: its call is its creation, which bounds the arrival.
    const early = await tap(await breakdown(), { arrivedAt: request.createdAt })
    assertField(early, 400, 'INVALID_BREAKDOWN_TIME', 'times.arrivedAt')
  })

  test('a release recorded with a move is bounded by the call, not by the order approved later', async () => {
    const requester = await t.userWithRole('Demandeur')
    const request = await createRequest(t, requester.token, { assetId: asset, personBlocked: true })
    clock.advance(20 * MIN)
    const approved = await t.api.approveRequest({ params: { id: request.id }, body: { assigneeIds: [tech.id] } }, dispatcher.token)
    assert.equal(approved.status, 201, JSON.stringify(approved.body))
    const move = (releasedAt: string) => t.api.transitionWorkOrder({ params: { id: approved.body.id }, body: { to: 'IN_PROGRESS', releasedAt } }, tech.token)
    // Freed by the firemen before the dispatcher approved the report.
    const early = await move(new Date(new Date(request.createdAt).getTime() - MIN).toISOString())
    assertError(early, 400, 'INVALID_RELEASE_TIME')
    assert.match((early.body as unknown as { error: { message: string } }).error.message, /précéder la réception de l’appel/)
    const freed = at(-10)
    const res = await move(freed)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.releasedAt, freed)
    assert.equal(res.body.releaseDelayMinutes, 10)
  })

  test('the same tap twice is a no-op; a different time over a recorded one is 409, the first kept', async () => {
    const id = await breakdown()
    clock.advance(MIN)
    const first = at(0)
    assert.equal((await tap(id, { arrivedAt: first })).status, 200)
    assert.equal((await tap(id, { arrivedAt: first })).status, 200)
    assertField(await tap(id, { arrivedAt: at(0 - 0.5) }), 409, 'BREAKDOWN_TIME_SET', 'times.arrivedAt')
    const d = await detail(id)
    assert.equal(d.arrivedAt, first)
    assert.equal(d.activity.filter((e: { kind: string }) => e.kind === 'TIMES_RECORDED').length, 1)
  })
})

describe('times out of order are refused, naming the field', () => {
  test('arrival before the call, in the future, departure before arrival or without one, release without a trapped person, a preventive order', async () => {
    const id = await breakdown()
    clock.advance(30 * MIN)
    assertField(await tap(id, { arrivedAt: at(-31) }), 400, 'INVALID_BREAKDOWN_TIME', 'times.arrivedAt')
    const future = await tap(id, { arrivedAt: at(6) })
    assertField(future, 400, 'INVALID_BREAKDOWN_TIME', 'times.arrivedAt')
    assert.match(future.body.error.message, /futur \(5 min de tolérance/)
    assert.equal((await tap(id, { arrivedAt: at(4) })).status, 200, 'within the clock skew')
    assertField(await tap(id, { leftAt: at(0) }), 400, 'INVALID_BREAKDOWN_TIME', 'times.leftAt')
    assertField(await tap(await breakdown(), { leftAt: at(0) }), 400, 'INVALID_BREAKDOWN_TIME', 'times.leftAt')
    assertField(await tap(id, { releasedAt: at(0) }), 400, 'INVALID_BREAKDOWN_TIME', 'times.releasedAt')
    assertField(await tap(await breakdown({ type: 'PREVENTIVE' }), { arrivedAt: at(0) }), 400, 'INVALID_BREAKDOWN_TIME', 'times')
    assert.equal((await detail(id)).leftAt, null, 'nothing written by a refused body')
  })

  test('unknown fields and malformed times: 400 naming the field', async () => {
    const id = await breakdown()
    const res = await tap(id, { arrivedAt: at(0), departedAt: at(0) })
    assertError(res, 400, 'VALIDATION_ERROR')
    assertError(await tap(id, { arrivedAt: '10:42' }), 400, 'VALIDATION_ERROR')
    assertError(await tap(id, {}), 400, 'VALIDATION_ERROR')
  })

  test('a closed order takes no first record', async () => {
    const id = await breakdown()
    await t.app.deps.database.db.update(workOrders).set({ status: 'CANCELLED', cancelReason: 'Doublon' }).where(eq(workOrders.id, id))
    assertError(await tap(id, { arrivedAt: at(0) }), 409, 'WORK_ORDER_CLOSED')
    assert.equal((await detail(id)).abilities.recordTimes, false)
  })
})

describe('corrections', () => {
  test('a dispatcher corrects, closed orders included; the log keeps the first value', async () => {
    const id = await breakdown()
    clock.advance(20 * MIN)
    const tapped = at(0)
    assert.equal((await tap(id, { arrivedAt: tapped })).status, 200)
    clock.advance(60 * MIN)
    assert.equal((await tap(id, { leftAt: at(0) })).status, 200)
    await t.app.deps.database.db.update(workOrders).set({ status: 'DONE', completedAt: clock.now() }).where(eq(workOrders.id, id))

    assertError(await tap(id, { arrivedAt: at(-70), correction: true }), 403, 'TIME_CORRECTION_FORBIDDEN')
    assert.equal((await detail(id)).abilities.correctTimes, true)
    // Moving the arrival after the departure is refused on the arrival.
    assertField(await tap(id, { arrivedAt: at(1), correction: true }, dispatcher), 400, 'INVALID_BREAKDOWN_TIME', 'times.arrivedAt')
    const res = await tap(id, { arrivedAt: at(-70), correction: true }, dispatcher)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.arrivedAt, at(-70))
    assert.equal(res.body.arrivalDelayMinutes, 10)
    const log = res.body.activity.filter((e: { kind: string }) => e.kind === 'TIMES_RECORDED' && (e as any).payload.times[0].field === 'arrivedAt')
    assert.deepEqual(log.map((e: any) => [e.actor.id, e.payload.times[0].from, e.payload.times[0].to]), [
      [tech.id, null, tapped],
      [dispatcher.id, tapped, at(-70)],
    ])
    await assertStoredFresh(id)
  })

  test('a time tapped by mistake is cleared by a correction only, the departure first; the log keeps what was cleared', async () => {
    const id = await breakdown()
    clock.advance(20 * MIN)
    const arrived = at(0)
    assert.equal((await tap(id, { arrivedAt: arrived })).status, 200)
    clock.advance(30 * MIN)
    const left = at(0)
    assert.equal((await tap(id, { leftAt: left })).status, 200)

    assertField(await tap(id, { leftAt: null }), 400, 'INVALID_BREAKDOWN_TIME', 'times.leftAt')
    assertError(await tap(id, { leftAt: null, correction: true }), 403, 'TIME_CORRECTION_FORBIDDEN')
    // The arrival stays while a departure is recorded after it.
    assertField(await tap(id, { arrivedAt: null, correction: true }, dispatcher), 400, 'INVALID_BREAKDOWN_TIME', 'times.arrivedAt')
    assert.equal((await detail(id)).arrivedAt, arrived)

    const res = await tap(id, { leftAt: null, arrivedAt: null, correction: true }, dispatcher)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual([res.body.arrivedAt, res.body.leftAt, res.body.arrivalDelayMinutes], [null, null, null])
    const last = res.body.activity.filter((e: { kind: string }) => e.kind === 'TIMES_RECORDED').at(-1)
    assert.deepEqual(last.payload.times, [
      { field: 'arrivedAt', from: arrived, to: null },
      { field: 'leftAt', from: left, to: null },
    ])
    // Cleared, the technician's next tap is a first record again.
    assert.equal((await tap(id, { arrivedAt: at(0) })).status, 200)
    await assertStoredFresh(id)
  })

  test('abilities: a technician records but does not correct; a reader does neither', async () => {
    const id = await breakdown()
    const mine = (await t.api.getWorkOrder({ params: { id } }, tech.token)).body as any
    assert.deepEqual([mine.abilities.recordTimes, mine.abilities.correctTimes], [true, false])
    const viewer = await t.userWithRole('Vue seule')
    const seen = (await t.api.getWorkOrder({ params: { id } }, viewer.token)).body as any
    assert.deepEqual([seen.abilities.recordTimes, seen.abilities.correctTimes], [false, false])
    assertError(await tap(id, { arrivedAt: at(0) }, viewer), 403)
    assert.equal((await tap(id, { arrivedAt: at(0) }, other)).status, 200, 'a Technicien sees and works on every order')
  })
})

describe('a release given with a move', () => {
  test('does not overwrite a recorded release unless the caller may correct', async () => {
    const id = await breakdown({ personBlocked: true })
    clock.advance(30 * MIN)
    assert.equal((await tap(id, { releasedAt: at(-5) })).status, 200)
    const move = (who: Who, to: string, releasedAt: string) => t.request('POST', `/work-orders/${id}/transition`, { token: who.token, body: { to, releasedAt } })
    assertField(await move(tech, 'ON_HOLD', at(0)), 409, 'BREAKDOWN_TIME_SET', 'releasedAt')
    assert.equal((await move(tech, 'ON_HOLD', at(-5))).status, 200, 'the same time again is no change')
    const corrected = await move(dispatcher, 'IN_PROGRESS', at(-1))
    assert.equal(corrected.status, 200, JSON.stringify(corrected.body))
    assert.equal(corrected.body.releasedAt, at(-1))
  })
})

describe('concurrent taps', () => {
  test('of two taps racing for the same first record, exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await breakdown({ personBlocked: true })
      clock.advance(MIN)
      const results = await Promise.all([tap(id, { releasedAt: at(-0.5) }, tech), tap(id, { releasedAt: at(0) }, limited)])
      const statuses = results.map((r) => r.status).sort()
      assert.deepEqual(statuses, [200, 409], JSON.stringify(results.map((r) => r.body)))
      const d = await detail(id)
      assert.equal(d.activity.filter((e: { kind: string }) => e.kind === 'TIMES_RECORDED').length, 1)
      assert.equal(d.releasedAt, results.find((r) => r.status === 200)!.body.releasedAt)
      await assertStoredFresh(id)
    }
  })
})
