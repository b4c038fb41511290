// The principal kept in process while the announcement channel (Redis pub/sub) is away: only
// where a Redis server is part of the run (the memory cache cannot go away); reported as
// skipped otherwise. B reaches Redis through a proxy the tests cut or freeze; A directly.
import assert from 'node:assert/strict'
import { performance } from 'node:perf_hooks'
import { after, before, test } from 'node:test'
import { redisCache } from '../../platform/cache.ts'
import { SUBSCRIPTION_TRUST_MS } from '../../platform/redis-subscriber.ts'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { TcpProxy } from '../../test/tcp-proxy.ts'

const skip = process.env.REDIS_URL ? false : 'needs REDIS_URL'
let a: TestApp
let b: TestApp
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
const patch = (t: TestApp, id: string, body: Record<string, unknown>) => t.request('PATCH', `/users/${id}`, { token: admin, body })
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 80; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.fail(`${what}: not within 8 s`)
}
/** B's channel is up again (it reconnects by itself once the proxy is back). */
const bListens = async () => assert.ok(await b.app.deps.access.ready(8000), 'B listens again')

test('channel down: B reads its callers from the store at every request, so a user disabled meanwhile is refused', { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  assert.equal((await me(b, u.token)).status, 200)
  assert.equal((await me(b, u.token)).status, 200) // kept by B
  await proxy.cut()
  try {
    // Announced by A, never heard by B.
    assert.equal((await patch(a, u.id, { isActive: false })).status, 200)
    assert.equal((await me(b, u.token)).status, 401)
  } finally {
    await proxy.restore()
  }
  await bListens()
  assert.equal((await me(b, u.token)).status, 401)
})

test('a change announced while B was cut off is not missed once B listens again (it forgot what it kept)', { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  assert.equal((await me(b, u.token)).body.displayName, 'Test Technicien') // kept by B
  await proxy.cut()
  try {
    assert.equal((await patch(a, u.id, { displayName: 'Renommé pendant la coupure' })).status, 200)
  } finally {
    await proxy.restore()
  }
  await bListens()
  assert.equal((await me(b, u.token)).body.displayName, 'Renommé pendant la coupure')
})

test(`a link that dies silently: B stops trusting what it kept within ${SUBSCRIPTION_TRUST_MS / 1000} s (heartbeat), and hears the change once the link carries again`, { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  await bListens()
  assert.equal((await me(b, u.token)).status, 200)
  proxy.freeze()
  const t0 = performance.now()
  try {
    assert.equal((await patch(a, u.id, { isActive: false })).status, 200)
    await eventually(async () => (await me(b, u.token)).status === 401, 'B refuses the disabled user')
    const ms = performance.now() - t0
    assert.ok(ms <= SUBSCRIPTION_TRUST_MS + 1500, `refused after ${Math.round(ms)} ms`)
  } finally {
    proxy.thaw()
  }
  await bListens()
  assert.equal((await me(b, u.token)).status, 401)
})

test('a write whose announcement fails still succeeds; the announcement is retried once the cache is back', { skip }, async () => {
  const u = await a.userWithRole('Technicien')
  assert.equal((await me(a, u.token)).status, 200)
  assert.equal((await me(b, u.token)).status, 200)
  await proxy.cut()
  try {
    assert.equal((await patch(b, u.id, { isActive: false })).status, 200)
    assert.equal((await me(b, u.token)).status, 401, 'B dropped its own copy (and reads the store)')
    // The documented window: A keeps its copy until B's announcement gets through.
    assert.equal((await me(a, u.token)).status, 200)
  } finally {
    await proxy.restore()
  }
  await eventually(async () => (await me(a, u.token)).status === 401, 'the retried announcement reaches A')
})
