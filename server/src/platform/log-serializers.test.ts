// Nothing personal or secret reaches the log when the database fails under a request that
// carries it: the log is captured from a real app whose database is broken on purpose.
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { hashSecret } from './secrets.ts'
import { serializeError, withoutValues } from './log-serializers.ts'

describe('serializeError', () => {
  test('a query error keeps type, code, constraint and SQL shape; never params, detail or quoted values', () => {
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), {
      code: '23505', constraint: 'users_email_lower_key', table: 'users',
      detail: 'Key (lower(email))=(jeanne@exemple.fr) already exists.', hint: 'jeanne@exemple.fr', where: 'jeanne@exemple.fr',
    })
    const err = new DrizzleQueryError(`insert into "users" ("email", "password_hash", "name") values ($1, $2, 'Jeanne')`, ['jeanne@exemple.fr', '$argon2id$v=19$secret'], pg)
    const out = serializeError(err)
    const text = JSON.stringify(out)
    for (const secret of ['jeanne', 'argon2', 'Jeanne', 'secret']) assert.ok(!text.includes(secret), `${secret} in ${text}`)
    assert.equal(out.type, 'DrizzleQueryError')
    assert.equal(out.query, `insert into "users" ("email", "password_hash", "name") values ($1, $2, '…')`)
    assert.equal(out.cause?.code, '23505')
    assert.equal(out.cause?.constraint, 'users_email_lower_key')
    assert.equal(out.cause?.message, 'duplicate key value violates unique constraint "users_email_lower_key"')
    assert.match(out.stack, /^DrizzleQueryError: Failed query\n\s+at /)
  })

  test('values quoted in a driver message are blanked, names of database objects kept', () => {
    assert.equal(withoutValues('invalid input syntax for type uuid: "jeanne@exemple.fr"'), 'invalid input syntax for type uuid: "…"')
    assert.equal(withoutValues('value "12345678901" is out of range for type integer'), 'value "…" is out of range for type integer')
    assert.equal(withoutValues('new row for relation "users" violates check constraint "users_hourly_rate_check"'),
      'new row for relation "users" violates check constraint "users_hourly_rate_check"')
    assert.equal(withoutValues('column "x" does not exist'), 'column "x" does not exist')
  })
})

describe('the request log when the database fails', () => {
  let t: TestApp
  let log = ''
  before(async () => {
    const logStream = new Writable({ write(chunk, _enc, done) { log += String(chunk); done() } })
    t = await startTestApp({ env: { LOG_LEVEL: 'info' }, build: { logStream } })
  })
  after(() => t.close())

  const exec = (q: ReturnType<typeof sql>) => t.app.deps.database.db.execute(q)

  /** The log line of the request that answered `res`, which must be an error of the server. */
  function lineOf(res: { status: number; body: any }) {
    assert.ok(res.status >= 500, JSON.stringify(res.body))
    const line = log.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((l) => l.reqId === res.body.requestId && l.err)
    assert.ok(line, `no error logged for request ${res.body.requestId}`)
    return line
  }

  test('login, activation and user update failing in the database log no e-mail, password, hash, token nor name', async () => {
    const admin = await t.tokenFor('Administrateur')
    const roleId = (await t.app.services.users.roles()).roles.find((r) => r.name === 'Technicien')!.id
    const email = 'jeanne.secret@exemple.fr'
    const invite = await t.request('POST', '/users/invitations', { token: admin, body: { email, displayName: 'Jeanne Secret', roleId } })
    assert.equal(invite.status, 201)
    const link = new URL(invite.body.activationUrl).searchParams.get('token')!
    const passwords = ['premier mot de passe', 'second mot de passe']

    // Login: the users table is away, the query carried the e-mail.
    await exec(sql`ALTER TABLE users RENAME TO users_away`)
    const login = await t.request('POST', '/auth/login', { body: { email, password: passwords[0] } })
    await exec(sql`ALTER TABLE users_away RENAME TO users`)
    const loginLine = lineOf(login)

    // Activation: the UPDATE setting the hash is refused; PostgreSQL's detail holds the row.
    await exec(sql`ALTER TABLE users ADD CONSTRAINT log_test_no_password CHECK (password_hash IS NULL) NOT VALID`)
    const activation = await t.request('POST', '/auth/activate', { body: { token: link, password: passwords[0] } })
    await exec(sql`ALTER TABLE users DROP CONSTRAINT log_test_no_password`)
    const activationLine = lineOf(activation)
    const ok = await t.request('POST', '/auth/activate', { body: { token: link, password: passwords[1] } })
    assert.equal(ok.status, 200)

    // Update of that (now hashed) account: its whole row would be in the detail.
    await exec(sql`ALTER TABLE users ADD CONSTRAINT log_test_name CHECK (display_name <> 'Nom Refusé') NOT VALID`)
    const update = await t.request('PATCH', `/users/${invite.body.user.id}`, { token: admin, body: { displayName: 'Nom Refusé', phone: '06 99 88 77 66' } })
    await exec(sql`ALTER TABLE users DROP CONSTRAINT log_test_name`)
    const updateLine = lineOf(update)

    for (const secret of [email, 'jeanne.secret', ...passwords, '$argon2', 'argon2id', link, hashSecret(link), 'Nom Refusé', '06 99 88 77 66', 'Jeanne Secret']) {
      assert.ok(!log.toLowerCase().includes(secret.toLowerCase()), `the log contains ${secret}`)
    }
    // What identifies the fault is still there.
    assert.equal(loginLine.err.cause?.code, '42P01')
    assert.equal(activationLine.err.cause?.code, '23514')
    assert.equal(updateLine.err.cause?.code, '23514')
    assert.equal(updateLine.err.cause?.constraint, 'log_test_name')
    assert.match(updateLine.err.cause?.message, /violates check constraint "log_test_name"/)
    assert.ok(updateLine.err.query.includes('update "users"'), updateLine.err.query)
  })
})
