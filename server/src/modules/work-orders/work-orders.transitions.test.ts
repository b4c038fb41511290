// transitionWorkOrder: the whole state table (every allowed and every forbidden move), the
// closure guards, cancellation reasons, timestamps, the release of a trapped person, rights
// and scope.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { workOrderEvents, workOrders } from './work-orders.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertChecklist, insertLocation, insertReferenceValue } from './work-orders.fixtures.ts'

const STATES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'] as const
type State = (typeof STATES)[number]
// Written out by hand (DESIGN.md), not read from the code under test.
const ALLOWED: Record<State, State[]> = {
  OPEN: ['IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'DONE', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'DONE', 'CANCELLED'],
  DONE: [],
  CANCELLED: [],
}
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
const clock = new ManualClock(new Date('2025-04-01T07:00:00.000Z'))
let admin: { id: string; token: string }
let tech: { id: string; token: string }
let siteA: string, siteB: string, assetA: string, assetB: string
let symptom: string, cause: string, action: string

const db = () => t.app.deps.database.db
const move = (id: string, body: Record<string, unknown>, token = tech.token) => t.request('POST', `/work-orders/${id}/transition`, { token, body })
const statusOf = async (id: string) => (await db().select({ s: workOrders.status }).from(workOrders).where(eq(workOrders.id, id)))[0].s

/** An order assigned to the technician, with the report filled so that DONE may pass. */
async function order(opts: { ready?: boolean; personBlocked?: boolean; assetId?: string } = {}) {
  const d = await createWorkOrder(t, admin.token, { assetId: opts.assetId ?? assetA, description: 'Panne', assigneeIds: [tech.id], personBlocked: opts.personBlocked })
  if (opts.ready !== false) {
    await db().update(workOrders).set({ reportSymptomId: symptom, reportCauseId: cause, reportActionId: action }).where(eq(workOrders.id, d.id))
  }
  return d.id
}

/** Puts an order in `state` directly in the store, as a past transition would have left it. */
async function placeIn(id: string, state: State) {
  await db().update(workOrders).set({ status: state, ...(state === 'CANCELLED' ? { cancelReason: 'Doublon', cancelledAt: clock.now() } : {}) }).where(eq(workOrders.id, id))
}

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  siteA = await insertLocation(t, 'Résidence du Parc')
  siteB = await insertLocation(t, 'Clinique Saint-Jean')
  assetA = await insertAsset(t, siteA)
  assetB = await insertAsset(t, siteB)
  symptom = await insertReferenceValue(t, 'SYMPTOM', 'Cabine à l’arrêt')
  cause = await insertReferenceValue(t, 'CAUSE', 'Usure (essai)')
  action = await insertReferenceValue(t, 'ACTION', 'Remplacement (essai)')
})
after(() => t.close())

describe('the state table', () => {
  for (const from of STATES) {
    for (const to of STATES) {
      const allowed = ALLOWED[from].includes(to)
      test(`${from} → ${to}: ${allowed ? '200' : '409 TRANSITION_NOT_ALLOWED, unchanged'}`, async () => {
        const id = await order()
        await placeIn(id, from)
        const res = await move(id, { to, ...(to === 'CANCELLED' ? { reason: 'Client injoignable' } : {}) })
        if (allowed) {
          assert.equal(res.status, 200, JSON.stringify(res.body))
          assert.equal(res.body.status, to)
          assert.deepEqual(res.body.allowedTransitions, ALLOWED[to])
        } else {
          assertError(res, 409, 'TRANSITION_NOT_ALLOWED')
          assert.equal(await statusOf(id), from)
        }
      })
    }
  }

  test('allowedTransitions in the detail follows the table in every state', async () => {
    for (const state of STATES) {
      const id = await order()
      await placeIn(id, state)
      const res = await t.api.getWorkOrder({ params: { id } }, tech.token)
      assert.deepEqual(res.body.allowedTransitions, ALLOWED[state], state)
    }
  })
})

describe('effects of a move', () => {
  test('IN_PROGRESS sets startedAt once; DONE sets completedAt; each move logs STATUS_CHANGED with its actor', async () => {
    const id = await order()
    clock.advance(60_000)
    const started = clock.now().toISOString()
    const r1 = await move(id, { to: 'IN_PROGRESS' })
    assert.equal(r1.body.startedAt, started)
    assert.equal(r1.body.updatedAt, started)
    clock.advance(60_000)
    await move(id, { to: 'ON_HOLD', reason: '  Pièce commandée ' })
    clock.advance(60_000)
    const r3 = await move(id, { to: 'IN_PROGRESS' })
    assert.equal(r3.body.startedAt, started, 'the first start is kept')
    clock.advance(60_000)
    const r4 = await move(id, { to: 'DONE' })
    assert.equal(r4.status, 200, JSON.stringify(r4.body))
    assert.equal(r4.body.completedAt, clock.now().toISOString())
    assert.deepEqual(r4.body.allowedTransitions, [])
    assert.deepEqual(r4.body.closureBlockers, [])
    assert.equal(r4.body.releasedAt, null, 'no trapped person, no release time')
    const moves = r4.body.activity.filter((e: any) => e.kind === 'STATUS_CHANGED')
    assert.deepEqual(moves.map((e: any) => e.payload), [
      { from: 'OPEN', to: 'IN_PROGRESS' },
      { from: 'IN_PROGRESS', to: 'ON_HOLD', reason: 'Pièce commandée' },
      { from: 'ON_HOLD', to: 'IN_PROGRESS' },
      { from: 'IN_PROGRESS', to: 'DONE' },
    ])
    assert.ok(moves.every((e: any) => e.actor.id === tech.id))
    const ats = r4.body.activity.map((e: any) => e.at)
    assert.deepEqual(ats, [...ats].sort(), 'chronological')
  })

  test('CANCELLED needs a reason (400 REASON_REQUIRED, unchanged); the reason is shown on the order', async () => {
    const id = await order()
    const res = await move(id, { to: 'CANCELLED' })
    assertError(res, 400, 'REASON_REQUIRED')
    assert.deepEqual(res.body.error.details, [{ field: 'reason', message: 'motif obligatoire pour annuler' }])
    assertError(await move(id, { to: 'CANCELLED', reason: '   ' }), 400, 'VALIDATION_ERROR')
    assert.equal(await statusOf(id), 'OPEN')
    const ok = await move(id, { to: 'CANCELLED', reason: 'Appel en double' })
    assert.equal(ok.status, 200)
    assert.equal(ok.body.cancelReason, 'Appel en double')
    assert.equal(ok.body.cancelledAt, clock.now().toISOString())
    assert.deepEqual(ok.body.closureBlockers, [])
    assert.deepEqual(ok.body.activity.at(-1).payload, { from: 'OPEN', to: 'CANCELLED', reason: 'Appel en double' })
  })

  test('a trapped person: releasedAt from the move, else the completion time at DONE', async () => {
    const id = await order({ personBlocked: true })
    clock.advance(10 * 60_000)
    const freed = new Date(clock.now().getTime() - 5 * 60_000).toISOString()
    const r = await move(id, { to: 'IN_PROGRESS', releasedAt: freed })
    assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(r.body.releasedAt, freed)
    assert.deepEqual(r.body.activity.at(-1).payload, { from: 'OPEN', to: 'IN_PROGRESS', releasedAt: freed })
    clock.advance(3_600_000)
    assert.equal((await move(id, { to: 'DONE' })).body.releasedAt, freed, 'kept at closure')

    const other = await order({ personBlocked: true })
    clock.advance(60_000)
    const done = await move(other, { to: 'DONE' })
    assert.equal(done.body.releasedAt, clock.now().toISOString())
  })

  test('400 INVALID_RELEASE_TIME: not a trapped-person order, in the future, before the order', async () => {
    const plain = await order()
    assertError(await move(plain, { to: 'IN_PROGRESS', releasedAt: clock.now().toISOString() }), 400, 'INVALID_RELEASE_TIME')
    const blocked = await order({ personBlocked: true })
    assertError(await move(blocked, { to: 'IN_PROGRESS', releasedAt: new Date(clock.now().getTime() + 3_600_000).toISOString() }), 400, 'INVALID_RELEASE_TIME')
    assertError(await move(blocked, { to: 'IN_PROGRESS', releasedAt: '2020-01-01T00:00:00Z' }), 400, 'INVALID_RELEASE_TIME')
    assert.equal(await statusOf(blocked), 'OPEN')
  })
})

describe('closure guards', () => {
  test('DONE without Constat, Cause and Action, with items to do: 409 CLOSURE_BLOCKED, blockers in details, nothing written', async () => {
    const id = await order({ ready: false })
    await insertChecklist(t, id, [{ label: 'Essai parachute' }, { label: 'Graissage', status: 'DONE' }, { label: 'Câbles', status: 'TODO' }])
    const events = await db().$count(workOrderEvents, eq(workOrderEvents.workOrderId, id))
    const res = await move(id, { to: 'DONE' })
    assertError(res, 409, 'CLOSURE_BLOCKED')
    assert.deepEqual(res.body.error.details, [
      { field: 'report.symptomId', message: 'Le constat du rapport d’intervention n’est pas renseigné.' },
      { field: 'report.causeId', message: 'La cause du rapport d’intervention n’est pas renseignée.' },
      { field: 'report.actionId', message: 'L’action du rapport d’intervention n’est pas renseignée.' },
      { field: 'checklist', message: '2 tâches de la liste de contrôle restent à faire.' },
    ])
    assert.equal(await statusOf(id), 'OPEN')
    assert.equal(await db().$count(workOrderEvents, eq(workOrderEvents.workOrderId, id)), events)
    const d = await t.api.getWorkOrder({ params: { id } }, tech.token)
    assert.deepEqual(d.body.closureBlockers, res.body.error.details.map((b: any) => b.message))
    assert.ok(d.body.allowedTransitions.includes('DONE'), 'DONE stays listed; closureBlockers says why it would fail')
  })

  test('each guard alone blocks: one report field missing, or one item to do', async () => {
    for (const missing of ['reportSymptomId', 'reportCauseId', 'reportActionId'] as const) {
      const id = await order()
      await db().update(workOrders).set({ [missing]: null }).where(eq(workOrders.id, id))
      const res = await move(id, { to: 'DONE' })
      assertError(res, 409, 'CLOSURE_BLOCKED')
      assert.equal(res.body.error.details.length, 1, missing)
    }
    const id = await order()
    await insertChecklist(t, id, [{ label: 'Essai', status: 'NA' }, { label: 'Éclairage' }])
    const res = await move(id, { to: 'DONE' })
    assert.deepEqual(res.body.error.details, [{ field: 'checklist', message: 'Une tâche de la liste de contrôle reste à faire.' }])
  })

  test('the optional fields (Organe, Résultat, Circonstance) and N-A items do not block', async () => {
    const id = await order()
    await insertChecklist(t, id, [{ label: 'Essai', status: 'NA' }, { label: 'Éclairage', status: 'DONE' }])
    assert.equal((await move(id, { to: 'DONE' })).status, 200)
  })
})

describe('input, rights and scope', () => {
  test('400 for a bad or unknown field', async () => {
    const id = await order()
    for (const body of [{}, { to: 'CLOSED' }, { to: 'DONE', extra: 1 }, { to: 'CANCELLED', reason: 'x'.repeat(1001) }, { to: 'IN_PROGRESS', releasedAt: 'hier' }]) {
      assertError(await move(id, body), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('POST', '/work-orders/nope/transition', { token: tech.token, body: { to: 'DONE' } }), 400, 'VALIDATION_ERROR')
  })

  test('401 without a token; 403 for roles without WORK_ORDERS edit', async () => {
    const id = await order()
    assertError(await move(id, { to: 'IN_PROGRESS' }, null as never), 401)
    for (const role of ['Gestionnaire', 'Demandeur', 'Vue seule'] as const) assertError(await move(id, { to: 'IN_PROGRESS' }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    assert.equal(await statusOf(id), 'OPEN')
  })

  test('404 for a missing order, an order not its own (Technicien limité), an order outside its sites', async () => {
    assertError(await move(MISSING, { to: 'IN_PROGRESS' }), 404, 'NOT_FOUND')
    const limited = await t.userWithRole('Technicien limité')
    const notMine = await order()
    assertError(await move(notMine, { to: 'IN_PROGRESS' }, limited.token), 404, 'NOT_FOUND')
    const mine = await createWorkOrder(t, admin.token, { assetId: assetA, description: 'x', assigneeIds: [limited.id] })
    assert.equal((await move(mine.id, { to: 'IN_PROGRESS' }, limited.token)).status, 200, 'its own order: allowed')
    const onSiteB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await move(notMine, { to: 'IN_PROGRESS' }, onSiteB.token), 404, 'NOT_FOUND')
    const onB = await order({ assetId: assetB })
    assert.equal((await move(onB, { to: 'IN_PROGRESS' }, onSiteB.token)).status, 200)
    assert.equal(await statusOf(notMine), 'OPEN')
  })

  test('concurrent moves of one order: one wins, the other sees the new state', async () => {
    const id = await order()
    const [a, b] = await Promise.all([move(id, { to: 'DONE' }), move(id, { to: 'CANCELLED', reason: 'Doublon' })])
    const statuses = [a.status, b.status].sort()
    assert.deepEqual(statuses, [200, 409])
    const events = await db().select({ payload: workOrderEvents.payload }).from(workOrderEvents).where(eq(workOrderEvents.workOrderId, id))
    assert.equal(events.filter((e: any) => e.payload.to).length, 1, 'one STATUS_CHANGED only')
  })
})
