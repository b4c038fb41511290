// The principal kept in process: a change made through the service shows at the caller's
// very next request on the instance that made it, and on another one sharing the cache and
// the store as soon as the announcement reaches it (at once in process, a moment later
// through Redis); a kept copy never outlives its age.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { users } from '../users/users.tables.ts'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, startTestApp, type TestApp } from '../../test/harness.ts'
import { PRINCIPAL_MAX_AGE_SECONDS } from './principal-cache.ts'

const clock = new ManualClock()
// PostgreSQL with the memory cache does not keep principals (see the last test).
const keeps = process.env.DATABASE_URL && !process.env.REDIS_URL ? 'PostgreSQL without Redis keeps no principal' : false
let a: TestApp
let b: TestApp
let admin: string
let roleId: Record<string, string>
let siteA: string
let siteB: string

before(async () => {
  a = await startTestApp({ build: { clock } })
  // A second replica: same database, same shared cache (same Redis prefix, or the same memory cache).
  b = await startTestApp({
    build: { clock, database: a.app.deps.database, ...(process.env.REDIS_URL ? {} : { cache: a.app.deps.cache }) },
    env: { REDIS_KEY_PREFIX: a.app.deps.config.redisKeyPrefix },
  })
  admin = await a.tokenFor('Administrateur')
  roleId = Object.fromEntries((await a.app.services.users.roles()).roles.map((r) => [r.name, r.id]))
  siteA = await createLocation(a, admin, { name: 'Résidence Les Acacias' })
  siteB = await createLocation(a, admin, { name: 'Tour Belvédère' })
})
after(async () => { await b?.close(); await a?.close() })

const me = (t: TestApp, token: string) => t.request('GET', '/users/me', { token })
/** Asks until `check` holds: through Redis an announcement takes a moment (about a millisecond). */
async function soon(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 5))
  }
  assert.fail(`${what}: not within a second`)
}
const patch = (id: string, body: Record<string, unknown>) => a.request('PATCH', `/users/${id}`, { token: admin, body })
const siteNames = async (t: TestApp, token: string) =>
  ((await t.request('GET', '/locations', { token })).body.locations as { name: string }[]).map((l) => l.name).sort()
/** Changes the store behind the service's back (as a person with psql would). */
const rename = (id: string, displayName: string) => a.app.deps.database.db.update(users).set({ displayName }).where(eq(users.id, id))

describe('one instance', () => {
  test('a kept principal answers without reading the store, until the same invalidation the service uses', { skip: keeps }, async () => {
    const u = await a.userWithRole('Technicien')
    assert.equal((await me(a, u.token)).body.displayName, 'Test Technicien')
    await rename(u.id, 'Nom changé en base')
    assert.equal((await me(a, u.token)).body.displayName, 'Test Technicien', 'served from the process')
    await a.app.deps.access.invalidatePrincipal(u.id)
    assert.equal((await me(a, u.token)).body.displayName, 'Nom changé en base')
  })

  test('a user disabled just after being kept is refused at its very next request', async () => {
    const u = await a.userWithRole('Technicien')
    assert.equal((await me(a, u.token)).status, 200)
    assert.equal((await patch(u.id, { isActive: false })).status, 200)
    assert.equal((await me(a, u.token)).status, 401)
  })

  test('a role change applies at the next request (the old token dies with it)', async () => {
    const u = await a.userWithRole('Technicien')
    assert.equal((await me(a, u.token)).body.role.name, 'Technicien')
    assert.equal((await patch(u.id, { roleId: roleId['Vue seule'] })).status, 200)
    assert.equal((await me(a, u.token)).status, 401)
    clock.advance(2000) // past the cut-off second
    const fresh = a.app.deps.tokens.issue(u.id)
    assert.equal((await me(a, fresh)).body.role.name, 'Vue seule')
  })

  test('a site change and a new name apply at the next request', async () => {
    const u = await a.userWithRole('Dispatcher', { siteIds: [siteA] })
    assert.deepEqual(await siteNames(a, u.token), ['Résidence Les Acacias'])
    assert.equal((await patch(u.id, { siteIds: [siteB], displayName: 'Paul Martin' })).status, 200)
    assert.deepEqual(await siteNames(a, u.token), ['Tour Belvédère'])
    assert.equal((await me(a, u.token)).body.displayName, 'Paul Martin')
  })

  test(`a change made outside the service applies after ${PRINCIPAL_MAX_AGE_SECONDS} s at most`, { skip: keeps }, async () => {
    const u = await a.userWithRole('Technicien')
    await me(a, u.token)
    await a.app.deps.database.db.update(users).set({ disabledAt: clock.now() }).where(eq(users.id, u.id))
    clock.advance((PRINCIPAL_MAX_AGE_SECONDS - 1) * 1000)
    assert.equal((await me(a, u.token)).status, 200, 'still the kept copy')
    clock.advance(1000)
    assert.equal((await me(a, u.token)).status, 401)
  })

  test('an activation applies at once to a copy of the invited account', async () => {
    const inv = await a.request('POST', '/users/invitations', { token: admin, body: { email: 'invite.cache@test.palier', displayName: 'Léa Invitée', roleId: roleId.Technicien } })
    assert.equal(inv.status, 201, JSON.stringify(inv.body))
    const early = a.app.deps.tokens.issue(inv.body.user.id) // as if one had been made before
    assert.equal((await me(a, early)).status, 401, 'not activated: kept as such')
    const token = new URL(inv.body.activationUrl).searchParams.get('token')
    const act = await a.request('POST', '/auth/activate', { body: { token, password: 'un mot de passe sûr' } })
    assert.equal(act.status, 200, JSON.stringify(act.body))
    assert.equal((await me(a, act.body.accessToken)).status, 200)
  })
})

describe('two instances sharing the cache and the store', () => {
  // In process the announcement reaches B before A answers; through Redis, a moment later.
  const viaRedis = Boolean(process.env.REDIS_URL)

  test('disabled through A: refused on B, which had it kept, as soon as the announcement arrives', async () => {
    const u = await a.userWithRole('Technicien')
    assert.equal((await me(b, u.token)).status, 200)
    assert.equal((await me(b, u.token)).status, 200)
    assert.equal((await patch(u.id, { isActive: false })).status, 200)
    if (!viaRedis) assert.equal((await me(b, u.token)).status, 401, 'at the very next request')
    await soon(async () => (await me(b, u.token)).status === 401, 'B refuses the disabled user')
    // And for good: nothing brings the old copy back.
    for (let i = 0; i < 5; i++) assert.equal((await me(b, u.token)).status, 401)
  })

  test('sites and name changed through A: seen on B as soon as the announcement arrives', async () => {
    const u = await a.userWithRole('Dispatcher', { siteIds: [siteA] })
    assert.deepEqual(await siteNames(b, u.token), ['Résidence Les Acacias'])
    assert.equal((await patch(u.id, { siteIds: [siteA, siteB], displayName: 'Inès Roux' })).status, 200)
    await soon(async () => (await siteNames(b, u.token)).length === 2, 'B sees both sites')
    assert.deepEqual(await siteNames(b, u.token), ['Résidence Les Acacias', 'Tour Belvédère'])
    assert.equal((await me(b, u.token)).body.displayName, 'Inès Roux')
  })

  test('role changed through A: the old token is refused on B', async () => {
    const u = await a.userWithRole('Dispatcher')
    assert.equal((await me(b, u.token)).status, 200)
    assert.equal((await patch(u.id, { roleId: roleId.Gestionnaire })).status, 200)
    if (!viaRedis) assert.equal((await me(b, u.token)).status, 401, 'at the very next request')
    await soon(async () => (await me(b, u.token)).status === 401, 'B refuses the old token')
  })
})

test('with PostgreSQL and a per-process cache, the caller is read at every request (replicas could not hear of changes)', { skip: process.env.DATABASE_URL ? false : 'needs DATABASE_URL' }, async () => {
  const { memoryCache } = await import('../../platform/cache.ts')
  const c = await startTestApp({ build: { database: a.app.deps.database, cache: memoryCache(clock) } })
  try {
    const u = await c.userWithRole('Technicien')
    assert.equal((await me(c, u.token)).body.displayName, 'Test Technicien')
    await rename(u.id, 'Lu à chaque requête')
    assert.equal((await me(c, u.token)).body.displayName, 'Lu à chaque requête')
    assert.equal(c.app.deps.access.cachedPrincipals, 0)
  } finally {
    await c.close()
  }
})
