import assert from 'node:assert/strict'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { startTestApp } from '../../test/harness.ts'
import { TcpProxy } from '../../test/tcp-proxy.ts'
import { fsStorage } from '../../platform/storage.ts'
import { openDatabase } from '../../platform/db.ts'

test('getHealth reports every dependency up, without a token', async () => {
  const t = await startTestApp()
  try {
    const res = await t.request('GET', '/health')
    assert.equal(res.status, 200)
    assert.equal(res.body.status, 'ok')
    assert.deepEqual(Object.keys(res.body.checks).sort(), ['cache', 'database', 'storage'])
    for (const c of Object.values(res.body.checks) as { status: string }[]) assert.equal(c.status, 'up')
    assert.equal(res.body.checks.database.kind, process.env.DATABASE_URL ? 'postgres' : 'pglite')
    assert.equal(res.body.checks.cache.kind, process.env.REDIS_URL ? 'redis' : 'memory')
    assert.ok(res.headers['x-request-id'])
    const ready = await t.app.fastify.inject({ url: '/readyz' })
    assert.equal(ready.statusCode, 200)
    assert.deepEqual(ready.json(), { status: 'ready' })
  } finally {
    await t.close()
  }
})

test('storage down: health says so and still answers 200', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'palier-health-'))
  const blocker = path.join(folder, 'not-a-folder')
  await writeFile(blocker, 'a file where the storage folder should be')
  const t = await startTestApp({ build: { storage: fsStorage(path.join(blocker, 'files')) } })
  try {
    const res = await t.request('GET', '/health')
    assert.equal(res.status, 200)
    assert.equal(res.body.status, 'degraded')
    assert.equal(res.body.checks.storage.status, 'down')
    assert.equal(res.body.checks.database.status, 'up')
  } finally {
    await t.close()
    await rm(folder, { recursive: true, force: true })
  }
})

test('database down: 503 with a clear error, health still answers, and the service recovers by itself', async () => {
  if (process.env.DATABASE_URL) {
    // Real PostgreSQL behind a TCP path we can cut and restore.
    const base = new URL(process.env.DATABASE_URL)
    const proxy = new TcpProxy(base.hostname, Number(base.port || 5432))
    await proxy.start()
    const probe = await startTestApp()
    const dbName = new URL(probe.app.deps.config.databaseUrl!).pathname
    const viaProxy = new URL(probe.app.deps.config.databaseUrl!)
    viaProxy.host = `127.0.0.1:${proxy.port}`
    viaProxy.pathname = dbName
    const database = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: '' })
    const t = await startTestApp({ build: { database } })
    const token = await t.tokenFor('Technicien')
    try {
      // A read of the store (getMe alone may answer from the principal kept in process).
      assert.equal((await t.request('GET', '/locations', { token })).status, 200)
      await proxy.cut()
      const down = await t.request('GET', '/locations', { token })
      assert.equal(down.status, 503)
      assert.equal(down.body.error.code, 'SERVICE_UNAVAILABLE')
      assert.ok(!/select|postgres|ECONN/i.test(down.body.error.message))
      const health = await t.request('GET', '/health')
      assert.equal(health.status, 200)
      assert.equal(health.body.checks.database.status, 'down')
      // Readiness (outside /api) says no while liveness answers 200.
      const ready = await t.app.fastify.inject({ url: '/readyz' })
      assert.equal(ready.statusCode, 503)
      assert.equal(ready.json().status, 'database-unavailable')
      await proxy.restore()
      let status = 0
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await t.request('GET', '/locations', { token })).status
        if (status !== 200) await new Promise((r) => setTimeout(r, 100))
      }
      assert.equal(status, 200)
      assert.equal((await t.request('GET', '/health')).body.checks.database.status, 'up')
      assert.equal((await t.app.fastify.inject({ url: '/readyz' })).statusCode, 200)
    } finally {
      await t.close()
      await database.close()
      await probe.close()
      await proxy.cut()
    }
  } else {
    // The embedded database closed under the service: the same 503 and health report.
    const t = await startTestApp()
    const token = await t.tokenFor('Technicien')
    try {
      await t.app.deps.database.close()
      const down = await t.request('GET', '/users/me', { token })
      assert.equal(down.status, 503)
      assert.equal(down.body.error.code, 'SERVICE_UNAVAILABLE')
      const health = await t.request('GET', '/health')
      assert.equal(health.status, 200)
      assert.equal(health.body.checks.database.status, 'down')
      assert.equal((await t.app.fastify.inject({ url: '/readyz' })).statusCode, 503)
    } finally {
      await t.app.fastify.close()
    }
  }
})

// Only where a Redis server is part of the run (the memory cache cannot go away); reported as
// skipped otherwise, so that a run without Redis says what it did not check.
test('cache down: the service keeps answering, health says so, and Redis comes back by itself', { skip: process.env.REDIS_URL ? false : 'needs REDIS_URL' }, async () => {
  const { redisCache } = await import('../../platform/cache.ts')
  const { hashPassword } = await import('../../platform/passwords.ts')
  const { users } = await import('../users/users.tables.ts')
  const { eq } = await import('drizzle-orm')
  const base = new URL(process.env.REDIS_URL!)
  const proxy = new TcpProxy(base.hostname, Number(base.port || 6379))
  await proxy.start()
  const cache = await redisCache(`redis://127.0.0.1:${proxy.port}`, `palier:test:outage:${process.pid}:`)
  const t = await startTestApp({ build: { cache } })
  try {
    const tech = await t.userWithRole('Technicien')
    await t.app.deps.database.db.update(users).set({ passwordHash: await hashPassword('mot de passe sûr') }).where(eq(users.id, tech.id))
    await proxy.cut()
    assert.equal((await t.request('GET', '/users/me', { token: tech.token })).status, 200)
    assert.equal((await t.request('GET', '/locations', { token: tech.token })).status, 200)
    const login = await t.request('POST', '/auth/login', { body: { email: tech.email, password: 'mot de passe sûr' } })
    assert.equal(login.status, 200)
    const health = await t.request('GET', '/health')
    assert.equal(health.status, 200)
    assert.equal(health.body.status, 'degraded')
    assert.equal(health.body.checks.cache.status, 'down')
    await proxy.restore()
    let status = 'down'
    for (let i = 0; i < 60 && status !== 'up'; i++) {
      status = (await t.request('GET', '/health')).body.checks.cache.status
      if (status !== 'up') await new Promise((r) => setTimeout(r, 100))
    }
    assert.equal(status, 'up')
  } finally {
    await t.close()
    await proxy.cut()
  }
})
