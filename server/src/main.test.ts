// The service as a newcomer runs it: a real process on the embedded defaults, stopped with
// Ctrl-C (SIGINT) and started again on the same data folder.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { mainFile, startService, stopService, type Running } from './test/service-process.ts'

// The process always runs on the embedded defaults (service-process.ts passes no DATABASE_URL):
// the PostgreSQL run of the suite would repeat the very same work, so only the embedded one runs it.
const embeddedRun = process.env.DATABASE_URL ? 'the same process as in the embedded run (it never reads DATABASE_URL)' : false
const folders: string[] = []
after(async () => { for (const f of folders) await rm(f, { recursive: true, force: true }) })

const start = (dataDir: string, env: Record<string, string> = {}): Promise<Running> => startService({ DATA_DIR: dataDir, ...env })
const stop = (r: Running) => stopService(r, 'SIGINT')

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: await res.json().catch(() => null) as any }
}

/** A non-loopback IPv4 address of this machine, if it has one. */
function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal)?.address
}

test('demo start: a banner with the loopback address, Ctrl-C stops cleanly, a restart keeps every record and token', { timeout: 300_000, skip: embeddedRun }, async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palier-main-'))
  folders.push(dir)
  const first = await start(dir, { HOST: '' })
  // The banner is on the console (plain lines), not a JSON log line, and names the address.
  const banner = first.output().split('\n').find((l) => l.includes('MODE DÉMO ACTIF'))
  assert.ok(banner && !banner.trimStart().startsWith('{'), first.output())
  assert.match(first.output(), /connexion en un clic/)
  assert.ok(first.output().includes(`Écoute sur http://127.0.0.1:${first.port}/api`), first.output())
  const outside = externalAddress()
  if (outside) await assert.rejects(fetch(`http://${outside}:${first.port}/api/health`), `reachable on ${outside}`)
  // No JWT_SECRET: a generated one, kept in DATA_DIR for the owner only.
  const secretFile = path.join(dir, 'jwt-secret')
  assert.equal((await stat(secretFile)).mode & 0o777, 0o600)
  const secret = await readFile(secretFile, 'utf8')
  const accounts = (await call(first.base, 'GET', '/auth/demo-accounts')).body.accounts
  assert.equal(accounts.length, 7)
  const admin = (await call(first.base, 'POST', '/auth/demo-login', { userId: accounts[0].id })).body.accessToken
  const created = await call(first.base, 'POST', '/partners', { name: 'Ascenseurs Durand', kind: 'SUPPLIER' }, admin)
  assert.equal(created.status, 201)
  const people = (await call(first.base, 'GET', '/users', undefined, admin)).body.users.length
  assert.equal(await stop(first), 0)

  const second = await start(dir)
  try {
    assert.equal(await readFile(secretFile, 'utf8'), secret)
    const partners = (await call(second.base, 'GET', '/partners', undefined, admin)).body.partners
    assert.ok(partners.some((p: { name: string }) => p.name === 'Ascenseurs Durand'))
    assert.equal((await call(second.base, 'GET', '/users', undefined, admin)).body.users.length, people)
    assert.equal((await call(second.base, 'GET', '/openapi.json')).body.openapi, '3.1.0')
  } finally {
    assert.equal(await stop(second), 0)
  }

  // Demo mode turned off: the demo token dies, and the demo Administrateur does not count.
  const third = await start(dir, { DEMO_MODE: '0', ADMIN_EMAIL: 'chef@ascenseurs.example' })
  try {
    assert.ok(!third.output().includes('MODE DÉMO ACTIF'))
    assert.equal((await call(third.base, 'GET', '/users/me', undefined, admin)).status, 401)
    assert.match(third.output(), /Aucun administrateur actif[\s\S]*chef@ascenseurs\.example[\s\S]*\/activate\?token=/)
  } finally {
    assert.equal(await stop(third), 0)
  }
})

test('an empty store without demo prints a one-time link for the first administrator', { timeout: 120_000, skip: embeddedRun }, async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palier-main-'))
  folders.push(dir)
  const first = await start(dir, { DEMO_MODE: '0', ADMIN_EMAIL: 'chef@ascenseurs.example' })
  const link = /(http\S+\/activate\?token=(\S+))/.exec(first.output())
  assert.ok(link, first.output())
  assert.equal((await call(first.base, 'GET', '/auth/demo-accounts')).status, 404)
  const activated = await call(first.base, 'POST', '/auth/activate', { token: link[2], password: 'un mot de passe solide' })
  assert.equal(activated.status, 200)
  assert.equal(activated.body.user.role.name, 'Administrateur')
  assert.equal(activated.body.user.email, 'chef@ascenseurs.example')
  assert.equal(await stop(first), 0)

  const second = await start(dir, { DEMO_MODE: '0' })
  try {
    assert.ok(!/activate\?token=/.test(second.output()))
    const login = await call(second.base, 'POST', '/auth/login', { email: 'chef@ascenseurs.example', password: 'un mot de passe solide' })
    assert.equal(login.status, 200)
  } finally {
    assert.equal(await stop(second), 0)
  }
})

test('production refuses to start with demo mode asked for, or without JWT_SECRET, naming the variable', { timeout: 60_000, skip: embeddedRun }, async () => {
  const cases = [
    { env: { DEMO_MODE: '1', JWT_SECRET: 'x'.repeat(40) }, variable: /DEMO_MODE/ },
    { env: { DEMO_MODE: '0', JWT_SECRET: '' }, variable: /JWT_SECRET/ },
  ]
  for (const c of cases) {
    const proc = spawn(process.execPath, [mainFile], { env: { ...process.env, NODE_ENV: 'production', ...c.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    proc.stderr!.on('data', (d) => { out += d })
    const code = await new Promise((r) => proc.once('exit', r))
    assert.equal(code, 1)
    assert.match(out, c.variable)
  }
})
