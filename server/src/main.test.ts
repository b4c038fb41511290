// The service as a newcomer runs it: a real process on the embedded defaults, stopped with
// Ctrl-C (SIGINT) and started again on the same data folder.
import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { after, test } from 'node:test'

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url))
const folders: string[] = []
after(async () => { for (const f of folders) await rm(f, { recursive: true, force: true }) })

async function freePort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()))
  const { port } = srv.address() as net.AddressInfo
  await new Promise((r) => srv.close(r))
  return port
}

interface Running { proc: ChildProcess; base: string; port: number; output: () => string }

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort()
  const { DATABASE_URL: _d, REDIS_URL: _r, ...inherited } = process.env
  const proc = spawn(process.execPath, [mainFile], {
    // HOST: '' leaves the choice to the service (demo mode: loopback).
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout!.on('data', (d) => { out += d })
  proc.stderr!.on('data', (d) => { out += d })
  const base = `http://127.0.0.1:${port}/api`
  // A first demo start seeds the data set: on a busy 2-core machine that can take a while.
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`exited early:\n${out}`)
    try {
      if ((await fetch(`${base}/health`)).ok) return { proc, base, port, output: () => out }
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error(`did not start:\n${out}`)
}

async function stop(r: Running): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => r.proc.once('exit', (code) => resolve(code)))
  r.proc.kill('SIGINT')
  return exited
}

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

test('demo start: a banner with the loopback address, Ctrl-C stops cleanly, a restart keeps every record and token', { timeout: 300_000 }, async () => {
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

test('an empty store without demo prints a one-time link for the first administrator', { timeout: 120_000 }, async () => {
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

test('production refuses to start with demo mode asked for, or without JWT_SECRET, naming the variable', { timeout: 60_000 }, async () => {
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
