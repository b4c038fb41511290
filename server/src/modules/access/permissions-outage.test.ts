// The role's rights while the cache does not answer (Redis frozen or away, its breaker open):
// the rows this process last read from the store serve, without a round trip to the store at
// every request, for the matrix's delay at most.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { sql } from 'drizzle-orm'
import { ManualClock } from '../../platform/clock.ts'
import { failingCache } from '../../test/failing-cache.ts'
import { startTestApp } from '../../test/harness.ts'
import { MATRIX_CACHE_SECONDS } from './access.service.ts'

test('cache not answering: the last rights read serve meanwhile, a change of the matrix still applies within its delay', async () => {
  const clock = new ManualClock('2026-11-23T09:00:00Z')
  const f = failingCache(clock)
  const t = await startTestApp({ build: { clock, cache: f.cache } })
  try {
    const token = await t.tokenFor('Vue seule')
    const setView = (on: boolean) => t.app.deps.database.db.execute(sql`UPDATE permissions SET can_view = ${on} WHERE object_category = 'PEOPLE_TEAMS' AND role_id = (SELECT id FROM roles WHERE name = 'Vue seule')`)
    f.down()
    assert.equal((await t.request('GET', '/teams', { token })).status, 200)
    await setView(false)
    // Kept in process: the store is not read again at every request while the cache is away.
    clock.advance(30_000)
    assert.equal((await t.request('GET', '/teams', { token })).status, 200)
    // Never past the matrix's delay.
    clock.advance(MATRIX_CACHE_SECONDS * 1000 - 30_000)
    assert.equal((await t.request('GET', '/teams', { token })).status, 403)
    f.up()
  } finally {
    await t.close()
  }
})
