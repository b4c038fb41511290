// Conditional reads: every JSON answer of a GET carries its ETag; the same If-None-Match is
// answered 304 without a body (for a kept answer, without reading the store again); a write
// that changes the answer makes it 200 again; per caller; never on errors nor writes.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { locations } from '../modules/locations/locations.tables.ts'
import { createLocation, startTestApp, type TestApp } from '../test/harness.ts'
import { noneMatch, REVALIDATE } from './etag.ts'

// PostgreSQL with the memory cache keeps no answer: the kept-answer case is then skipped.
const keeps = process.env.DATABASE_URL && !process.env.REDIS_URL ? 'PostgreSQL without Redis keeps no answer' : false
let kept: TestApp
let fresh: TestApp
let admin: string

before(async () => {
  kept = await startTestApp({ keepAnswers: true })
  fresh = await startTestApp()
  admin = await kept.tokenFor('Administrateur')
})
after(async () => { await kept?.close(); await fresh?.close() })

const get = (t: TestApp, url: string, token: string, etag?: string) =>
  t.request('GET', url, { token, ...(etag ? { headers: { 'if-none-match': etag } } : {}) })

for (const [name, app] of [['kept answers', () => kept], ['answers built each time', () => fresh]] as const) {
  describe(name, () => {
    test('a read answers 200 with a strong ETag, asked again with it answers 304 without a body', async () => {
      const t = app()
      const token = await t.tokenFor('Administrateur')
      await createLocation(t, token, { name: `Résidence Lilas ${name}` })
      const first = await get(t, '/locations', token)
      assert.equal(first.status, 200)
      const etag = first.headers.etag as string
      assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/)
      assert.equal(first.headers['cache-control'], REVALIDATE)
      const again = await get(t, '/locations', token, etag)
      assert.equal(again.status, 304)
      assert.equal(again.body, '')
      assert.equal(again.headers.etag, etag)
      assert.equal(again.headers['content-length'], undefined)
      // The same body read again without the header: the same ETag.
      assert.equal((await get(t, '/locations', token)).headers.etag, etag)
    })

    test('after a write that changes the answer, the old ETag gets the new body (200)', async () => {
      const t = app()
      const token = await t.tokenFor('Administrateur')
      const etag = (await get(t, '/locations', token)).headers.etag as string
      await createLocation(t, token, { name: `Tour Mistral ${name}` })
      const after = await get(t, '/locations', token, etag)
      assert.equal(after.status, 200)
      assert.notEqual(after.headers.etag, etag)
      assert.ok((after.body.locations as { name: string }[]).some((l) => l.name === `Tour Mistral ${name}`))
    })

    test('per caller: another person sending someone else’s ETag gets her own answer', async () => {
      const t = app()
      const token = await t.tokenFor('Administrateur')
      const mine = await createLocation(t, token, { name: `Site de la gardienne ${name}` })
      const requester = await t.userWithRole('Demandeur', { siteIds: [mine] })
      const adminEtag = (await get(t, '/locations', token)).headers.etag as string
      const hers = await get(t, '/locations', requester.token, adminEtag)
      assert.equal(hers.status, 200)
      assert.notEqual(hers.headers.etag, adminEtag)
      assert.deepEqual((hers.body.locations as { name: string }[]).map((l) => l.name), [`Site de la gardienne ${name}`])
      // getMe differs from person to person too.
      const me = await get(t, '/users/me', requester.token)
      assert.equal((await get(t, '/users/me', token, me.headers.etag as string)).status, 200)
    })

    test('errors and writes carry no ETag and are never 304', async () => {
      const t = app()
      const token = await t.tokenFor('Administrateur')
      const missing = await get(t, '/work-orders/0190f1f0-0000-7000-8000-000000000000', token, '*')
      assert.equal(missing.status, 404)
      assert.equal(missing.headers.etag, undefined)
      assert.equal(missing.headers['cache-control'], 'no-store')
      const anonymous = await t.request('GET', '/locations', { headers: { 'if-none-match': '*' } })
      assert.equal(anonymous.status, 401)
      assert.equal(anonymous.headers.etag, undefined)
      const write = await t.request('POST', '/locations', { token, body: { name: `Écrit ${name}` }, headers: { 'if-none-match': '*' } })
      assert.equal(write.status, 201)
      assert.equal(write.headers.etag, undefined)
      assert.equal(write.headers['cache-control'], 'no-store')
    })
  })
}

test('a kept answer is revalidated without being built again', { skip: keeps }, async () => {
  const id = await createLocation(kept, admin, { name: 'Résidence Alizé' })
  const first = await get(kept, '/locations', admin)
  // Changed behind the service's back: only a read of the store would see it.
  await kept.app.deps.database.db.update(locations).set({ name: 'Renommée en base' }).where(eq(locations.id, id))
  assert.equal((await get(kept, '/locations', admin, first.headers.etag as string)).status, 304)
  assert.equal((await get(kept, '/locations', admin)).headers.etag, first.headers.etag, 'the kept answer, with its ETag')
})

test('If-None-Match is compared as a GET does: lists, weak tags, *', () => {
  assert.ok(noneMatch('"a"', '"a"'))
  assert.ok(noneMatch('"b", W/"a"', '"a"'))
  assert.ok(noneMatch('*', '"a"'))
  assert.ok(!noneMatch('"b"', '"a"'))
  assert.ok(!noneMatch(undefined, '"a"'))
  assert.ok(!noneMatch('"a', '"a"'))
})

test('the web client’s end of session makes the browser drop its kept answers (Clear-Site-Data), anonymous and without a body', async () => {
  const res = await fresh.app.fastify.inject({ method: 'POST', url: '/signed-out' })
  assert.equal(res.statusCode, 204)
  assert.equal(res.headers['clear-site-data'], '"cache"')
  assert.equal(res.headers['cache-control'], 'no-store')
  assert.equal(res.body, '')
})
