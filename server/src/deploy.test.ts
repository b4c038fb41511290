// deploy/nginx/palier.conf in front of two real replicas (src/main.ts) on one PostgreSQL
// database and one Redis: nginx accepts the file (nginx -t), sends to both replicas, a write on
// one is read on the other, and with one replica taken out of the upstream (reload) then
// stopped by SIGTERM under load, every request through nginx still succeeds. Needs Debian's nginx, DATABASE_URL and REDIS_URL; skipped otherwise.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import http from 'node:http'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { eq } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { roles } from './modules/access/access.tables.ts'
import { users } from './modules/users/users.tables.ts'
import { Tokens } from './modules/auth/tokens.ts'
import { systemClock } from './platform/clock.ts'
import { openDatabase } from './platform/db.ts'
import { clonePgTemplate } from './test/template.ts'
import { freePort, startService, stopService, type Running } from './test/service-process.ts'

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p))
const SITE = new URL('../../deploy/nginx/palier.conf', import.meta.url)
const SECRET = 'deploy-test-secret-that-is-long-enough-0123456789'
const skip = !NGINX ? 'needs nginx (apt-get install nginx-light)'
  : !process.env.DATABASE_URL || !process.env.REDIS_URL ? 'needs DATABASE_URL and REDIS_URL (replicas share them)' : false
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The site file with the test's ports and folder instead of 3001/3002, 80 and /var/log/nginx. */
async function siteFor(dir: string, listen: number, ports: number[]): Promise<string> {
  let site = await readFile(SITE, 'utf8')
  for (const [i, port] of ports.entries()) {
    assert.ok(site.includes(`127.0.0.1:${3001 + i} `), `the site lists 127.0.0.1:${3001 + i}`)
    site = site.replace(`127.0.0.1:${3001 + i} `, `127.0.0.1:${port} `)
  }
  return site.replace('listen 80;', `listen 127.0.0.1:${listen};`).replace(/^\s*listen \[::\]:80;$/m, '').replaceAll('/var/log/nginx/', `${dir}/`)
}

/**
 * One request on a connection of its own: its status, -1 when it fails. The load's clients open
 * one connection per request because nginx's reload closes the client connections its old
 * workers hold idle, a race on the client's side of nginx (browsers send such a request again on
 * a new connection; Node's fetch does not), not on the replicas' side under test.
 */
function sendOnce(url: string, method: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(url, { method, agent: false, headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? -1))
      res.on('error', () => resolve(-1))
    })
    req.on('error', () => resolve(-1))
    req.end(body)
  })
}

/** requests_total of a route, summed over methods and status classes, read on a replica's metrics port. */
async function servedOn(metricsPort: number, route: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  return text.split('\n').filter((l) => l.startsWith('palier_http_requests_total{') && l.includes(`route="${route}"`))
    .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0)
}

test('nginx (deploy/) in front of two replicas: both serve, a write on one is read on the other, one taken out and stopped by SIGTERM under load and nothing fails', { skip, timeout: 240_000 }, async () => {
  const clone = await clonePgTemplate(process.env.DATABASE_URL!)
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palier-deploy-'))
  // nginx's workers (nobody, when the test runs as root) read and write under it.
  await chmod(dir, 0o755)
  const setup = await openDatabase({ databaseUrl: clone.url, dataDir: '', poolSize: 1, migrate: false })
  const [admin] = await setup.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Administrateur'))
  const userId = uuidv7()
  await setup.db.insert(users).values({ id: userId, email: `admin.${userId.slice(-8)}@test.palier`, displayName: 'Test Admin', initials: 'TA', roleId: admin.id, activatedAt: new Date() })
  await setup.close()
  const auth = { authorization: `Bearer ${new Tokens(SECRET, 3600, systemClock).issue(userId)}` }

  const replicas: Running[] = []
  const metricsPorts: number[] = []
  let nginx: ReturnType<typeof spawn> | null = null
  try {
    const prefix = `palier:test:deploy:${process.pid}:`
    for (let i = 0; i < 2; i++) {
      metricsPorts.push(await freePort())
      replicas.push(await startService({
        DATABASE_URL: clone.url, REDIS_URL: process.env.REDIS_URL!, REDIS_KEY_PREFIX: prefix, DATA_DIR: path.join(dir, `data-${i}`),
        DEMO_MODE: '0', JWT_SECRET: SECRET, TRUST_PROXY: '1', SHUTDOWN_DRAIN_MS: '300', RATE_LIMIT_PER_MINUTE: '100000',
        METRICS_PORT: String(metricsPorts[i]),
      }))
    }
    const [a, b] = replicas
    const listen = await freePort()
    await writeFile(path.join(dir, 'palier.conf'), await siteFor(dir, listen, [a.port, b.port]))
    await writeFile(path.join(dir, 'nginx.conf'), [
      'worker_processes 1;', `pid ${dir}/nginx.pid;`, `error_log ${dir}/error.log warn;`,
      'events { worker_connections 256; }',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/palier.conf;`,
      '}', '',
    ].join('\n'))
    const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')]
    const check = spawnSync(NGINX!, ['-t', ...args], { encoding: 'utf8' })
    assert.equal(check.status, 0, `nginx -t:\n${check.stderr}`)
    nginx = spawn(NGINX!, [...args, '-g', 'daemon off;'], { stdio: 'ignore' })
    const front = `http://127.0.0.1:${listen}`
    for (let i = 0; i < 100; i++) {
      const ok = await fetch(`${front}/readyz`).then((r) => r.ok, () => false)
      if (ok) break
      await sleep(100)
    }

    // Through nginx: both replicas answer, the request id is kept end to end.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${front}/api/health`, { headers: { 'x-request-id': `deploy-${i}` } })
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('x-request-id'), `deploy-${i}`)
    }
    const generated = await fetch(`${front}/api/health`)
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f]{32}$/, "nginx's $request_id when the client sends none")
    const invalid = await fetch(`${front}/api/health`, { headers: { 'x-request-id': 'not<an>id' } })
    assert.match(invalid.headers.get('x-request-id') ?? '', /^[0-9a-f]{32}$/, "nginx's $request_id for an id the service would not keep")
    // nginx writes its log line once the answer has left: the last one may come a moment later.
    const logged = async () => {
      const log = await readFile(path.join(dir, 'palier.access.log'), 'utf8')
      return log.includes('rid=deploy-3') && log.includes(`rid=${invalid.headers.get('x-request-id')}`)
    }
    let inLog = await logged()
    for (let i = 0; i < 40 && !inLog; i++) { await new Promise((r) => setTimeout(r, 50)); inLog = await logged() }
    assert.ok(inLog, "the same id in nginx's log")
    const perReplica = await Promise.all(metricsPorts.map((p) => servedOn(p, '/api/health')))
    assert.ok(perReplica.every((n) => n >= 1), `each replica served some: ${perReplica}`)
    // /metrics is on the replicas' metrics ports only, never through nginx (there the path is
    // the web client's, or 404 when no client is built).
    const throughFront = await (await fetch(`${front}/metrics`)).text()
    assert.ok(!throughFront.includes('palier_http_requests_total'), 'no metrics through nginx')

    // A write on one replica, read on the other (its kept answer dropped through Redis).
    const list = (r: Running) => fetch(`${r.base}/partners`, { headers: auth }).then(async (res) => ({ status: res.status, body: (await res.json() as { partners: { id: string }[] }).partners }))
    assert.deepEqual((await list(b)).body, [])
    const created = await fetch(`${a.base}/partners`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ascenseurs Martin', kind: 'SUPPLIER' }) })
    assert.equal(created.status, 201)
    const partner = await created.json() as { id: string }
    let seen: { id: string }[] = []
    for (let i = 0; i < 30 && !seen.some((p) => p.id === partner.id); i++) {
      seen = (await list(b)).body
      if (!seen.some((p) => p.id === partner.id)) await sleep(100)
    }
    assert.deepEqual(seen.map((p) => p.id), [partner.id])

    // One replica stopped by SIGTERM under reads and writes through nginx: nothing fails.
    const statuses: number[] = []
    let running = true
    const load = async (i: number) => {
      for (let n = 0; running; n++) {
        const write = i % 2 === 1
        statuses.push(await sendOnce(`${front}/api/${write ? `partners/${partner.id}` : 'partners'}`, write ? 'PATCH' : 'GET', auth,
          write ? JSON.stringify({ address: `${n} rue du Palier` }) : undefined))
      }
    }
    const loops = [0, 1, 2, 3].map(load)
    await sleep(300)
    // A restart behind nginx as docs/deployment.md says: out of the upstream first (`down`,
    // reload), then SIGTERM once nginx sends it nothing more. (nginx cannot poll /readyz: a
    // replica stopped while it still sends to it may see a write reset as its listener closes.)
    const served = async () => (await Promise.all(['/api/partners', '/api/partners/:id'].map((r) => servedOn(metricsPorts[0], r)))).reduce((x, y) => x + y)
    const before = await served()
    await writeFile(path.join(dir, 'palier.conf'), (await siteFor(dir, listen, [a.port, b.port])).replace(`127.0.0.1:${a.port} `, `127.0.0.1:${a.port} down `))
    const reload = spawnSync(NGINX!, ['-s', 'reload', ...args], { encoding: 'utf8' })
    assert.equal(reload.status, 0, `nginx -s reload:\n${reload.stderr}`)
    let [last, now] = [-1, await served()]
    while (now !== last) { await sleep(300); [last, now] = [now, await served()] }
    assert.ok(await served() > before, 'the replica served under load until it was taken out')
    assert.equal(await stopService(a, 'SIGTERM'), 0, 'a clean shutdown')
    await sleep(1000)
    running = false
    await Promise.all(loops)
    const failed = statuses.filter((s) => s !== 200)
    assert.ok(statuses.length > 20, `requests sent: ${statuses.length}`)
    const errors = failed.length ? await readFile(path.join(dir, 'palier.error.log'), 'utf8') : ''
    assert.deepEqual(failed, [], `${failed.length} of ${statuses.length} failed: ${failed.join(', ')}; nginx:\n${errors.slice(-2000)}`)
    for (let i = 0; i < 5; i++) assert.equal((await fetch(`${front}/api/health`)).status, 200)
  } finally {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) { const gone = new Promise((r) => nginx!.once('exit', r)); nginx.kill('SIGTERM'); await gone }
    await Promise.all(replicas.map((r) => stopService(r, 'SIGTERM')))
    await clone.drop()
    await rm(dir, { recursive: true, force: true })
  }
})
