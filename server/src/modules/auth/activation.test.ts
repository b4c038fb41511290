// activateAccount checks the link before it hashes the password, counts failures per address
// like login, and refuses a password made only of spaces.
import assert from 'node:assert/strict'
import { pbkdf2, pbkdf2Sync } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { performance } from 'node:perf_hooks'
import { after, before, describe, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { invitations } from '../../db/schema.ts'
import { hashSecret, newSecret } from '../../platform/secrets.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { ACTIVATION_LIMITS } from './auth.service.ts'

let t: TestApp
let admin: string
let roleId: string
before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  roleId = (await t.app.services.users.roles()).roles.find((r) => r.name === 'Technicien')!.id
})
after(() => t.close())

let n = 0
/** A fresh invitation; returns the link token and the user id. */
async function invite(): Promise<{ token: string; userId: string }> {
  const res = await t.request('POST', '/users/invitations', { token: admin, body: { email: `invite${++n}@test.palier`, displayName: `Invité ${n}`, roleId } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return { token: new URL(res.body.activationUrl).searchParams.get('token')!, userId: res.body.user.id }
}
const activate = (token: string, password: string, ip = '10.20.0.1') => t.request('POST', '/auth/activate', { body: { token, password }, ip })

// Argon2id runs on libuv's thread pool. While every pool thread is kept busy, a request that
// hashes waits for one to free up; one that does not finishes at once. An ordering, not a
// timing threshold, so a loaded machine does not make it flaky.
const POOL = Number(process.env.UV_THREADPOOL_SIZE) || 4

/** Occupies every pool thread for about `ms`; resolves with the time the first one freed up. */
function occupyThreadPool(ms: number): Promise<number> {
  const t0 = performance.now()
  pbkdf2Sync('calibre', 'sel', 100_000, 32, 'sha256')
  const perMs = 100_000 / Math.max(1, performance.now() - t0)
  // The pool's threads share the machine's cores.
  const iterations = Math.ceil(perMs * ms * Math.min(1, availableParallelism() / POOL))
  const run = () => new Promise<number>((resolve, reject) => pbkdf2('occupé', 'sel', iterations, 32, 'sha256', (err) => err ? reject(err) : resolve(performance.now())))
  return Promise.all(Array.from({ length: POOL }, run)).then((ends) => Math.min(...ends))
}

describe('the link is checked before the password is hashed', () => {
  test('20 activations with unknown, used or expired links all finish while no hash could run', async () => {
    const used = await invite()
    assert.equal((await activate(used.token, 'un mot de passe solide')).status, 200)
    const expired = await invite()
    const expiredToken = newSecret()
    await t.app.deps.database.db.insert(invitations).values({
      id: uuidv7(), userId: expired.userId, tokenHash: hashSecret(expiredToken), expiresAt: new Date(Date.now() - 1000),
    })
    const bad = [used.token, expiredToken, newSecret()]
    const poolFree = occupyThreadPool(4000)
    for (let i = 0; i < 20; i++) {
      assertError(await activate(bad[i % 3], 'un mot de passe solide', `10.21.${i}.1`), 400, 'INVALID_ACTIVATION_LINK')
    }
    const badDone = performance.now()
    assert.ok(badDone < await poolFree, 'a bad activation waited for the thread pool: it hashed')
  })

  test('the probe works: a valid activation does wait for the thread pool', async () => {
    const { token } = await invite()
    const poolFree = occupyThreadPool(500)
    assert.equal((await activate(token, 'un mot de passe solide')).status, 200)
    assert.ok(performance.now() >= await poolFree)
  })
})

describe('throttling per address', () => {
  test('over the limit of failed activations an address gets 429 with Retry-After, even with a valid link; others do not', async () => {
    const ip = '10.22.0.9'
    for (let i = 0; i < ACTIVATION_LIMITS.perAddress; i++) {
      assertError(await activate(newSecret(), 'un mot de passe solide', ip), 400, 'INVALID_ACTIVATION_LINK')
    }
    const good = await invite()
    const blocked = await activate(good.token, 'un mot de passe solide', ip)
    assertError(blocked, 429, 'RATE_LIMITED')
    assert.ok(Number(blocked.headers['retry-after']) > 0)
    // The link was not used up, and another address is not affected.
    assertError(await activate(newSecret(), 'un mot de passe solide', '10.22.0.10'), 400, 'INVALID_ACTIVATION_LINK')
    assert.equal((await activate(good.token, 'un mot de passe solide', '10.22.0.10')).status, 200)
  })
})

describe('passwords', () => {
  test('a password made only of spaces (or other blanks) is a 400 naming password, and the link stays usable', async () => {
    const { token } = await invite()
    for (const password of ['        ', '          \t  ', '\n\n\n\n\t\t\t\t']) {
      const res = await activate(token, password)
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, 'password')
      assert.match(res.body.error.message, /password/)
    }
    const ok = await activate(token, '  avec des espaces autour  ')
    assert.equal(ok.status, 200)
  })
})
