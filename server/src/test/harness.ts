// Test support: a real app per test file. With DATABASE_URL set, each file gets its own
// PostgreSQL database, cloned from a migrated template (test/template.ts) and dropped here;
// with REDIS_URL, its own key prefix. Otherwise an in-memory PGlite loaded from the cached
// template dump, and the memory cache. Nothing is mocked.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { buildApp, type App, type BuildOptions } from '../app.ts'
import { loadConfig } from '../config.ts'
import { roles } from '../modules/access/access.tables.ts'
import { users, userSites } from '../modules/users/users.tables.ts'
import type { ErrorCode } from '../http/error-codes.ts'
import type { RoleName } from '../modules/access/access.matrix.ts'
import { openDatabase } from '../platform/db.ts'
import { memoryMailer } from '../platform/mailer.ts'
import { apiClient, type Api } from './api-client.ts'
import { clonePgTemplate, pgliteTemplate } from './template.ts'

export interface TestApp {
  app: App
  mailer: ReturnType<typeof memoryMailer>
  request(method: string, url: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string>; ip?: string }): Promise<{ status: number; body: any; headers: Record<string, unknown> }>
  /** One typed method per operation: `t.api.getAsset({ params: { id } }, token)`. */
  api: Api
  /** An active user of this role (created directly in the store) and a token for it. */
  userWithRole(role: RoleName, extra?: { siteIds?: string[]; hourlyRateCents?: number | null; email?: string }): Promise<{ id: string; token: string; email: string }>
  tokenFor(role: RoleName): Promise<string>
  close(): Promise<void>
}

export async function startTestApp(opts: { env?: Record<string, string>; build?: BuildOptions; keepAnswers?: boolean } = {}): Promise<TestApp> {
  const keepAnswers = opts.keepAnswers ?? false
  const baseDb = process.env.DATABASE_URL
  // A database passed in is the test's own; otherwise a copy of the migrated template.
  const own = opts.build?.database
  const db = baseDb && !own ? await clonePgTemplate(baseDb) : null
  const database = own ?? (db
    ? await openDatabase({ databaseUrl: db.url, dataDir: '', migrate: false })
    : await openDatabase({ databaseUrl: null, dataDir: '', memory: true, loadDataDir: await pgliteTemplate(), migrate: false }))
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-test-'))
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_MODE: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    REDIS_KEY_PREFIX: `palier:test:${randomBytes(6).toString('hex')}:`,
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  }
  const mailer = memoryMailer()
  // The API alone: a built web client in web/dist would answer unknown paths with its page.
  const app = await buildApp(loadConfig(env), { mailer, webClient: false, ...opts.build, database })
  const tokens = new Map<string, string>()

  const t: TestApp = {
    app,
    mailer,
    get api() { return api },
    async request(method, url, o = {}) {
      // Fixtures write the store directly, outside the API: answers kept for reads would not
      // know. Each request starts fresh; answer-cache.test.ts tests the keeping itself.
      if (!keepAnswers) app.answers?.forgetLocally()
      const headers: Record<string, string> = { ...o.headers }
      if (o.token) headers.authorization = `Bearer ${o.token}`
      const res = await app.fastify.inject({
        method: method as never,
        url: url.startsWith('/api') ? url : `/api${url}`,
        headers,
        remoteAddress: o.ip,
        ...(o.body !== undefined ? { payload: o.body as never } : {}),
      })
      let body: unknown = res.body
      if ((res.headers['content-type'] ?? '').toString().includes('json') && res.body) body = JSON.parse(res.body)
      return { status: res.statusCode, body, headers: res.headers }
    },
    async userWithRole(role, extra = {}) {
      const d = app.deps.database.db
      const [r] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, role))
      const id = uuidv7()
      const email = extra.email ?? `${role.replace(/\W/g, '').toLowerCase()}.${id.slice(-8)}@test.palier`
      await d.insert(users).values({
        id, email, displayName: `Test ${role}`, initials: 'TT', roleId: r.id,
        hourlyRateCents: extra.hourlyRateCents === undefined ? 4500 : extra.hourlyRateCents,
        activatedAt: new Date(),
      })
      if (extra.siteIds?.length) await d.insert(userSites).values(extra.siteIds.map((locationId) => ({ userId: id, locationId })))
      return { id, email, token: app.deps.tokens.issue(id) }
    },
    async tokenFor(role) {
      if (!tokens.has(role)) tokens.set(role, (await t.userWithRole(role)).token)
      return tokens.get(role)!
    },
    async close() {
      await app.close()
      if (!own) await database.close()
      await db?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
  const api = apiClient(app.routes, t.request)
  return t
}

/** An error answer of the fixed shape { error: { code, message }, requestId }. */
export function assertError(res: { status: number; body: any }, status: number, code?: ErrorCode) {
  assert.equal(res.status, status, JSON.stringify(res.body))
  assert.equal(typeof res.body.error.message, 'string')
  assert.equal(typeof res.body.requestId, 'string')
  if (code) assert.equal(res.body.error.code, code)
}

// Fixtures live beside their module (<module>.fixtures.ts); re-exported so imports stay put.
export { insertCategory } from '../modules/categories/categories.fixtures.ts'
export { createLocation } from '../modules/locations/locations.fixtures.ts'
export { exactlyOneWins } from './concurrency.ts'
export { ok } from './api-client.ts'
