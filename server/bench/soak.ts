// Soak (`npm run bench:soak`, issue 17): the service as a real process (src/main.ts) on its
// demo data, under a steady mix of reads and writes for SOAK_MINUTES (30 by default), sent at
// a fixed rate whatever the answers take (SOAK_RATE requests a second, 80 % reads), as a day's
// traffic arrives. Each minute: requests, failures, p50/p99, and the process's resident size.
// Judged after a warm-up of WARM_UP_MINUTES: no failure; every RSS sample within 10 % of the
// first one after the warm-up; the p99 of the last five minutes no more than 1.5 × (+ 2 ms) that
// of the first five after the warm-up. Orders written to are replaced by new ones after ten
// comments, so no record grows without end (a real order gets a few comments, not thousands).
// On the embedded store by default; DATABASE_URL (an empty database: the demo data is seeded
// into it) and REDIS_URL to soak on PostgreSQL and Redis. Results: docs/benchmarks.md.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { startService, stopService } from '../src/test/service-process.ts'

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30)
const RATE = Number(process.env.SOAK_RATE ?? 100)
const WARM_UP_MINUTES = Math.min(5, Math.max(1, Math.floor(MINUTES / 6)))
const MAX_IN_FLIGHT = 256
const COMMENTS_PER_ORDER = 10
const LIVE_ORDERS = 40

interface Sample { ms: number; ok: boolean }
interface Minute { samples: Sample[]; rssMb: number }

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-soak-'))
const env: Record<string, string> = { DEMO_MODE: '1', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' }
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL
if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL
// The answers kept in process fill their LRU (64 MB by default) as new orders are read: a
// soak that judges the RSS's flatness without them sets ANSWER_CACHE_MB=0.
if (process.env.ANSWER_CACHE_MB) env.ANSWER_CACHE_MB = process.env.ANSWER_CACHE_MB
const service = await startService(env)
const base = service.base
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${service.proc.pid}/status`, 'utf8'))![1]) / 1024

async function call(token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}
async function must(token: string, method: string, url: string, body?: unknown) {
  const res = await call(token, method, url, body)
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

// Who reads and writes: the demo accounts of three roles.
const accounts = ((await (await fetch(`${base}/auth/demo-accounts`)).json()) as { accounts: unknown }).accounts as { id: string; roleName: string }[]
const tokenOf = async (role: string) => {
  const account = accounts.find((a) => a.roleName === role)!
  const res = await fetch(`${base}/auth/demo-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: account.id }) })
  return ((await res.json()) as { accessToken: string }).accessToken
}
const [admin, dispatcher, technician] = [await tokenOf('Administrateur'), await tokenOf('Dispatcher'), await tokenOf('Technicien')]

// What they read and write: elevators with their meters, parts, orders made by the soak.
const assets = (await must(admin, 'GET', '/assets?limit=100')).assets as { id: string }[]
const meters: { assetId: string; meterId: string; value: number; busy: boolean }[] = []
for (const a of assets.slice(0, 20)) {
  for (const m of (await must(admin, 'GET', `/assets/${a.id}/meters`)).meters as { id: string }[]) meters.push({ assetId: a.id, meterId: m.id, value: Date.now() * 10, busy: false })
}
const parts = ((await must(admin, 'GET', '/parts?limit=50')).parts as { id: string }[]).map((p) => p.id)
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]
let made = 0
const newOrder = async () => (await must(dispatcher, 'POST', '/work-orders', { assetId: pick(assets).id, description: `Soak ${++made} : porte palière qui se rouvre au 3e étage` })).id as string
const live: { id: string; comments: number; status: string; busy: boolean }[] = []
for (let i = 0; i < LIVE_ORDERS; i++) live.push({ id: await newOrder(), comments: 0, status: 'OPEN', busy: false })
const seen: string[] = live.map((o) => o.id)

// One request of the mix; false when it failed (an answer outside 2xx, or none).
const reads: (() => Promise<{ status: number }>)[] = [
  () => call(dispatcher, 'GET', '/work-orders?limit=30'),
  () => call(dispatcher, 'GET', '/work-orders?status=OPEN&limit=30'),
  () => call(technician, 'GET', '/work-orders?mine=true&limit=30'),
  () => call(technician, 'GET', `/work-orders/${pick(seen)}`),
  () => call(dispatcher, 'GET', `/work-orders/${pick(live).id}`),
  () => call(dispatcher, 'GET', '/requests?limit=30'),
  () => call(technician, 'GET', `/assets/${pick(assets).id}`),
  () => call(technician, 'GET', `/assets/${pick(meters).assetId}/meters`),
  () => call(admin, 'GET', '/parts?limit=50'),
  () => call(admin, 'GET', `/parts/${pick(parts)}`),
  () => call(admin, 'GET', '/assets?limit=50'),
]
const writes: (() => Promise<{ status: number }>)[] = [
  async () => {
    const order = pick(live)
    order.comments++
    if (order.comments === COMMENTS_PER_ORDER) {
      // Replaced at once (the next comments go to another); written to for the last time here.
      const index = live.indexOf(order)
      live[index] = { id: await newOrder(), comments: 0, status: 'OPEN', busy: false }
      seen.push(live[index].id)
    }
    return call(technician, 'POST', `/work-orders/${order.id}/comments`, { body: `Galets de porte remplacés, essais faits (${order.comments}).` })
  },
  async () => {
    // One reading at a time per meter: two in flight could arrive in the other order, and a
    // reading below the last one is refused (400), rightly.
    const free = meters.filter((m) => !m.busy)
    if (!free.length) return { status: 200 }
    const meter = pick(free)
    meter.busy = true
    meter.value += 1 + Math.floor(Math.random() * 5)
    try {
      return await call(technician, 'POST', `/assets/${meter.assetId}/meter-readings`, { meterId: meter.meterId, value: meter.value })
    } finally { meter.busy = false }
  },
  () => call(admin, 'POST', `/parts/${pick(parts)}/movements`, { kind: 'MANUAL', quantity: 1, reason: 'Réception magasin' }),
  async () => {
    const order = live.find((o) => !o.busy && o.comments < COMMENTS_PER_ORDER - 1)
    if (!order) return { status: 200 }
    order.busy = true
    const to = order.status === 'IN_PROGRESS' ? 'ON_HOLD' : 'IN_PROGRESS'
    try {
      const res = await call(technician, 'POST', `/work-orders/${order.id}/transition`, to === 'ON_HOLD' ? { to, reason: 'Pièce commandée' } : { to })
      if (res.status === 200) order.status = to
      return res
    } finally { order.busy = false }
  },
]

const minutes: Minute[] = []
let current: Sample[] = []
let inFlight = 0
let dropped = 0
const failures: string[] = []
const started = performance.now()
const interval = 1000 / RATE
let sent = 0
console.log(`soak: ${MINUTES} min at ${RATE} requests/s (80 % reads), warm-up ${WARM_UP_MINUTES} min, RSS at start ${rssMb().toFixed(0)} MB`)
await new Promise<void>((done) => {
  const tick = setInterval(() => {
    const elapsed = performance.now() - started
    // Requests due since the last tick, at the fixed rate (open loop: a slow answer delays none).
    for (const due = Math.floor(elapsed / interval); sent < due; sent++) {
      if (inFlight >= MAX_IN_FLIGHT) { dropped++; continue }
      const isWrite = sent % 5 === 4
      const run = isWrite ? writes[(sent / 5 | 0) % writes.length] : reads[sent % reads.length]
      const t0 = performance.now()
      const into = current
      inFlight++
      run().then(
        (res) => { into.push({ ms: performance.now() - t0, ok: res.status < 300 }); if (res.status >= 300 && failures.length < 20) failures.push(`${res.status}`) },
        (err) => { into.push({ ms: performance.now() - t0, ok: false }); if (failures.length < 20) failures.push(String(err)) },
      ).finally(() => { inFlight-- })
    }
    if (elapsed >= (minutes.length + 1) * 60_000) {
      minutes.push({ samples: current, rssMb: rssMb() })
      current = []
      const m = minutes.at(-1)!
      console.log(`  minute ${minutes.length}: ${m.samples.length} requests, ${m.samples.filter((s) => !s.ok).length} failed, p50 ${pct(m.samples, 50)} ms, p99 ${pct(m.samples, 99)} ms, RSS ${m.rssMb.toFixed(0)} MB`)
      if (minutes.length === MINUTES) { clearInterval(tick); done() }
    }
  }, 5)
})
while (inFlight > 0) await new Promise((r) => setTimeout(r, 50))
await stopService(service, 'SIGTERM')
await rm(dataDir, { recursive: true, force: true })

function pct(samples: Sample[], p: number): number {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b)
  return ms.length ? Math.round(ms[Math.min(ms.length - 1, Math.floor((ms.length * p) / 100))] * 10) / 10 : 0
}
const after = minutes.slice(WARM_UP_MINUTES)
const baseline = after[0].rssMb
const worstRss = Math.max(...after.map((m) => Math.abs(m.rssMb - baseline) / baseline))
const window = Math.max(1, Math.min(5, Math.floor(after.length / 2)))
const firstP99 = pct(after.slice(0, window).flatMap((m) => m.samples), 99)
const lastP99 = pct(after.slice(-window).flatMap((m) => m.samples), 99)
const all = minutes.flatMap((m) => m.samples)
const failed = all.filter((s) => !s.ok).length
const checks = [
  { name: 'requests answered 2xx', value: `${all.length - failed} of ${all.length} (${dropped} not sent: ${MAX_IN_FLIGHT} in flight)`, ok: failed === 0 && dropped === 0 },
  { name: `RSS after the warm-up within 10 % of ${baseline.toFixed(0)} MB`, value: `${(worstRss * 100).toFixed(1)} % at most (${Math.min(...after.map((m) => m.rssMb)).toFixed(0)}–${Math.max(...after.map((m) => m.rssMb)).toFixed(0)} MB)`, ok: worstRss <= 0.1 },
  { name: `p99, last ${window} min against first ${window} after the warm-up`, value: `${lastP99} ms against ${firstP99} ms`, ok: lastP99 <= firstP99 * 1.5 + 2 },
]
for (const c of checks) console.log(`${c.ok ? '✔' : '✖'} ${c.name}: ${c.value}`)
if (failures.length) console.log(`first failures: ${failures.join(', ')}`)
console.log(`${made} orders made, p50 overall ${pct(all, 50)} ms, p99 overall ${pct(all, 99)} ms`)
process.exit(checks.every((c) => c.ok) ? 0 : 1)
