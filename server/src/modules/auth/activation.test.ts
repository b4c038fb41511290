// activateAccount checks the link before it hashes the password, counts failures per address
// like login, and refuses a password made only of spaces.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { invitations } from '../users/users.tables.ts'
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

// Argon2id runs on libuv's thread pool. While every pool thread is held, a request that
// hashes cannot finish; one that does not finishes at once. The threads are held by reads of
// named pipes (an open of a FIFO blocks until a writer comes), released on demand: an
// ordering, not a race against a timer, so a loaded machine cannot make it flaky.
const POOL = Number(process.env.UV_THREADPOOL_SIZE) || 4

async function holdThreadPool(): Promise<{ release(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palier-pool-'))
  const fifos = Array.from({ length: POOL }, (_, i) => path.join(dir, `fifo-${i}`))
  for (const f of fifos) execFileSync('mkfifo', [f])
  const reads = fifos.map((f) => readFile(f))
  // Give the pool a moment to pick the reads up (each blocks in open()).
  await new Promise((r) => setTimeout(r, 100))
  return {
    async release() {
      for (const f of fifos) writeFileSync(f, 'x') // a reader is waiting: this open does not block
      await Promise.all(reads)
      await rm(dir, { recursive: true, force: true })
    },
  }
}

const settled = <T>(p: Promise<T>) => p.then(() => true, () => true)

describe('the link is checked before the password is hashed', () => {
  test('20 activations with unknown, used or expired links all finish while no hash can run', async () => {
    const used = await invite()
    assert.equal((await activate(used.token, 'un mot de passe solide')).status, 200)
    const expired = await invite()
    const expiredToken = newSecret()
    await t.app.deps.database.db.insert(invitations).values({
      id: uuidv7(), userId: expired.userId, tokenHash: hashSecret(expiredToken), expiresAt: new Date(Date.now() - 1000),
    })
    const bad = [used.token, expiredToken, newSecret()]
    const pool = await holdThreadPool()
    try {
      for (let i = 0; i < 20; i++) {
        assertError(await activate(bad[i % 3], 'un mot de passe solide', `10.21.${i}.1`), 400, 'INVALID_ACTIVATION_LINK')
      }
    } finally {
      await pool.release()
    }
  })

  test('the probe works: a valid activation waits for the thread pool', async () => {
    const { token } = await invite()
    const pool = await holdThreadPool()
    let done = false
    const answer = activate(token, 'un mot de passe solide')
    void settled(answer).then(() => { done = true })
    await new Promise((r) => setTimeout(r, 500))
    const doneWhileHeld = done
    await pool.release()
    assert.equal((await answer).status, 200)
    assert.equal(doneWhileHeld, false, 'a valid activation finished while no hash could run')
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
