// The abilities each RequestSummary carries, checked against approveRequest and rejectRequest
// themselves: for every role, on pending and handled requests, an ability is true exactly when
// its operation goes through, and false exactly when it is refused (403, 404 or 409).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { ROLE_NAMES, type RoleName } from '../access/access.matrix.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { createRequest, insertAsset } from './requests.fixtures.ts'

// Roles that may create requests make their own (without view-other they see only those).
const CREATORS: RoleName[] = ['Administrateur', 'Dispatcher', 'Technicien', 'Technicien limité', 'Demandeur']

let t: TestApp
let admin: { id: string; token: string }
let categoryId: string
let siteId: string

function agrees(ability: boolean, res: { status: number; body: unknown }, what: string) {
  if (ability) assert.ok(res.status >= 200 && res.status < 300, `${what}: offered, but the operation answered ${res.status} ${JSON.stringify(res.body)}`)
  else assert.ok([403, 404, 409].includes(res.status), `${what}: not offered, but the operation answered ${res.status} ${JSON.stringify(res.body)}`)
}

/** Two pending requests and a rejected one on a fresh elevator, as `role` sees them in its list. */
async function requestsSeenBy(role: RoleName, me: { token: string }) {
  const asset = await insertAsset(t, { categoryId, locationId: siteId })
  const author = CREATORS.includes(role) ? me.token : admin.token
  const [toApprove, toReject, handled] = [
    await createRequest(t, author, { assetId: asset.id }),
    await createRequest(t, author, { assetId: asset.id }),
    await createRequest(t, author, { assetId: asset.id }),
  ]
  ok(await t.api.rejectRequest({ params: { id: handled.id }, body: { reason: 'Doublon' } }, admin.token))
  const seen = new Map(ok(await t.api.listRequests({ query: { assetId: asset.id } }, me.token)).requests.map((r) => [r.id, r]))
  return { toApprove: seen.get(toApprove.id)!, toReject: seen.get(toReject.id)!, handled: seen.get(handled.id)! }
}

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteId = await createLocation(t, admin.token, { name: 'Résidence du Lac' })
})
after(() => t.close())

describe('each ability agrees with its operation', () => {
  for (const role of ROLE_NAMES) {
    test(role, async () => {
      const me = await t.userWithRole(role)
      const { toApprove, toReject, handled } = await requestsSeenBy(role, me)
      agrees(toApprove.abilities.approve, await t.api.approveRequest({ params: { id: toApprove.id }, body: {} }, me.token), `${role} approve pending`)
      agrees(toReject.abilities.reject, await t.api.rejectRequest({ params: { id: toReject.id }, body: { reason: 'Réglé' } }, me.token), `${role} reject pending`)
      assert.deepEqual(handled.abilities, { approve: false, reject: false })
      agrees(false, await t.api.approveRequest({ params: { id: handled.id }, body: {} }, me.token), `${role} approve handled`)
      agrees(false, await t.api.rejectRequest({ params: { id: handled.id }, body: { reason: 'Réglé' } }, me.token), `${role} reject handled`)
      // Written out by hand: the default matrix lets the Administrateur and the Dispatcher handle requests.
      const handles = role === 'Administrateur' || role === 'Dispatcher'
      assert.deepEqual(toApprove.abilities, { approve: handles, reject: handles }, role)
    })
  }

  test('approving also needs WORK_ORDERS create: without it, reject only (approve answers 403)', async () => {
    const db = t.app.deps.database.db
    const role = await roleByName(db, 'Dispatcher')
    const me = await t.userWithRole('Dispatcher')
    const grant = async (canCreate: boolean) => {
      await setPermission(db, role.id, { objectCategory: 'WORK_ORDERS', canView: true, canViewOther: true, canCreate, canEdit: true, canDelete: true })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    await grant(false)
    try {
      const { toApprove, toReject } = await requestsSeenBy('Dispatcher', me)
      assert.deepEqual(toApprove.abilities, { approve: false, reject: true })
      agrees(false, await t.api.approveRequest({ params: { id: toApprove.id }, body: {} }, me.token), 'approve without WORK_ORDERS create')
      agrees(true, await t.api.rejectRequest({ params: { id: toReject.id }, body: { reason: 'Réglé' } }, me.token), 'reject without WORK_ORDERS create')
    } finally {
      await grant(true)
    }
  })
})
