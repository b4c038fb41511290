// CPU profile of the server while one endpoint is loaded
// (`npm run -w server bench:profile -- /api/assets`, or `bare` for the yardstick, `floor` for
// the admin page of orders sent from memory):
// same set-up as the bench (demo data, Administrateur token), the profiler running only
// during the load. Writes a .cpuprofile (open it in Chrome DevTools) and prints the
// functions that take the most time, by self time and by package.
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Session } from 'node:inspector/promises'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { roles } from '../src/modules/access/access.tables.ts'
import { assets } from '../src/modules/assets/assets.tables.ts'
import { users } from '../src/modules/users/users.tables.ts'
import { seedDemo } from '../src/seed/demo.ts'
import { startBare } from './bare.ts'

const target = process.argv[2] ?? '/api/users/me'
const seconds = Number(process.env.BENCH_SECONDS || 5)
const autocannon = createRequire(import.meta.url)('autocannon') as (o: object) => Promise<{ requests: { average: number } }>
const config = loadConfig({
  NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), DEMO_MODE: '1', RATE_LIMIT_PER_MINUTE: '1000000',
  REDIS_KEY_PREFIX: `palier:profile:${process.pid}:`,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  ...(process.env.ANSWER_CACHE_MB ? { ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB } : {}),
})
const app = await buildApp(config, { memoryDatabase: !config.databaseUrl })
// BENCH_DATASET=scale: the database of `npm run seed:scale`, read as it is.
if (process.env.BENCH_DATASET !== 'scale') await seedDemo(app.deps)
const [u] = await app.deps.database.db.select({ id: users.id }).from(users).innerJoin(roles, eq(users.roleId, roles.id))
  .where(and(eq(roles.name, 'Administrateur'), eq(users.isDemo, true)))
const [a] = await app.deps.database.db.select({ id: assets.id }).from(assets).limit(1)
const token = app.deps.tokens.issue(u.id)
await app.fastify.listen({ host: '127.0.0.1', port: 0 })
const port = (app.fastify.server.address() as { port: number }).port
// `floor`: the admin's first page of orders sent from memory (the bench's floor row).
const floorBody = target === 'floor' ? await (await fetch(`http://127.0.0.1:${port}/api/work-orders`, { headers: { authorization: `Bearer ${token}` } })).text() : undefined
const bare = target === 'bare' || target === 'floor' ? await startBare(app.deps.database, floorBody) : null
const url = bare ? (floorBody ? bare.staticUrl : bare.url) : `http://127.0.0.1:${port}${target.replace(':id', a.id)}`
const opts = { url, connections: 32, workers: 1, headers: { authorization: `Bearer ${token}` } }
await autocannon({ ...opts, amount: 2000 })

const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.start')
const cpu0 = process.cpuUsage()
const r = await autocannon({ ...opts, duration: seconds })
const cpu = process.cpuUsage(cpu0)
const { profile } = await session.post('Profiler.stop')
const file = path.join(os.tmpdir(), `palier-${target.replace(/\W+/g, '_')}.cpuprofile`)
writeFileSync(file, JSON.stringify(profile))
console.log(`${url}: ${Math.round(r.requests.average)} req/s, process CPU ${Math.round((cpu.user + cpu.system) / (r.requests.average * seconds))} µs/request; profile: ${file}`)

// Self time by function and by package, the idle time left out.
const delta = new Map<number, number>()
profile.samples!.forEach((id, i) => delta.set(id, (delta.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)))
const byFn = new Map<string, number>()
const byPkg = new Map<string, number>()
let busy = 0
for (const n of profile.nodes) {
  const t = delta.get(n.id) ?? 0
  if (n.callFrame.functionName === '(idle)') continue
  busy += t
  const url = n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/server\//, '')
  const fn = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`
  byFn.set(fn, (byFn.get(fn) ?? 0) + t)
  const pkg = url ? url.split('/').slice(0, url.startsWith('@') ? 2 : 1).join('/') : `(${n.callFrame.functionName})`
  byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t)
}
const top = (m: Map<string, number>, n: number) => [...m].sort((x, y) => y[1] - x[1]).slice(0, n)
  .map(([k, v]) => `${(100 * v / busy).toFixed(1).padStart(5)}%  ${k}`).join('\n')
console.log(`\nbusy time by package or file:\n${top(byPkg, 20)}\n\nbusy time by function (self):\n${top(byFn, 30)}`)
await bare?.close()
await app.close()
process.exit(0)
