import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { CONFIG_DOC, ConfigError, loadConfig } from './config.ts'

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

/** Bad values, each with the variable its start-up error must name. */
const BAD_VALUES: [Record<string, string>, string][] = [
  [{ PORT: 'eighty' }, 'PORT'],
  [{ PORT: '70000' }, 'PORT'],
  [{ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL'],
  [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
  [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
  [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
  [{ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID'],
  [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
  [{ TOKEN_TTL_SECONDS: '10' }, 'TOKEN_TTL_SECONDS'],
  [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
  // AI services: another scheme, credentials or a query in the URL, a model or key a header cannot carry, a timeout out of bounds.
  [{ ASSISTANT_LLM_URL: 'ftp://h/v1' }, 'ASSISTANT_LLM_URL'],
  [{ ASSISTANT_LLM_URL: 'not a url' }, 'ASSISTANT_LLM_URL'],
  [{ DICTATION_URL: 'file:///tmp/x' }, 'DICTATION_URL'],
  [{ DICTATION_URL: 'http://user:pw@h/v1' }, 'DICTATION_URL'],
  [{ ASSISTANT_LLM_URL: 'http://h/v1?api-version=1' }, 'ASSISTANT_LLM_URL'],
  [{ ASSISTANT_LLM_URL: 'http://h/v1', ASSISTANT_LLM_MODEL: 'two words' }, 'ASSISTANT_LLM_MODEL'],
  [{ AI_TIMEOUT_MS: '10' }, 'AI_TIMEOUT_MS'],
  [{ AI_TIMEOUT_MS: '999999' }, 'AI_TIMEOUT_MS'],
  [{ AI_TIMEOUT_MS: 'soon' }, 'AI_TIMEOUT_MS'],
  [{ DICTATION_URL: 'http://h/v1', DICTATION_API_KEY: 'sk-has\nnewline' }, 'DICTATION_API_KEY'],
]

test('a bad value stops the start with a message naming the variable', () => {
  for (const [env, variable] of BAD_VALUES) refused(env, variable)
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

test('AI services are off by default: no chat completions, no dictation, a 20 s timeout', () => {
  const c = loadConfig({})
  assert.equal(c.assistantLlm, null)
  assert.equal(c.dictation, null)
  assert.equal(c.aiTimeoutMs, 20000)
})

test('an AI service URL turns it on with its default model, no key, and the trailing slash dropped', () => {
  const c = loadConfig({ ASSISTANT_LLM_URL: 'http://127.0.0.1:8080/v1/', DICTATION_URL: 'https://stt.example/v1' })
  assert.deepEqual(c.assistantLlm, { url: 'http://127.0.0.1:8080/v1', model: 'mistral-small', apiKey: null })
  assert.deepEqual(c.dictation, { url: 'https://stt.example/v1', model: 'whisper-1', apiKey: null })
  const d = loadConfig({ DICTATION_URL: 'http://h/v1', DICTATION_MODEL: 'large-v3', DICTATION_API_KEY: 'sk-1', AI_TIMEOUT_MS: '5000' })
  assert.deepEqual(d.dictation, { url: 'http://h/v1', model: 'large-v3', apiKey: 'sk-1' })
  assert.equal(d.aiTimeoutMs, 5000)
})

test('a model or key without its URL is ignored: the feature stays off', () => {
  const c = loadConfig({ ASSISTANT_LLM_API_KEY: 'sk-x', ASSISTANT_LLM_MODEL: 'm', DICTATION_API_KEY: 'sk-y' })
  assert.equal(c.assistantLlm, null)
  assert.equal(c.dictation, null)
})

test('a refused key or URL is never quoted in the start-up error', () => {
  const key = 'sk-SECRET-VALUE with space'
  assert.throws(() => loadConfig({ ASSISTANT_LLM_URL: 'http://h/v1', ASSISTANT_LLM_API_KEY: key }),
    (err: unknown) => err instanceof ConfigError && err.message.includes('ASSISTANT_LLM_API_KEY') && !err.message.includes('SECRET'))
  assert.throws(() => loadConfig({ DICTATION_URL: 'http://user:SECRETPW@h/v1' }),
    (err: unknown) => err instanceof ConfigError && err.message.includes('DICTATION_URL') && !err.message.includes('SECRETPW'))
})

test("the README's Configuration table has one row per CONFIG_DOC variable, with its sentence (backticks aside)", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const rows = Object.fromEntries([...readme.matchAll(/^\| `([A-Z0-9_]+)` \| (.*) \|$/gm)].map((m) => [m[1], m[2].replaceAll('`', '')]))
  assert.deepEqual(rows, CONFIG_DOC)
})
