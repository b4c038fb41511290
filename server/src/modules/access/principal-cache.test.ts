// The in-process principal cache: bounded, used only while young enough; a read that a change
// overtook is not kept.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { AccessService } from './access.service.ts'
import { PrincipalCache } from './principal-cache.ts'

test('an entry does not serve past its maximum age', () => {
  const clock = new ManualClock('2026-11-23T09:00:00Z')
  const c = new PrincipalCache<string>(clock, { maxAgeSeconds: 30 })
  c.set('u1', 'row')
  assert.equal(c.get('u1'), 'row')
  clock.advance(29_999)
  assert.equal(c.get('u1'), 'row')
  clock.advance(1)
  assert.equal(c.get('u1'), undefined, 'too old')
  c.set('u2', 'row')
  clock.advance(-1)
  assert.equal(c.get('u2'), undefined, 'a clock going backwards is not trusted')
})

test('the cache never grows past its cap; the least recently used entry goes first', () => {
  const c = new PrincipalCache<number>(new ManualClock(), { cap: 3 })
  for (let i = 0; i < 3; i++) c.set(`u${i}`, i)
  assert.equal(c.get('u0'), 0) // u0 used: u1 is now the oldest
  for (let i = 3; i < 50; i++) {
    c.set(`u${i}`, i)
    assert.ok(c.size <= 3)
  }
  assert.equal(c.get('u49'), 49)
  assert.equal(c.get('u1'), undefined)
})

let t: TestApp
before(async () => { t = await startTestApp() })
after(() => t.close())

test('the service keeps at most its cap of principals, however many users call', async () => {
  const access = new AccessService({ db: t.app.deps.database.db, cache: t.app.deps.cache, clock: new ManualClock(), demoMode: false, principalCacheSize: 5 })
  try {
    await access.ready()
    const iat = Math.floor(Date.now() / 1000)
    for (let i = 0; i < 12; i++) {
      const u = await t.userWithRole('Technicien')
      assert.equal((await access.loadPrincipal(u.id, iat))?.id, u.id)
      assert.ok(access.cachedPrincipals <= 5, `${access.cachedPrincipals} kept`)
    }
    assert.equal(access.cachedPrincipals, 5)
  } finally {
    access.close()
  }
})

// The read of a principal may have started before a change committed; if the change is
// announced while it runs, the row it returns may be the old one: it serves this request
// (which started before the change) but is not kept.
test('a principal whose read a change overtook is not kept', async () => {
  const access = new AccessService({ db: t.app.deps.database.db, cache: t.app.deps.cache, clock: new ManualClock(), demoMode: false })
  try {
    await access.ready()
    const iat = Math.floor(Date.now() / 1000)
    const u = await t.userWithRole('Technicien')
    const reading = access.loadPrincipal(u.id, iat)
    await access.invalidatePrincipal(u.id)
    assert.equal((await reading)?.id, u.id)
    assert.equal(access.cachedPrincipals, 0)
    // With Redis the announcement also comes back through the channel, a moment later, and
    // overtakes the reads still running then.
    for (let i = 0; i < 50 && access.cachedPrincipals === 0; i++) await access.loadPrincipal(u.id, iat)
    assert.equal(access.cachedPrincipals, 1, 'a later read is kept')
  } finally {
    access.close()
  }
})
