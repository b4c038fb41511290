// The database's connections killed under load (what a failover, a restart of PostgreSQL or
// an idle timeout of a proxy does), against the real process: it stays up, the requests that
// hit a dead connection answer 503 quickly, and it recovers by itself.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import pg from 'pg'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { roles } from '../modules/access/access.tables.ts'
import { users } from '../modules/users/users.tables.ts'
import { Tokens } from '../modules/auth/tokens.ts'
import { systemClock } from './clock.ts'
import { openDatabase } from './db.ts'
import { clonePgTemplate } from '../test/template.ts'
import { startService, stopService } from '../test/service-process.ts'

const SECRET = 'db-faults-secret-that-is-long-enough-0123456789'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Outcome { at: number; status: number; ms: number; code?: string; retryAfter?: string | null }

test('database connections killed under load: the process stays up, 503 meanwhile, recovery within 5 s', { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL', timeout: 180_000 }, async (t) => {
  const clone = await clonePgTemplate(process.env.DATABASE_URL!)
  const dbName = new URL(clone.url).pathname.slice(1)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-db-faults-'))
  // An Administrateur written into the store, and a token for it.
  const setup = await openDatabase({ databaseUrl: clone.url, dataDir: '', poolSize: 1, migrate: false })
  const [admin] = await setup.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrateur'))
  const userId = uuidv7()
  await setup.db.insert(users).values({ id: userId, email: `admin.${userId.slice(-8)}@test.palier`, displayName: 'Test Admin', initials: 'TA', roleId: admin.id, activatedAt: new Date() })
  await setup.close()
  const token = new Tokens(SECRET, 3600, systemClock).issue(userId)

  const service = await startService({ DATABASE_URL: clone.url, DATA_DIR: dataDir, DEMO_MODE: '0', JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '1000000' })
  const admin2 = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin2.connect()
  const outcomes: Outcome[] = []
  let running = true
  try {
    const call = async (method: string, url: string, body?: unknown) => {
      const started = Date.now()
      let status = 0
      try {
        const res = await fetch(service.base + url, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(10_000),
        })
        status = res.status
        const text = await res.text()
        if (status === 503) {
          outcomes.push({ at: started, status, ms: Date.now() - started, code: JSON.parse(text).error.code, retryAfter: res.headers.get('retry-after') })
          return status
        }
      } catch { status = -1 } // no answer: cut off, or hung past 10 s
      outcomes.push({ at: started, status, ms: Date.now() - started })
      return status
    }
    const partner = await fetch(`${service.base}/partners`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ascenseurs Martin', kind: 'SUPPLIER' }),
    }).then((r) => r.json()) as { id: string }
    assert.ok(partner.id)
    // Reads (one statement each) and writes (transactions holding a connection between their
    // statements: a kill lands on a checked-out client).
    let n = 0
    const loop = async (i: number) => {
      while (running) {
        if (i % 2 === 0) await call('GET', '/locations')
        else await call('PATCH', `/partners/${partner.id}`, { address: `${n++} rue de la Paix` })
      }
    }
    const loops = Array.from({ length: 8 }, (_, i) => loop(i))
    await sleep(1000)

    const kills: number[] = []
    for (let round = 0; round < 3; round++) {
      const killedAt = Date.now()
      const { rows } = await admin2.query('SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName])
      assert.ok(rows.length > 0, 'the service had connections to kill')
      kills.push(killedAt)
      await sleep(2500)
      assert.equal(service.proc.exitCode, null, `the process exited:\n${service.output()}`)
    }
    await sleep(3000)
    running = false
    await Promise.all(loops)

    assert.equal(service.proc.exitCode, null, `the process exited:\n${service.output()}`)
    // Every request was answered, never past 5 s, either normally or with 503.
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503)
    assert.deepEqual(unexpected, [], 'only 200 and 503')
    // A clear error: the stable code, and when to try again.
    for (const o of outcomes.filter((x) => x.status === 503)) assert.deepEqual([o.code, o.retryAfter], ['SERVICE_UNAVAILABLE', '5'])
    const slowest = Math.max(...outcomes.map((o) => o.ms))
    assert.ok(slowest < 5000, `slowest request ${slowest} ms`)
    // Recovered by itself: every request sent from 5 s after the last kill succeeded.
    const last = kills.at(-1)!
    const after = outcomes.filter((o) => o.at >= last + 5000)
    assert.ok(after.length > 10, `${after.length} requests after recovery`)
    assert.deepEqual(after.filter((o) => o.status !== 200), [])
    const failed = outcomes.filter((o) => o.status === 503).length
    const health = await fetch(`${service.base}/health`).then((r) => r.json()) as { checks: { database: { status: string } } }
    assert.equal(health.checks.database.status, 'up')
    t.diagnostic(`${outcomes.length} requests, ${failed} answered 503, slowest ${slowest} ms`)
  } finally {
    running = false
    await admin2.end()
    await stopService(service, 'SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
    await clone.drop()
  }
})
