import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ConfigError, loadConfig } from './config.ts'

function refused(env: Record<string, string>, variable: string) {
  assert.throws(() => loadConfig(env), (err: unknown) => err instanceof ConfigError && err.message.includes(variable), variable)
}

test('defaults: embedded database, memory cache, files, demo mode on, port 3000', () => {
  const c = loadConfig({})
  assert.equal(c.port, 3000)
  assert.equal(c.databaseUrl, null)
  assert.equal(c.redisUrl, null)
  assert.equal(c.storage.kind, 'fs')
  assert.equal(c.demoMode, true)
  assert.ok(c.dataDir.endsWith('/data'))
})

test('no signing secret in the code: without JWT_SECRET the config asks for a generated one', () => {
  assert.equal(loadConfig({}).jwtSecret, null)
  assert.equal(loadConfig({ DEMO_MODE: '0', DATABASE_URL: 'postgres://u@h/db' }).jwtSecret, null)
  const secret = 'y'.repeat(32)
  assert.equal(loadConfig({ JWT_SECRET: secret }).jwtSecret, secret)
})

test('demo mode listens on the loopback unless HOST is set; otherwise every interface', () => {
  assert.equal(loadConfig({}).host, '127.0.0.1')
  assert.equal(loadConfig({ DEMO_MODE: '1', DATABASE_URL: 'postgres://u@h/db' }).host, '127.0.0.1')
  assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0')
  assert.equal(loadConfig({ HOST: '192.168.1.20' }).host, '192.168.1.20')
  assert.equal(loadConfig({ DEMO_MODE: '0' }).host, '0.0.0.0')
  assert.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(40) }).host, '0.0.0.0')
})

test('with DATABASE_URL demo mode is off unless asked for', () => {
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoMode, false)
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_MODE: '1' }).demoMode, true)
  assert.equal(loadConfig({ DEMO_MODE: '0' }).demoMode, false)
})

test('a bad value stops the start with a message naming the variable', () => {
  refused({ PORT: 'eighty' }, 'PORT')
  refused({ PORT: '70000' }, 'PORT')
  refused({ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL')
  refused({ REDIS_URL: 'not a url' }, 'REDIS_URL')
  refused({ NODE_ENV: 'staging' }, 'NODE_ENV')
  refused({ DEMO_MODE: 'maybe' }, 'DEMO_MODE')
  refused({ JWT_SECRET: 'short' }, 'JWT_SECRET')
  refused({ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID')
  refused({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY')
  refused({ TOKEN_TTL_SECONDS: '10' }, 'TOKEN_TTL_SECONDS')
  refused({ SMTP_URL: 'http://mail' }, 'SMTP_URL')
})

test('production: a missing secret is an error, never a default, and demo mode is refused', () => {
  refused({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' }, 'JWT_SECRET')
  const secret = 'x'.repeat(40)
  refused({ NODE_ENV: 'production', JWT_SECRET: secret, DEMO_MODE: '1' }, 'DEMO_MODE')
  const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret })
  assert.equal(c.demoMode, false)
  assert.equal(c.jwtSecret, secret)
})

test('S3 settings switch storage to the bucket', () => {
  const c = loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'http://127.0.0.1:9000' })
  assert.deepEqual(c.storage, { kind: 's3', bucket: 'files', accessKeyId: 'k', secretAccessKey: 's', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' })
})
