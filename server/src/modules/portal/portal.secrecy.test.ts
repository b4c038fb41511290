// A portal tracking token opens its report to whoever holds it: it is shown once, at creation,
// and must never come back — not in a listing or any other answer, not in the request log
// (whose URL of getPortalRequestStatus carries it), not in the store.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { requests } from '../requests/requests.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { hashSecret } from '../../platform/secrets.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { freshAddress, insertAsset, reportFromPortal } from '../requests/requests.fixtures.ts'

// A fixed time: the 61 reads below fall in one rate-limit window however slow the machine.
const clock = new ManualClock('2026-08-03T09:00:05.000Z')
let t: TestApp
let log = ''
let admin: { id: string; token: string }
let reference: string

before(async () => {
  const logStream = new Writable({ write(chunk, _enc, done) { log += String(chunk); done() } })
  t = await startTestApp({ env: { LOG_LEVEL: 'info' }, build: { logStream, clock } })
  admin = await t.userWithRole('Administrateur')
  const site = await createLocation(t, admin.token, { name: 'Résidence Les Tilleuls' })
  reference = (await insertAsset(t, { categoryId: await insertCategory(t, 'EQUIPMENT', 'Ascenseur'), locationId: site, reference: 'TIL-SEC-1' })).reference
})
after(() => t.close())

/** Every page of listRequests, as their raw bodies. */
async function allListPages(token: string, query = '') {
  const bodies: string[] = []
  let url: string | null = `/requests?limit=2${query}`
  while (url) {
    const res = await t.request('GET', url, { token })
    assert.equal(res.status, 200)
    bodies.push(JSON.stringify(res.body), String(res.headers.link ?? ''))
    url = nextPage(res.headers)?.url ?? null
  }
  return bodies
}

test('a tracking token appears in no answer but its creation, in no log line, and is not stored', async () => {
  const reports = [await reportFromPortal(t, { reference, contactName: 'Mme Lambert' }), await reportFromPortal(t, { reference, personBlocked: true })]
  const secrets = reports.flatMap((r) => [r.trackingToken, hashSecret(r.trackingToken)])
  const [first] = reports
  const answers: string[] = []
  const keep = <R extends { body: unknown; headers: Record<string, unknown> }>(res: R): R => { answers.push(JSON.stringify(res.body), JSON.stringify(res.headers)); return res }

  // Everything that may show a report: listings (every page, filtered or not), its status,
  // the approval and the order it creates, the portal's asset view.
  answers.push(...await allListPages(admin.token), ...await allListPages(admin.token, '&source=PORTAL'), ...await allListPages(await t.tokenFor('Vue seule')))
  assert.equal(keep(await t.api.getPortalRequestStatus({ params: { reference: first.reference, token: first.trackingToken }, ip: freshAddress() })).status, 200)
  const [row] = await t.app.deps.database.db.select({ id: requests.id }).from(requests).where(eq(requests.reference, first.reference))
  const order = ok(keep(await t.api.approveRequest({ params: { id: row.id }, body: {} }, admin.token)))
  keep(await t.api.getWorkOrder({ params: { id: order.id } }, admin.token))
  keep(await t.api.listWorkOrders({}, admin.token))
  keep(await t.api.getPortalAsset({ params: { reference }, ip: freshAddress() }))
  for (const secret of secrets) {
    for (const answer of answers) assert.ok(!answer.includes(secret), `an answer carries ${secret.slice(0, 6)}…`)
  }

  // The status route answering 200, 404, 400, 405 and 429 logs its pattern, never its path.
  const wrong = first.trackingToken.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
  const ip = freshAddress()
  assert.equal((await t.api.getPortalRequestStatus({ params: { reference: first.reference, token: wrong }, ip })).status, 404)
  assert.equal((await t.request('GET', `/portal/requests/${first.reference}/${first.trackingToken}.x`, { ip })).status, 400)
  assert.equal((await t.request('DELETE', `/portal/requests/${first.reference}/${first.trackingToken}`, { ip })).status, 405)
  for (let i = 0; i < 60; i++) await t.api.getPortalRequestStatus({ params: { reference: first.reference, token: first.trackingToken }, ip })
  assert.equal((await t.api.getPortalRequestStatus({ params: { reference: first.reference, token: first.trackingToken }, ip })).status, 429)

  const lines = log.split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const statusLines = lines.filter((l) => l.req?.route === '/api/portal/requests/:reference/:token')
  assert.ok(statusLines.length >= 60, `the status requests are in the log (${statusLines.length} lines)`)
  for (const secret of [...secrets, wrong]) assert.ok(!log.includes(secret), `the log carries ${secret.slice(0, 6)}…`)

  // Stored: only the hash, in its own column.
  const stored = JSON.stringify(await t.app.deps.database.db.select().from(requests))
  for (const r of reports) {
    assert.ok(!stored.includes(r.trackingToken), 'the token itself is not stored')
    assert.ok(stored.includes(hashSecret(r.trackingToken)))
  }
})
