// The request listing's rows are kept by the writers (migration 0015) and sent as stored:
// after every kind of write that changes what a row shows (the request handled, its order
// moved, its elevator renumbered or moved, its site renamed, a person renamed), the listed
// row reads the new value, and no stored row differs from one built afresh.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { assertError, createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { createRequest, insertAsset, reportFromPortal } from './requests.fixtures.ts'

let t: TestApp
let admin: { id: string; token: string }
let demandeur: { id: string; token: string }
let siteA: string, zoneA: string, siteB: string
let asset: { id: string; reference: string }

const listed = async (id: string) => {
  const all = ok(await t.api.listRequests({ query: { limit: 200 } }, admin.token)).requests
  const row = all.find((r: { id: string }) => r.id === id)
  assert.ok(row, 'the request is listed')
  return row
}
/** Stored rows that differ from the row built afresh from what they show (0 when fresh). */
async function staleRows(): Promise<number> {
  const { rows } = await t.app.deps.database.db.execute(sql`SELECT count(*)::int AS n FROM requests r WHERE r.list_row IS DISTINCT FROM json_stored(request_list_row(r))`) as unknown as { rows: { n: number }[] }
  return rows[0].n
}

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  demandeur = await t.userWithRole('Demandeur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur')
  siteA = await createLocation(t, admin.token, { name: 'Résidence des Tilleuls' })
  zoneA = await createLocation(t, admin.token, { name: 'Bâtiment B', parentId: siteA })
  siteB = await createLocation(t, admin.token, { name: 'Gare de l’Est' })
  asset = await insertAsset(t, { categoryId, locationId: zoneA, reference: 'TIL-B-01' })
})
after(() => t.close())

describe('listed requests kept by the writers', () => {
  test('approved, then its order moved: the row names the order and follows its status', async () => {
    const r = await createRequest(t, demandeur.token, { assetId: asset.id, description: 'Porte « bloquée »\nau 3ᵉ' })
    assert.equal((await listed(r.id)).description, 'Porte « bloquée »\nau 3ᵉ')
    const order = ok(await t.api.approveRequest({ params: { id: r.id }, body: {} }, admin.token))
    const approved = await listed(r.id)
    assert.equal(approved.status, 'APPROVED')
    assert.deepEqual(approved.workOrder, { id: order.id, reference: order.reference, status: 'OPEN' })
    assert.deepEqual(approved.handledBy, { id: admin.id, displayName: 'Test Administrateur' })
    ok(await t.api.transitionWorkOrder({ params: { id: order.id }, body: { to: 'CANCELLED', reason: 'Doublon' } }, admin.token))
    assert.equal((await listed(r.id)).workOrder?.status, 'CANCELLED')
    assert.equal(await staleRows(), 0)
  })

  test('rejected: status, reason, who and when', async () => {
    const r = await createRequest(t, demandeur.token, { assetId: asset.id })
    ok(await t.api.rejectRequest({ params: { id: r.id }, body: { reason: 'Déjà signalé' } }, admin.token))
    const row = await listed(r.id)
    assert.equal(row.status, 'REJECTED')
    assert.equal(row.rejectionReason, 'Déjà signalé')
    assert.ok(row.handledAt)
    assert.equal(await staleRows(), 0)
  })

  test('the elevator renumbered, then its zone moved to another site, then that site renamed', async () => {
    const r = await createRequest(t, demandeur.token, { assetId: asset.id })
    ok(await t.api.updateAsset({ params: { id: asset.id }, body: { reference: 'TIL-B-02' } }, admin.token))
    assert.deepEqual((await listed(r.id)).asset, { id: asset.id, reference: 'TIL-B-02', siteName: 'Résidence des Tilleuls' })
    ok(await t.api.updateLocation({ params: { id: zoneA }, body: { parentId: siteB } }, admin.token))
    assert.equal((await listed(r.id)).asset.siteName, 'Gare de l’Est')
    ok(await t.api.updateLocation({ params: { id: siteB }, body: { name: 'Gare du Nord' } }, admin.token))
    assert.equal((await listed(r.id)).asset.siteName, 'Gare du Nord')
    assert.equal(await staleRows(), 0)
  })

  test('the requester and the handler renamed; a portal report keeps its contact', async () => {
    const r = await createRequest(t, demandeur.token, { assetId: asset.id })
    ok(await t.api.rejectRequest({ params: { id: r.id }, body: { reason: 'Hors contrat' } }, admin.token))
    ok(await t.api.updateUser({ params: { id: demandeur.id }, body: { displayName: 'Mme Garnier' } }, admin.token))
    ok(await t.api.updateUser({ params: { id: admin.id }, body: { displayName: 'M. Roux' } }, admin.token))
    const row = await listed(r.id)
    assert.equal(row.requester.displayName, 'Mme Garnier')
    assert.deepEqual(row.handledBy, { id: admin.id, displayName: 'M. Roux' })
    const portal = await reportFromPortal(t, { reference: 'TIL-B-02', contactName: 'M. Lambert', contactPhone: '06 12 34 56 78' })
    const all = ok(await t.api.listRequests({ query: { source: 'PORTAL' } }, admin.token)).requests
    const reported = all.find((x: { reference: string }) => x.reference === portal.reference)
    assert.deepEqual(reported?.requester, { id: null, displayName: 'M. Lambert', contactPhone: '06 12 34 56 78' })
    assert.equal(await staleRows(), 0)
  })

  test('a stored row is the contract’s summary exactly, abilities added for the caller', async () => {
    const r = await createRequest(t, demandeur.token, { assetId: asset.id })
    const row = await listed(r.id)
    assert.deepEqual(row, { ...r, abilities: { approve: true, reject: true } })
    assertError(await t.api.listRequests({ query: { limit: 0 } }, admin.token), 400)
  })
})
