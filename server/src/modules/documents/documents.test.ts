// The five document operations on the filesystem storage: fields, type recognition, limits,
// rights and scope by target (elevator or work order). S3, the 20 MB limit and the memory of
// an upload are in documents.files.test.ts.
import assert from 'node:assert/strict'
import { mkdtemp, readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { workOrders } from '../work-orders/work-orders.tables.ts'
import { fsStorage } from '../../platform/storage.ts'
import { assertError, exactlyOneWins, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createWorkOrder, insertAsset, insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { downloadDocument, jpeg, pdf, png, sha256, uploadDocument } from './documents.fixtures.ts'

const FIELDS = ['assetId', 'contentType', 'createdAt', 'fileName', 'id', 'inCorpus', 'kind', 'sha256', 'sizeBytes', 'uploadedBy', 'workOrderId']
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
let admin: { id: string; token: string }, dispatcher: { id: string; token: string }, tech: { id: string; token: string }
let siteA: string, siteB: string, assetA: string, assetB: string, orderA: string, orderB: string

const storedFiles = async () => (await readdir(path.join(t.app.deps.config.dataDir, 'files', 'documents')).catch(() => [])).length

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  dispatcher = await t.userWithRole('Dispatcher')
  tech = await t.userWithRole('Technicien')
  siteA = await insertLocation(t, 'Résidence Les Tilleuls')
  const zoneA = await insertLocation(t, 'Bâtiment B', siteA)
  siteB = await insertLocation(t, 'Tour Horizon')
  assetA = await insertAsset(t, zoneA)
  assetB = await insertAsset(t, siteB)
  orderA = (await createWorkOrder(t, dispatcher.token, { assetId: assetA, description: 'Porte palière' })).id
  orderB = (await createWorkOrder(t, dispatcher.token, { assetId: assetB, description: 'Bouton cabine' })).id
})
after(() => t.close())

describe('uploadDocument and downloadDocument', () => {
  test('201 with the exact fields; the download is the same bytes, as an attachment with the original name', async () => {
    const bytes = pdf(50_000)
    const res = await uploadDocument(t, dispatcher.token, { kind: 'MANUAL', assetId: assetA }, { bytes, name: 'Notice Schindler 3300 é.pdf', type: 'text/plain' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    const d = res.body
    assert.deepEqual(Object.keys(d).sort(), FIELDS)
    assert.deepEqual({ ...d, id: undefined, createdAt: undefined }, {
      id: undefined, createdAt: undefined, assetId: assetA, workOrderId: null, kind: 'MANUAL', fileName: 'Notice Schindler 3300 é.pdf',
      contentType: 'application/pdf', sizeBytes: 50_000, sha256: sha256(bytes), inCorpus: true,
      uploadedBy: { id: dispatcher.id, displayName: 'Test Dispatcher' },
    })
    assert.ok(!Number.isNaN(Date.parse(d.createdAt)))
    const down = await downloadDocument(t, tech.token, d.id)
    assert.equal(down.status, 200)
    assert.equal(down.headers['content-type'], 'application/pdf')
    assert.equal(down.headers['content-length'], '50000')
    assert.equal(down.headers['content-disposition'], `attachment; filename="Notice Schindler 3300 _.pdf"; filename*=UTF-8''${encodeURIComponent('Notice Schindler 3300 é.pdf')}`)
    assert.equal(sha256(down.bytes), sha256(bytes))
  })

  test('PNG and JPEG are recognised by their first bytes; the corpus flag follows the kind unless the upload says', async () => {
    const photo = await uploadDocument(t, tech.token, { kind: 'PHOTO', workOrderId: orderA }, { bytes: png(), name: 'photo.pdf', type: 'application/pdf' })
    assert.equal(photo.status, 201, JSON.stringify(photo.body))
    assert.deepEqual([photo.body.contentType, photo.body.inCorpus, photo.body.workOrderId, photo.body.assetId], ['image/png', false, orderA, null])
    const scan = await uploadDocument(t, tech.token, { kind: 'REPORT', workOrderId: orderA, inCorpus: 'true' }, { bytes: jpeg(), name: 'rapport.jpg' })
    assert.deepEqual([scan.status, scan.body.contentType, scan.body.inCorpus], [201, 'image/jpeg', true])
    const diagram = await uploadDocument(t, dispatcher.token, { kind: 'WIRING_DIAGRAM', assetId: assetA, inCorpus: 'false' }, { bytes: pdf() })
    assert.deepEqual([diagram.status, diagram.body.inCorpus], [201, false])
    const other = await uploadDocument(t, dispatcher.token, { assetId: assetA }, { bytes: pdf() })
    assert.deepEqual([other.status, other.body.kind, other.body.inCorpus], [201, 'OTHER', false])
    const wiring = await uploadDocument(t, dispatcher.token, { kind: 'WIRING_DIAGRAM', assetId: assetA }, { bytes: pdf() })
    assert.equal(wiring.body.inCorpus, true)
  })

  test('400 DOCUMENT_TYPE_REFUSED for a renamed text file, an empty file or a truncated signature; nothing stored', async () => {
    const before = await storedFiles()
    for (const bytes of [Buffer.from('Ceci est un simple texte, pas un PDF.\n'), Buffer.alloc(0), Buffer.from('%PD'), Buffer.from('GIF89a......')]) {
      const res = await uploadDocument(t, dispatcher.token, { kind: 'MANUAL', assetId: assetA }, { bytes, name: 'notice.pdf', type: 'application/pdf' })
      assertError(res, 400, 'DOCUMENT_TYPE_REFUSED')
    }
    assert.equal(await storedFiles(), before)
  })

  test('400 without a file, without a target or with both, with an unknown field, a bad kind or a bad file name', async () => {
    const noFile = await uploadDocument(t, dispatcher.token, { kind: 'MANUAL', assetId: assetA })
    assertError(noFile, 400, 'VALIDATION_ERROR')
    assert.equal(noFile.body.error.details[0].field, 'file')
    assertError(await uploadDocument(t, dispatcher.token, { kind: 'MANUAL' }, { bytes: pdf() }), 400, 'ATTACHMENT_REQUIRED')
    assertError(await uploadDocument(t, dispatcher.token, { assetId: assetA, workOrderId: orderA }, { bytes: pdf() }), 400, 'ATTACHMENT_REQUIRED')
    const unknown = await uploadDocument(t, dispatcher.token, { assetId: assetA, colour: 'bleu' }, { bytes: pdf() })
    assertError(unknown, 400, 'VALIDATION_ERROR')
    assert.equal(unknown.body.error.details[0].field, 'colour')
    assertError(await uploadDocument(t, dispatcher.token, { assetId: assetA, kind: 'VIDEO' }, { bytes: pdf() }), 400, 'VALIDATION_ERROR')
    assertError(await uploadDocument(t, dispatcher.token, { assetId: 'ASC-1' }, { bytes: pdf() }), 400, 'VALIDATION_ERROR')
    assertError(await uploadDocument(t, dispatcher.token, { assetId: assetA, inCorpus: 'oui' }, { bytes: pdf() }), 400, 'VALIDATION_ERROR')
    for (const hostile of [{ assetId: assetA, kind: 'MANUAL\u0000' }, { assetId: `${assetA}\u0001` }, { assetId: assetA, kind: 'x'.repeat(20_000) }] as Record<string, string>[]) {
      assertError(await uploadDocument(t, dispatcher.token, hostile, { bytes: pdf() }), 400, 'VALIDATION_ERROR')
    }
    const badName = await uploadDocument(t, dispatcher.token, { assetId: assetA }, { bytes: pdf(), name: 'plan\u0001.pdf' })
    assertError(badName, 400, 'VALIDATION_ERROR')
    assert.equal(badName.body.error.details[0].field, 'file')
    // A JSON body is not an upload.
    assertError(await t.request('POST', '/documents', { token: dispatcher.token, body: { assetId: assetA } }), 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  test('a path in the file name is reduced to the base name', async () => {
    const res = await uploadDocument(t, dispatcher.token, { assetId: assetA }, { bytes: pdf(), name: '../../etc/plan.pdf' })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(res.body.fileName, 'plan.pdf')
  })
})

describe('rights and scope', () => {
  let docA: string, docB: string, orderDocA: string, orderDocB: string
  before(async () => {
    docA = (await uploadDocument(t, admin.token, { kind: 'MANUAL', assetId: assetA }, { bytes: pdf() })).body.id
    docB = (await uploadDocument(t, admin.token, { kind: 'MANUAL', assetId: assetB }, { bytes: pdf() })).body.id
    orderDocA = (await uploadDocument(t, admin.token, { kind: 'PHOTO', workOrderId: orderA }, { bytes: png() })).body.id
    orderDocB = (await uploadDocument(t, admin.token, { kind: 'PHOTO', workOrderId: orderB }, { bytes: png() })).body.id
  })

  test('401 without a token on the five operations', async () => {
    assertError(await t.request('GET', '/documents'), 401)
    assertError(await uploadDocument(t, null, { assetId: assetA }, { bytes: pdf() }), 401)
    assertError(await t.request('GET', `/documents/${docA}/download`), 401)
    assertError(await t.request('PATCH', `/documents/${docA}/corpus`, { body: { inCorpus: false } }), 401)
    assertError(await t.request('DELETE', `/documents/${docA}`), 401)
  })

  test('403 for a role without the edit right on the target; the route refuses a role with it nowhere', async () => {
    // Technicien: WORK_ORDERS edit, ASSETS view only.
    assertError(await uploadDocument(t, tech.token, { assetId: assetA }, { bytes: pdf() }), 403, 'FORBIDDEN')
    assertError(await t.request('PATCH', `/documents/${docA}/corpus`, { token: tech.token, body: { inCorpus: false } }), 403, 'FORBIDDEN')
    assertError(await t.request('DELETE', `/documents/${docA}`, { token: tech.token }), 403, 'FORBIDDEN')
    // Gestionnaire and Vue seule: edit in neither category.
    for (const role of ['Gestionnaire', 'Vue seule', 'Demandeur'] as const) {
      const token = await t.tokenFor(role)
      assertError(await uploadDocument(t, token, { workOrderId: orderA }, { bytes: pdf() }), 403, 'FORBIDDEN')
      assertError(await t.request('DELETE', `/documents/${orderDocA}`, { token }), 403, 'FORBIDDEN')
    }
    assert.equal((await downloadDocument(t, await t.tokenFor('Vue seule'), orderDocA)).status, 200)
  })

  test('404 for a missing document or target, and for one outside the caller\'s sites', async () => {
    assertError(await uploadDocument(t, dispatcher.token, { assetId: MISSING }, { bytes: pdf() }), 404)
    assertError(await uploadDocument(t, dispatcher.token, { workOrderId: MISSING }, { bytes: pdf() }), 404)
    assert.equal((await downloadDocument(t, dispatcher.token, MISSING)).status, 404)
    const restricted = await t.userWithRole('Dispatcher', { siteIds: [siteB] })
    assertError(await uploadDocument(t, restricted.token, { assetId: assetA }, { bytes: pdf() }), 404)
    assertError(await uploadDocument(t, restricted.token, { workOrderId: orderA }, { bytes: pdf() }), 404)
    for (const id of [docA, orderDocA]) {
      assert.equal((await downloadDocument(t, restricted.token, id)).status, 404)
      assertError(await t.request('PATCH', `/documents/${id}/corpus`, { token: restricted.token, body: { inCorpus: false } }), 404)
      assertError(await t.request('DELETE', `/documents/${id}`, { token: restricted.token }), 404)
    }
    const ids = (await t.api.listDocuments({}, restricted.token)).body.documents.map((d) => d.id)
    assert.ok(ids.includes(docB) && ids.includes(orderDocB))
    assert.ok(!ids.includes(docA) && !ids.includes(orderDocA))
    assert.deepEqual((await t.api.listDocuments({ query: { assetId: assetA } }, restricted.token)).body.documents, [])
  })

  test('a Demandeur sees the documents of its sites\' elevators, never those of orders nor of other sites', async () => {
    const requester = await t.userWithRole('Demandeur', { siteIds: [siteB] })
    const ids = (await t.api.listDocuments({}, requester.token)).body.documents.map((d) => d.id)
    assert.ok(ids.includes(docB))
    assert.ok(!ids.includes(docA) && !ids.includes(orderDocA) && !ids.includes(orderDocB))
    assert.equal((await downloadDocument(t, requester.token, docB)).status, 200)
    for (const id of [docA, orderDocB]) assert.equal((await downloadDocument(t, requester.token, id)).status, 404)
  })

  test('a Technicien limité sees the documents of its own orders only, and may attach to them', async () => {
    const limited = await t.userWithRole('Technicien limité')
    const own = (await createWorkOrder(t, dispatcher.token, { assetId: assetB, description: 'Éclairage', assigneeIds: [limited.id] })).id
    const mine = await uploadDocument(t, limited.token, { kind: 'PHOTO', workOrderId: own }, { bytes: jpeg() })
    assert.equal(mine.status, 201, JSON.stringify(mine.body))
    assertError(await uploadDocument(t, limited.token, { workOrderId: orderB }, { bytes: jpeg() }), 404)
    const orderIds = (await t.api.listDocuments({}, limited.token)).body.documents.filter((d) => d.workOrderId).map((d) => d.id)
    assert.deepEqual(orderIds, [mine.body.id])
    assert.equal((await downloadDocument(t, limited.token, orderDocB)).status, 404)
    assert.equal((await t.request('DELETE', `/documents/${mine.body.id}`, { token: limited.token })).status, 204)
  })
})

describe('listDocuments, updateDocumentCorpus, deleteDocument', () => {
  test('filters by asset, order and kind, most recent first, paginated with a Link header', async () => {
    const asset = await insertAsset(t, siteB)
    const ids: string[] = []
    for (const kind of ['MANUAL', 'PHOTO', 'MANUAL', 'CERTIFICATE', 'MANUAL']) {
      ids.push((await uploadDocument(t, dispatcher.token, { kind, assetId: asset }, { bytes: kind === 'PHOTO' ? png() : pdf() })).body.id)
    }
    const all = await t.api.listDocuments({ query: { assetId: asset } }, tech.token)
    assert.deepEqual(all.body.documents.map((d) => d.id), [...ids].reverse())
    const manuals = await t.api.listDocuments({ query: { assetId: asset, kind: 'MANUAL', limit: 2 } }, tech.token)
    assert.deepEqual(manuals.body.documents.map((d) => d.id), [ids[4], ids[2]])
    const next = nextPage(manuals.headers)!
    const rest = await t.request('GET', next.url, { token: tech.token })
    assert.deepEqual(rest.body.documents.map((d: { id: string }) => d.id), [ids[0]])
    assert.equal(nextPage(rest.headers), null)
    const onOrder = await t.api.listDocuments({ query: { workOrderId: orderA } }, tech.token)
    assert.ok(onOrder.body.documents.length > 0 && onOrder.body.documents.every((d) => d.workOrderId === orderA))
    assertError(await t.request('GET', '/documents?kind=VIDEO', { token: tech.token }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/documents?cursor=abc', { token: tech.token }), 400, 'VALIDATION_ERROR')
  })

  test('the corpus flag goes off and back on', async () => {
    const id = (await uploadDocument(t, dispatcher.token, { kind: 'MANUAL', assetId: assetA }, { bytes: pdf() })).body.id
    const off = await t.api.updateDocumentCorpus({ params: { id }, body: { inCorpus: false } }, dispatcher.token)
    assert.equal(off.status, 200)
    assert.equal(off.body.inCorpus, false)
    const on = await t.api.updateDocumentCorpus({ params: { id }, body: { inCorpus: true } }, dispatcher.token)
    assert.deepEqual(Object.keys(on.body).sort(), FIELDS)
    assert.equal(on.body.inCorpus, true)
    const listed = (await t.api.listDocuments({ query: { assetId: assetA } }, dispatcher.token)).body.documents.find((d) => d.id === id)
    assert.equal(listed?.inCorpus, true)
    assertError(await t.request('PATCH', `/documents/${id}/corpus`, { token: dispatcher.token, body: { inCorpus: 'non' } }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('PATCH', `/documents/${MISSING}/corpus`, { token: dispatcher.token, body: { inCorpus: true } }), 404)
  })

  test('delete answers 204 and removes the stored file; the document is gone', async () => {
    const before = await storedFiles()
    const id = (await uploadDocument(t, tech.token, { kind: 'PHOTO', workOrderId: orderA }, { bytes: png() })).body.id
    assert.equal(await storedFiles(), before + 1)
    assert.equal((await t.request('DELETE', `/documents/${id}`, { token: tech.token })).status, 204)
    assert.equal(await storedFiles(), before)
    assert.equal((await downloadDocument(t, tech.token, id)).status, 404)
    assertError(await t.request('DELETE', `/documents/${id}`, { token: tech.token }), 404)
  })

  test('ten simultaneous deletions of one document: one 204, the others 404, the file removed once', async () => {
    const before = await storedFiles()
    const id = (await uploadDocument(t, dispatcher.token, { kind: 'PHOTO', assetId: assetB }, { bytes: jpeg() })).body.id
    await exactlyOneWins(10, () => t.request('DELETE', `/documents/${id}`, { token: dispatcher.token }), { winStatus: 204, loseStatus: 404, loseCode: 'NOT_FOUND' })
    assert.equal(await storedFiles(), before)
  })
})

describe('closed orders and storage failures', () => {
  test('a closed or cancelled order still takes documents (only its costs are locked), and they can be deleted', async () => {
    for (const status of ['DONE', 'CANCELLED'] as const) {
      const order = (await createWorkOrder(t, dispatcher.token, { assetId: assetA, description: `Rapport après clôture ${status}` })).id
      await t.app.deps.database.db.update(workOrders).set(status === 'DONE' ? { status, completedAt: new Date() } : { status, cancelledAt: new Date(), cancelReason: 'Doublon' }).where(eq(workOrders.id, order))
      const res = await uploadDocument(t, tech.token, { kind: 'REPORT', workOrderId: order }, { bytes: pdf(), name: 'rapport.pdf' })
      assert.equal(res.status, 201, `${status}: ${JSON.stringify(res.body)}`)
      assert.equal(res.body.workOrderId, order)
      assert.equal((await t.request('DELETE', `/documents/${res.body.id}`, { token: tech.token })).status, 204)
    }
  })

  test('a failing file removal is tried again; still failing, the answer is 204, the file left is logged without secrets and removed by the next background pass', async () => {
    const files = fsStorage(await mkdtemp(path.join(os.tmpdir(), 'palier-docs-')))
    let failures = 0
    const storage = { ...files, async delete(key: string) {
      if (failures > 0) { failures--; throw new Error('storage unavailable') }
      return files.delete(key)
    } }
    let log = ''
    const logStream = new Writable({ write(chunk, _enc, done) { log += String(chunk); done() } })
    const other = await startTestApp({ env: { LOG_LEVEL: 'warn' }, build: { storage, logStream } })
    try {
      const user = await other.userWithRole('Dispatcher')
      const asset = await insertAsset(other, await insertLocation(other, 'Résidence des Lilas'))
      const upload = async () => (await uploadDocument(other, user.token, { kind: 'PHOTO', assetId: asset }, { bytes: png() })).body.id as string
      const stored = (id: string) => files.get(`documents/${id}`).then((s) => { s.destroy(); return true }, () => false)

      const retried = await upload()
      failures = 2
      assert.equal((await other.request('DELETE', `/documents/${retried}`, { token: user.token })).status, 204)
      assert.equal(await stored(retried), false, 'removed at the third attempt')
      assert.equal(log, '')

      const left = await upload()
      failures = 3
      assert.equal((await other.request('DELETE', `/documents/${left}`, { token: user.token })).status, 204)
      assert.equal((await downloadDocument(other, user.token, left)).status, 404)
      assert.equal(await stored(left), true)
      const lines = log.trim().split('\n').map((l) => JSON.parse(l))
      const warning = lines.find((l) => l.documentId === left)
      assert.equal(warning?.storageKey, `documents/${left}`)
      assert.match(warning.msg, /could not be removed/)
      assert.ok(warning.reqId, 'tied to its request')
      assert.ok(!log.includes(user.token) && !/authorization/i.test(log))
      // The background pass (documents.file-removals.ts) removes it once the storage answers.
      assert.equal(await other.app.services.documents.removals.retry(), 1)
      assert.equal(await stored(left), false, 'removed by the background pass')
    } finally {
      await other.close()
    }
  })
})
