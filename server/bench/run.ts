// Load benchmark (`npm run bench`): the real app in this process on the embedded defaults
// (in-memory PGlite, memory cache) — or PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set,
// into which the demo data is then seeded — loaded with autocannon from a worker thread.
// Prints a table against TARGETS and exits 1 when one is missed. Results: docs/benchmarks.md.
import { rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { and, eq } from 'drizzle-orm'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { assets, roles, users } from '../src/db/schema.ts'
import { seedDemo } from '../src/db/seed/demo.ts'
import type { RoleName } from '../src/http/permissions.ts'
import { hashPassword, verifyPassword } from '../src/platform/passwords.ts'

// Targets for a 2-core machine: about 2× headroom on the throughput and latency measured on a
// quiet machine (docs/benchmarks.md), so that a miss means a regression rather than noise.
// Memory gets less (~1.4×): twice the RSS would hide a leak. `embedded` is the default set-up
// (in-memory PGlite, memory cache); `external` applies when DATABASE_URL is set.
interface Targets {
  endpoints: Record<string, { minRps: number; maxP99Ms: number }>
  maxErrors: number; maxNon2xx: number
  maxRssAfterLoadMb: number; maxPeakRssMb: number
  argon2HashP50Ms: number; argon2VerifyP50Ms: number
}
const TARGETS: Record<'embedded' | 'external', Targets> = {
  embedded: {
    endpoints: {
      'GET /api/health': { minRps: 900, maxP99Ms: 30 },
      'GET /api/users/me': { minRps: 500, maxP99Ms: 50 },
      'GET /api/locations (admin)': { minRps: 200, maxP99Ms: 120 },
      'GET /api/locations (Demandeur)': { minRps: 250, maxP99Ms: 100 },
      'GET /api/users': { minRps: 180, maxP99Ms: 150 },
      'GET /api/teams': { minRps: 200, maxP99Ms: 120 },
      'GET /api/assets (page of 50)': { minRps: 120, maxP99Ms: 200 },
      'GET /api/assets?q=otis': { minRps: 180, maxP99Ms: 150 },
      'GET /api/assets/options': { minRps: 300, maxP99Ms: 80 },
      'GET /api/assets/:id': { minRps: 140, maxP99Ms: 180 },
      'GET /api/assets/:id/meters': { minRps: 130, maxP99Ms: 180 },
    },
    maxErrors: 0, maxNon2xx: 0,
    // PGlite keeps its WASM heap (~300 MB) and peaks at ~1.3 GB while it initialises.
    maxRssAfterLoadMb: 1000, maxPeakRssMb: 1800,
    argon2HashP50Ms: 40, argon2VerifyP50Ms: 40,
  },
  external: {
    endpoints: {
      'GET /api/health': { minRps: 1500, maxP99Ms: 40 },
      'GET /api/users/me': { minRps: 1200, maxP99Ms: 40 },
      'GET /api/locations (admin)': { minRps: 450, maxP99Ms: 60 },
      'GET /api/locations (Demandeur)': { minRps: 450, maxP99Ms: 60 },
      'GET /api/users': { minRps: 380, maxP99Ms: 70 },
      'GET /api/teams': { minRps: 500, maxP99Ms: 60 },
      'GET /api/assets (page of 50)': { minRps: 300, maxP99Ms: 70 },
      'GET /api/assets?q=otis': { minRps: 300, maxP99Ms: 60 },
      'GET /api/assets/options': { minRps: 500, maxP99Ms: 40 },
      'GET /api/assets/:id': { minRps: 300, maxP99Ms: 70 },
      'GET /api/assets/:id/meters': { minRps: 280, maxP99Ms: 80 },
    },
    maxErrors: 0, maxNon2xx: 0,
    maxRssAfterLoadMb: 650, maxPeakRssMb: 650,
    argon2HashP50Ms: 40, argon2VerifyP50Ms: 40,
  },
}

const SECONDS = Number(process.env.BENCH_SECONDS || 5)
const CONNECTIONS = 10

// autocannon ships no typings: the slice used here (it is CommonJS).
interface CannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number; max: number }
  errors: number; timeouts: number; non2xx: number
}
type Autocannon = (opts: Record<string, unknown>) => Promise<CannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

const rssStart = process.memoryUsage().rss
const loadStart = os.loadavg()[0]
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-bench-'))
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true })) // also when a step throws
const env = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  DEMO_MODE: '1', // demo accounts authenticate only in demo mode
  RATE_LIMIT_PER_MINUTE: '1000000', // the highest the configuration accepts
  REDIS_KEY_PREFIX: `palier:bench:${process.pid}:`,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
}
const config = loadConfig(env)
const mode = config.databaseUrl ? 'external' : 'embedded'
const T = TARGETS[mode]
const app = await buildApp(config, { memoryDatabase: !config.databaseUrl })
const setup = {
  database: app.deps.database.kind,
  cache: app.deps.cache.kind,
  seeded: await seedDemo(app.deps),
}

async function demoUser(role: RoleName): Promise<string> {
  const [u] = await app.deps.database.db.select({ id: users.id }).from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(and(eq(roles.name, role), eq(users.isDemo, true)))
  if (!u) throw new Error(`no demo ${role} in the users table: bench needs the demo data (use an empty, throwaway database)`)
  return app.deps.tokens.issue(u.id)
}
const admin = await demoUser('Administrateur')
const requester = await demoUser('Demandeur')
const [someAsset] = await app.deps.database.db.select({ id: assets.id }).from(assets).limit(1)

await app.fastify.listen({ host: '127.0.0.1', port: 0 })
const address = app.fastify.server.address()
if (!address || typeof address === 'string') throw new Error('no TCP address')
const base = `http://127.0.0.1:${address.port}`

const cases: { name: string; path: string; token: string | null }[] = [
  { name: 'GET /api/health', path: '/api/health', token: null },
  { name: 'GET /api/users/me', path: '/api/users/me', token: admin },
  { name: 'GET /api/locations (admin)', path: '/api/locations', token: admin },
  { name: 'GET /api/locations (Demandeur)', path: '/api/locations', token: requester },
  { name: 'GET /api/users', path: '/api/users', token: admin },
  { name: 'GET /api/teams', path: '/api/teams', token: admin },
  { name: 'GET /api/assets (page of 50)', path: '/api/assets', token: admin },
  { name: 'GET /api/assets?q=otis', path: '/api/assets?q=otis', token: admin },
  { name: 'GET /api/assets/options', path: '/api/assets/options', token: requester },
  { name: 'GET /api/assets/:id', path: `/api/assets/${someAsset.id}`, token: admin },
  { name: 'GET /api/assets/:id/meters', path: `/api/assets/${someAsset.id}/meters`, token: admin },
]

// Sanity: every case answers 200, and the Demandeur really gets a scoped (smaller) list.
const sizes = new Map<string, number>()
for (const c of cases) {
  const res = await fetch(base + c.path, { headers: c.token ? { authorization: `Bearer ${c.token}` } : {} })
  const body = await res.json() as unknown
  if (res.status !== 200) throw new Error(`${c.name} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`)
  // List answers are `{ locations: [...] }`, `{ users: [...] }`…: count the first array.
  const items = Object.values(body as object).find(Array.isArray) as unknown[] | undefined
  if (Array.isArray(items)) sizes.set(c.name, items.length)
}
const scoped = sizes.get('GET /api/locations (Demandeur)')!
const all = sizes.get('GET /api/locations (admin)')!
if (!(scoped > 0 && scoped < all)) throw new Error(`Demandeur sees ${scoped} locations of ${all}: not scoped`)

const rssLoaded = process.memoryUsage().rss
interface Row { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; ok: boolean; target: string }
const rows: Row[] = []
for (const c of cases) {
  const opts = {
    url: base + c.path,
    connections: CONNECTIONS,
    headers: c.token ? { authorization: `Bearer ${c.token}` } : {},
    // The load generator runs in a worker thread so it does not share the server's event loop.
    workers: 1,
  }
  await autocannon({ ...opts, amount: 500 }) // warm-up, not measured
  const r = await autocannon({ ...opts, duration: SECONDS })
  const t = T.endpoints[c.name]
  const errors = r.errors + r.timeouts
  const ok = r.requests.average >= t.minRps && r.latency.p99 <= t.maxP99Ms && errors <= T.maxErrors && r.non2xx <= T.maxNon2xx
  rows.push({
    name: c.name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99,
    errors, non2xx: r.non2xx, ok, target: `≥${t.minRps}/s, p99≤${t.maxP99Ms}ms`,
  })
}
const rssAfter = process.memoryUsage().rss
const maxRss = process.resourceUsage().maxRSS * 1024

// Argon2id, one at a time (the cost of one login / one activation).
const hashMs: number[] = []
const verifyMs: number[] = []
for (let i = 0; i < 20; i++) {
  const password = `bench-password-${i}-correct horse`
  let t0 = performance.now()
  const stored = await hashPassword(password)
  hashMs.push(performance.now() - t0)
  t0 = performance.now()
  const valid = await verifyPassword(stored, password)
  verifyMs.push(performance.now() - t0)
  if (!valid) throw new Error('argon2 verify refused its own hash')
}
hashMs.sort((a, b) => a - b)
verifyMs.sort((a, b) => a - b)

await app.close()

const pad = (s: string | number, n: number) => String(s).padEnd(n)
const padL = (s: string | number, n: number) => String(s).padStart(n)
console.log(`\nPalier benchmark — ${new Date().toISOString()} — Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()})`)
console.log(`${mode} targets: database ${setup.database}, cache ${setup.cache}, demo data ${setup.seeded ? 'seeded' : 'already there'}; ${CONNECTIONS} connections, ${SECONDS} s per endpoint`)
const loadEnd = os.loadavg()[0]
console.log(`load average (1 min) at start ${loadStart.toFixed(2)}, at end ${loadEnd.toFixed(2)}${loadStart > 1 ? ' — the machine was busy before the run (other jobs, or a previous run): numbers are pessimistic' : ''}`)
console.log(`locations visible: admin ${all}, Demandeur ${scoped}\n`)
console.log(`${pad('endpoint', 34)}${padL('req/s', 8)}${padL('p50 ms', 8)}${padL('p99 ms', 8)}${padL('errors', 8)}${padL('non-2xx', 9)}  ${pad('target', 22)}result`)
for (const r of rows) {
  console.log(`${pad(r.name, 34)}${padL(r.rps, 8)}${padL(r.p50, 8)}${padL(r.p99, 8)}${padL(r.errors, 8)}${padL(r.non2xx, 9)}  ${pad(r.target, 22)}${r.ok ? 'ok' : 'MISSED'}`)
}

const checks: { name: string; value: string; target: string; ok: boolean }[] = [
  { name: 'RSS after imports', value: `${mb(rssStart)} MB`, target: '', ok: true },
  { name: 'RSS after build + seed', value: `${mb(rssLoaded)} MB`, target: '', ok: true },
  { name: 'RSS after load', value: `${mb(rssAfter)} MB`, target: `≤${T.maxRssAfterLoadMb} MB`, ok: mb(rssAfter) <= T.maxRssAfterLoadMb },
  { name: 'peak RSS (process)', value: `${mb(maxRss)} MB`, target: `≤${T.maxPeakRssMb} MB`, ok: mb(maxRss) <= T.maxPeakRssMb },
  {
    name: 'argon2id hash (20×)', value: `p50 ${pct(hashMs, 0.5).toFixed(1)} ms, max ${hashMs.at(-1)!.toFixed(1)} ms`,
    target: `p50≤${T.argon2HashP50Ms} ms`, ok: pct(hashMs, 0.5) <= T.argon2HashP50Ms,
  },
  {
    name: 'argon2id verify (20×)', value: `p50 ${pct(verifyMs, 0.5).toFixed(1)} ms, max ${verifyMs.at(-1)!.toFixed(1)} ms`,
    target: `p50≤${T.argon2VerifyP50Ms} ms`, ok: pct(verifyMs, 0.5) <= T.argon2VerifyP50Ms,
  },
]
console.log('')
for (const c of checks) console.log(`${pad(c.name, 32)}${pad(c.value, 34)}${pad(c.target, 16)}${c.target ? (c.ok ? 'ok' : 'MISSED') : ''}`)
console.log('(RSS is the whole process: server, embedded database when used, and the load-generator worker.)')

const missed = rows.filter((r) => !r.ok).length + checks.filter((c) => !c.ok).length
console.log(missed ? `\n${missed} target(s) missed.` : '\nAll targets met.')
process.exit(missed ? 1 : 0)
