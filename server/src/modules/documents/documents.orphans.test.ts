// Stored files that no document names are removed once old enough; a file with its document,
// a young one (an upload under way) and anything outside the documents are left alone.
import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset, insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { pdf, uploadDocument } from './documents.fixtures.ts'
import { ORPHAN_MIN_AGE_MS, uuidv7Time } from './documents.orphans.ts'

const START = Date.now()
const clock = new ManualClock(new Date(START))
let t: TestApp

/** A UUIDv7-shaped id made at `ms`. */
const idAt = (ms: number) => {
  const h = ms.toString(16).padStart(12, '0')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7abc-8def-0123456789ab`
}
const put = (key: string) => t.app.deps.storage.put(key, Readable.from([Buffer.from('%PDF-1.7\nreste')]), 'application/octet-stream')
async function keys() {
  const all: string[] = []
  for await (const k of t.app.deps.storage.list()) all.push(k)
  return all.sort()
}

before(async () => { t = await startTestApp({ build: { clock } }) })
after(() => t.close())

test('uuidv7Time reads the time of a UUIDv7 and refuses anything else', () => {
  assert.equal(uuidv7Time(idAt(1_764_000_000_123)), 1_764_000_000_123)
  assert.equal(uuidv7Time('0190a0a0-0000-4000-8000-000000000000'), null, 'a UUIDv4')
  assert.equal(uuidv7Time('notice.pdf'), null)
})

test('only files without a document and older than the bound are removed', async () => {
  const admin = await t.userWithRole('Administrateur')
  const asset = await insertAsset(t, await insertLocation(t, 'Résidence des Orphelins'))
  const doc = await uploadDocument(t, admin.token, { kind: 'MANUAL', assetId: asset }, { bytes: pdf(), name: 'notice.pdf' })
  assert.equal(doc.status, 201, JSON.stringify(doc.body))
  const orphan = `documents/${idAt(START - 1000)}`
  const young = `documents/${idAt(START + ORPHAN_MIN_AGE_MS + 30 * 60_000)}`
  const elsewhere = `exports/${idAt(START - 1000)}`
  for (const k of [orphan, young, elsewhere, 'documents/not-an-id']) await put(k)
  // Two hours later: the document's own file and the orphan are both older than the bound.
  clock.set(new Date(START + 2 * ORPHAN_MIN_AGE_MS))
  assert.equal(await t.app.services.documents.sweepOrphanFiles(), 1)
  const left = await keys()
  assert.ok(!left.includes(orphan), 'the old file without a document is gone')
  for (const k of [`documents/${doc.body.id}`, young, elsewhere, 'documents/not-an-id']) assert.ok(left.includes(k), `${k} stays`)
  const download = await t.app.fastify.inject({ url: `/api/documents/${doc.body.id}/download`, headers: { authorization: `Bearer ${admin.token}` } })
  assert.equal(download.statusCode, 200)
})
