// The abilities a WorkOrderDetail carries, checked against the operations themselves: for every
// role that sees orders and a few states, each ability is true exactly when its operation
// goes through (2xx), and false exactly when it is refused for the caller or the order's state
// (403, 404 or 409). A client that trusts them never offers what the API refuses.
import assert from 'node:assert/strict'
import { eq } from 'drizzle-orm'
import { after, before, describe, test } from 'node:test'
import { workOrders } from './work-orders.tables.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { pdf, uploadDocument } from '../documents/documents.fixtures.ts'
import { stockedPart } from '../parts/parts.fixtures.ts'
import type { RoleName } from '../access/access.matrix.ts'
import { createWorkOrder, insertAsset, insertChecklist, insertLocation } from './work-orders.fixtures.ts'

type State = 'OPEN' | 'IN_PROGRESS' | 'DONE' | 'CANCELLED'
const STATES: State[] = ['OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED']
// Every role that may read orders; the first four may be assigned (WORK_ORDERS edit).
const ASSIGNABLE: RoleName[] = ['Administrateur', 'Dispatcher', 'Technicien', 'Technicien limité']
const READERS: RoleName[] = [...ASSIGNABLE, 'Gestionnaire', 'Vue seule']

let t: TestApp
let admin: { id: string; token: string }
let assetId: string
let partId: string
const outcomes = { allowed: 0, refused: 0 }

const today = () => new Date().toISOString().slice(0, 10)

/** An order created by the administrator, assigned to `user` when its role may be, in `state`. */
async function orderFor(user: { id: string }, role: RoleName, state: State) {
  const d = await createWorkOrder(t, admin.token, { assetId, description: 'Portes palières bruyantes', assigneeIds: ASSIGNABLE.includes(role) ? [user.id] : [] })
  await insertChecklist(t, d.id, [{ label: 'Contrôle des portes' }])
  await t.app.deps.database.db.update(workOrders).set({ status: state, ...(state === 'CANCELLED' ? { cancelReason: 'Doublon' } : {}) }).where(eq(workOrders.id, d.id))
  return d.id
}

async function abilitiesOf(id: string, token: string) {
  const res = await t.api.getWorkOrder({ params: { id } }, token)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body as Extract<typeof res.body, { abilities: unknown }>
}

function agrees(ability: boolean, res: { status: number; body: unknown }, what: string) {
  if (ability) {
    assert.ok(res.status >= 200 && res.status < 300, `${what}: offered, but the operation answered ${res.status} ${JSON.stringify(res.body)}`)
    outcomes.allowed++
  } else {
    assert.ok([403, 404, 409].includes(res.status), `${what}: not offered, but the operation answered ${res.status} ${JSON.stringify(res.body)}`)
    outcomes.refused++
  }
}

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  assetId = await insertAsset(t, await insertLocation(t, 'Résidence des Capucines'))
  partId = (await stockedPart(t, admin.token, 'Galet de porte', 1000, 1250)).id
})
after(() => t.close())

describe('each ability agrees with its operation', () => {
  for (const role of READERS) {
    for (const state of STATES) {
      test(`${role}, ${state}`, async () => {
        const me = await t.userWithRole(role)
        const id = await orderFor(me, role, state)
        const detail = await abilitiesOf(id, me.token)
        const may = detail.abilities
        const item = detail.checklist[0].id
        const label = (op: string) => `${role} ${state} ${op}`
        agrees(may.comment, await t.api.commentWorkOrder({ params: { id }, body: { body: 'Passage prévu demain.' } }, me.token), label('commentWorkOrder'))
        agrees(may.editChecklist, await t.api.patchChecklistItem({ params: { id, itemId: item }, body: { status: 'NA' } }, me.token), label('patchChecklistItem'))
        agrees(may.editReport, await t.api.upsertWorkOrderReport({ params: { id }, body: { notes: 'Galets changés.' } }, me.token), label('upsertWorkOrderReport'))
        agrees(may.assign, await t.api.setWorkOrderAssignees({ params: { id }, body: { assigneeIds: detail.assignees.map((a) => a.id) } }, me.token), label('setWorkOrderAssignees'))
        agrees(may.enterCosts, await t.api.consumePart({ params: { id }, body: { partId, quantity: 1 } }, me.token), label('consumePart'))
        agrees(may.enterCosts, await t.api.addLaborTime({ params: { id }, body: { userId: me.id, minutes: 30, workedOn: today() } }, me.token), label('addLaborTime (own)'))
        agrees(may.logTimeForOthers, await t.api.addLaborTime({ params: { id }, body: { userId: admin.id, minutes: 30, workedOn: today() } }, me.token), label('addLaborTime (other)'))
        agrees(may.manageDocuments, await uploadDocument(t, me.token, { workOrderId: id }, { bytes: pdf() }), label('uploadDocument'))
        // Breakdown times: a first record (one tap), then a correction of it.
        const arrival = new Date(Date.now() + 1000).toISOString()
        agrees(may.recordTimes, await t.api.upsertWorkOrderReport({ params: { id }, body: { times: { arrivedAt: new Date().toISOString() } } }, me.token), label('record times'))
        agrees(may.correctTimes, await t.api.upsertWorkOrderReport({ params: { id }, body: { times: { arrivedAt: arrival, correction: true } } }, me.token), label('correct times'))
        // Moves change the state: each on an order of its own.
        for (const to of ['ON_HOLD', 'CANCELLED'] as const) {
          const fresh = await orderFor(me, role, state)
          const moves = (await abilitiesOf(fresh, me.token)).allowedTransitions
          agrees(moves.includes(to), await t.api.transitionWorkOrder({ params: { id: fresh }, body: { to, reason: 'Essai' } }, me.token), label(`transition to ${to}`))
        }
      })
    }
  }

  test('both outcomes were met (the checks above were not vacuous)', () => {
    assert.ok(outcomes.allowed > 50 && outcomes.refused > 50, JSON.stringify(outcomes))
  })
})

describe('ownership', () => {
  test('a Technicien limité who unassigns itself sees the order in the answer, with nothing left to do on it', async () => {
    const me = await t.userWithRole('Technicien limité')
    const id = await orderFor(me, 'Technicien limité', 'IN_PROGRESS')
    const before = await abilitiesOf(id, me.token)
    assert.ok(before.abilities.comment && before.abilities.editReport && before.allowedTransitions.length > 0)
    assert.equal(before.abilities.logTimeForOthers, false, 'no view-other right: only its own time')
    const res = await t.api.setWorkOrderAssignees({ params: { id }, body: { assigneeIds: [] } }, me.token)
    assert.equal(res.status, 200)
    const after = res.body as typeof before
    assert.deepEqual(after.allowedTransitions, [])
    assert.ok(Object.values(after.abilities).every((v) => v === false), JSON.stringify(after.abilities))
    agrees(after.abilities.comment, await t.api.commentWorkOrder({ params: { id }, body: { body: 'Encore là ?' } }, me.token), 'comment after unassigning')
  })

  test('a Technicien limité works on an order it created (the store says so) without being assigned', async () => {
    const me = await t.userWithRole('Technicien limité')
    const d = await createWorkOrder(t, admin.token, { assetId, description: 'Créé pour lui' })
    await t.app.deps.database.db.update(workOrders).set({ createdBy: me.id }).where(eq(workOrders.id, d.id))
    const detail = await abilitiesOf(d.id, me.token)
    assert.equal(detail.abilities.comment, true)
    agrees(detail.abilities.editReport, await t.api.upsertWorkOrderReport({ params: { id: d.id }, body: { notes: 'Vu.' } }, me.token), 'report on its own order')
  })
})
