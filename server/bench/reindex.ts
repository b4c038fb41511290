// `npm run -w server bench:reindex`: reindexAssistant of a whole store (the scale dataset of
// `npm run seed:scale`), measured in a process of its own built like the service (no load
// generator, no bare table beside it): its duration, the process's resident memory sampled
// every 20 ms during it and its peak over the whole run, the time of each phase, the
// ReindexResult and the size of the index on disk. Exits 1 when a target is missed.
//   DATABASE_URL=postgres://…/palier_scale npm run -w server bench:reindex
// DATA_DIR (or S3_*) as for the seed: where the manuals' files are (relative to where npm runs).
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { rowsOf } from '../src/db/set-based.queries.ts'
import { serviceEnv } from '../src/seed/scale.ts'

// Issue 15, section 6: the whole scale corpus in 3 minutes, the RSS never above 500 MB.
const MAX_SECONDS = 180
const MAX_RSS_MB = 500

if (!process.env.DATABASE_URL) throw new Error('bench:reindex reads a filled store: set DATABASE_URL (e.g. the database of npm run seed:scale)')
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
const loadStart = os.loadavg()[0]
const config = loadConfig(serviceEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development' }))
const app = await buildApp(config, { webClient: false })
const db = app.deps.database.db

// The phases the indexer logs (assistant.indexer.ts), with their times.
const phases: { phase: string; ms: number }[] = []
const log = {
  level: 'info',
  info: (o: unknown) => { if (o && typeof o === 'object' && 'phase' in o) phases.push(o as { phase: string; ms: number }) },
  warn: () => {}, error: (o: unknown) => console.error(o), debug: () => {}, trace: () => {}, fatal: () => {}, silent: () => {},
  child: () => log,
}

const rssBefore = process.memoryUsage().rss
let peak = rssBefore
const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 20)
const t0 = performance.now()
const result = await app.services.assistant.reindex(log as never)
const seconds = (performance.now() - t0) / 1000
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const maxRss = process.resourceUsage().maxRSS * 1024

const sizes = await rowsOf<{ name: string; bytes: string }>(db.execute(sql`
  SELECT c.relname AS name, pg_total_relation_size(c.oid)::text AS bytes FROM pg_class c
  WHERE c.relname IN ('assistant_excerpts', 'assistant_words', 'assistant_code_stems') ORDER BY 1`))
await app.close()

console.log(`\nreindexAssistant — ${new Date().toISOString()} — Node ${process.version}, ${os.cpus().length} CPU; load average (1 min) ${loadStart.toFixed(2)} at start, ${os.loadavg()[0].toFixed(2)} at end`)
console.log(JSON.stringify(result, null, 2))
for (const p of phases) console.log(`  ${p.phase.padEnd(40)}${(p.ms / 1000).toFixed(1).padStart(8)} s`)
console.log(`tables with their indexes (both generations kept): ${sizes.map((s) => `${s.name} ${mb(Number(s.bytes))} MB`).join(', ')}`)
const checks = [
  { name: 'duration', value: `${seconds.toFixed(1)} s`, target: `≤${MAX_SECONDS} s`, ok: seconds <= MAX_SECONDS },
  { name: 'RSS during it (sampled, 20 ms)', value: `${mb(rssBefore)} → peak ${mb(peak)} MB`, target: `≤${MAX_RSS_MB} MB`, ok: mb(peak) <= MAX_RSS_MB },
  { name: 'peak RSS of the process', value: `${mb(maxRss)} MB`, target: `≤${MAX_RSS_MB} MB`, ok: mb(maxRss) <= MAX_RSS_MB },
]
for (const c of checks) console.log(`${c.name.padEnd(34)}${c.value.padEnd(24)}${c.target.padEnd(12)}${c.ok ? 'ok' : 'MISSED'}`)
const missed = checks.filter((c) => !c.ok).length
console.log(missed ? `\n${missed} target(s) missed.` : '\nAll targets met.')
process.exit(missed ? 1 : 0)
