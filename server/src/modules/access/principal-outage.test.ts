// The principal kept in process while the shared cache (Redis) is away: only where a Redis
// server is part of the run (the memory cache cannot go away); reported as skipped otherwise.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { users } from '../../db/schema.ts'
import { redisCache } from '../../platform/cache.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { TcpProxy } from '../../test/tcp-proxy.ts'

const skip = process.env.REDIS_URL ? false : 'needs REDIS_URL'
let a: TestApp // reaches Redis directly
let b: TestApp // reaches the same Redis through a proxy the tests cut
let proxy: TcpProxy
let admin: string

before(async () => {
  if (skip) return
  a = await startTestApp()
  const base = new URL(process.env.REDIS_URL!)
  proxy = new TcpProxy(base.hostname, Number(base.port || 6379))
  await proxy.start()
  const cache = await redisCache(`redis://127.0.0.1:${proxy.port}`, a.app.deps.config.redisKeyPrefix)
  b = await startTestApp({ build: { database: a.app.deps.database, cache } })
  admin = await a.tokenFor('Administrateur')
})
after(async () => {
  await b?.close()
  await a?.close()
  await proxy?.cut()
})

const me = (t: TestApp, token: string) => t.request('GET', '/users/me', { token })
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 80; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.fail(`${what}: not within 8 s`)
}

test('a write whose epoch renewal fails still succeeds; the renewal is retried once the cache is back', { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  assert.equal((await me(a, u.token)).status, 200)
  assert.equal((await me(b, u.token)).status, 200)
  await proxy.cut()
  try {
    assert.equal((await b.request('PATCH', `/users/${u.id}`, { token: admin, body: { isActive: false } })).status, 200)
    assert.equal((await me(b, u.token)).status, 401, 'without a fresh epoch B reads the store')
    // The documented window: A still reads the old epoch until B's renewal lands.
    assert.equal((await me(a, u.token)).status, 200)
  } finally {
    await proxy.restore()
  }
  await eventually(async () => (await me(a, u.token)).status === 401, 'the retried renewal reaches A')
})

test('an instance that lost the cache forgets its kept principals (renewals may have been lost meanwhile)', { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  assert.equal((await me(b, u.token)).body.displayName, 'Test Technicien')
  await proxy.cut()
  try {
    // A change whose renewal never reached the cache.
    await a.app.deps.database.db.update(users).set({ displayName: 'Changé pendant la panne' }).where(eq(users.id, u.id))
    assert.equal((await me(b, u.token)).body.displayName, 'Changé pendant la panne')
  } finally {
    await proxy.restore()
  }
  await eventually(() => b.app.deps.cache.ping(), 'B reconnects')
  assert.equal((await me(b, u.token)).body.displayName, 'Changé pendant la panne')
})
