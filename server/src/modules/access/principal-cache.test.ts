// The in-process principal cache: bounded, used only under the epoch it was loaded with and
// only while young enough.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { AccessService } from './access.service.ts'
import { PrincipalCache } from './principal-cache.ts'

test('an entry serves only under its own epoch, and not past its maximum age', () => {
  const clock = new ManualClock('2026-11-23T09:00:00Z')
  const c = new PrincipalCache<string>(clock, { maxAgeSeconds: 30 })
  c.set('u1', 'e1', 'row')
  assert.equal(c.get('u1', 'e1'), 'row')
  assert.equal(c.get('u1', 'e2'), undefined, 'another epoch')
  clock.advance(29_999)
  assert.equal(c.get('u1', 'e1'), 'row')
  clock.advance(1)
  assert.equal(c.get('u1', 'e1'), undefined, 'too old')
  c.set('u2', 'e1', 'row')
  clock.advance(-1)
  assert.equal(c.get('u2', 'e1'), undefined, 'a clock going backwards is not trusted')
})

test('the cache never grows past its cap; the least recently used entry goes first', () => {
  const c = new PrincipalCache<number>(new ManualClock(), { cap: 3 })
  for (let i = 0; i < 3; i++) c.set(`u${i}`, 'e', i)
  assert.equal(c.get('u0', 'e'), 0) // u0 used: u1 is now the oldest
  for (let i = 3; i < 50; i++) {
    c.set(`u${i}`, 'e', i)
    assert.ok(c.size <= 3)
  }
  assert.equal(c.get('u49', 'e'), 49)
  assert.equal(c.get('u1', 'e'), undefined)
})

let t: TestApp
before(async () => { t = await startTestApp() })
after(() => t.close())

test('the service keeps at most its cap of principals, however many users call', async () => {
  const access = new AccessService({ db: t.app.deps.database.db, cache: t.app.deps.cache, clock: new ManualClock(), demoMode: false, principalCacheSize: 5 })
  const iat = Math.floor(Date.now() / 1000)
  for (let i = 0; i < 12; i++) {
    const u = await t.userWithRole('Technicien')
    const { epoch } = await t.app.deps.cache.hitWithEpoch(`rl:test:${u.id}`, 60, access.epochKey(u.id))
    assert.equal((await access.loadPrincipal(u.id, iat, epoch))?.id, u.id)
    assert.ok(access.cachedPrincipals <= 5, `${access.cachedPrincipals} kept`)
  }
  assert.equal(access.cachedPrincipals, 5)
})
