// Preventive generation at fleet scale (`npm run -w server bench:preventive`): a throwaway
// store with 200 sites, 5,000 elevators under contract, the demo maintenance programme and
// 190,000 corrective work orders (the size of the scale data set's table), written set-based;
// then the generation of a first month (every asset a first control), its re-run, eleven
// ordinary months, and the status of the current month. Exits 1 when a target is missed.
// With DATABASE_URL: a database created on that server for the run and dropped after it;
// without: an in-memory PGlite. BENCH_KEEP=1 keeps the database for a look with psql.
// Results: docs/benchmarks.md.
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { categories } from '../src/modules/categories/categories.tables.ts'
import { locations } from '../src/modules/locations/locations.tables.ts'
import { taskTemplates } from '../src/modules/preventive/preventive.tables.ts'
import { uuidv7Sql } from '../src/db/set-based.queries.ts'
import { DEMO_TASK_TEMPLATES } from '../src/seed/demo-preventive.ts'
import { currentPeriodKey, monthIndex, periodKeyOf } from '../src/modules/preventive/preventive.months.ts'
import { PreventiveService } from '../src/modules/preventive/preventive.service.ts'
import { systemClock } from '../src/platform/clock.ts'
import { openDatabase, type Database } from '../src/platform/db.ts'

const ASSETS = 5_000
const SITES = 200
const CORRECTIVES = 190_000
const TARGETS = { firstRunMs: 5_000, rerunMs: 1_000, ordinaryMonthMs: 5_000, statusP50Ms: 50 }

const adminUrl = process.env.DATABASE_URL ?? null
const dbName = `palier_bench_preventive_${process.pid}`
let admin: import('pg').Client | null = null
if (adminUrl) {
  const { default: pg } = await import('pg')
  admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
}
const url = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : null

let database: Database | null = null
let failed = false
try {
  database = await openDatabase({ databaseUrl: url, dataDir: '', memory: !url })
  const db = database.db
  const t0 = performance.now()
  const siteIds = Array.from({ length: SITES }, () => uuidv7())
  await db.insert(locations).values(siteIds.map((id, i) => ({ id, name: `Site ${i + 1}`, city: 'Lyon' })))
  const categoryId = uuidv7()
  await db.insert(categories).values({ id: categoryId, kind: 'EQUIPMENT', name: 'Ascenseur' })
  await db.insert(taskTemplates).values(DEMO_TASK_TEMPLATES.map((t) => ({ id: uuidv7(), ...t })))
  // Commissioned over 30 years, one in ten without a date.
  await db.execute(sql`
    INSERT INTO assets (id, reference, brand, category_id, location_id, under_contract, commissioned_at)
    SELECT ${uuidv7Sql()}, 'BENCH-' || lpad(i::text, 5, '0'), 'Otis', ${categoryId}::uuid, (${`{${siteIds.join(",")}}`}::uuid[])[1 + i % ${SITES}], true,
      CASE WHEN i % 10 = 0 THEN NULL ELSE timestamptz '1995-01-01' + (i * 7919 % 11000) * interval '1 day' END
    FROM generate_series(1, ${ASSETS}) i`)
  await db.execute(sql`
    INSERT INTO work_orders (id, reference, number, type, status, priority, priority_rank, asset_id, description, created_at)
    SELECT ${uuidv7Sql()}, 'OT-' || lpad(n::text, 6, '0'), n, 'CORRECTIVE', CASE WHEN n % 20 = 0 THEN 'OPEN' ELSE 'DONE' END, 'NORMAL', 2, a.id,
      'Panne', now() - (n % 365) * interval '1 day'
    FROM (SELECT nextval('work_order_number_seq') AS n FROM generate_series(1, ${CORRECTIVES})) s
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM assets) a ON a.k = 1 + s.n % ${ASSETS}`)
  await db.execute(sql`VACUUM ANALYZE`)
  console.log(`fleet: ${SITES} sites, ${ASSETS} assets, ${DEMO_TASK_TEMPLATES.length} tasks, ${CORRECTIVES} corrective orders in ${Math.round(performance.now() - t0)} ms (${url ? 'PostgreSQL' : 'PGlite'}, load ${os.loadavg()[0].toFixed(1)})`)

  const service = new PreventiveService({ database, clock: systemClock })
  const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const start = performance.now()
    const result = await run()
    return [result, Math.round(performance.now() - start)]
  }
  const current = monthIndex(currentPeriodKey(new Date()))
  const rows: [string, string, number, number][] = []
  const check = (what: string, ms: number, max: number, detail: string) => {
    rows.push([what, detail, ms, max])
    if (ms > max) failed = true
  }

  const first = periodKeyOf(current - 11)
  const [r1, ms1] = await timed(() => service.generateMonth(first))
  check(`generate ${first} (first controls)`, ms1, TARGETS.firstRunMs, `${r1.created} grids, ${r1.firstControls} first controls`)
  const [r2, ms2] = await timed(() => service.generateMonth(first))
  check(`re-run ${first}`, ms2, TARGETS.rerunMs, `${r2.created} created, ${r2.alreadyPresent} already there`)
  const monthly: number[] = []
  for (let i = current - 10; i <= current; i++) {
    const [r, ms] = await timed(() => service.generateMonth(periodKeyOf(i)))
    if (r.created !== ASSETS) throw new Error(`${periodKeyOf(i)}: ${r.created} grids`)
    monthly.push(ms)
  }
  // Past months as a fleet lives them: nineteen grids in twenty done, the rest late.
  await db.execute(sql`UPDATE work_orders SET status = 'DONE', completed_at = due_at - interval '10 days'
    WHERE period_key IS NOT NULL AND period_key < ${periodKeyOf(current)} AND number % 20 <> 0`)
  await db.execute(sql`VACUUM ANALYZE work_orders`)
  monthly.sort((a, b) => a - b)
  check(`generate ${periodKeyOf(current - 10)}…${periodKeyOf(current)}, slowest`, monthly.at(-1)!, TARGETS.ordinaryMonthMs, `11 months, median ${monthly[5]} ms`)
  const [r3, ms3] = await timed(() => service.generateMonth(periodKeyOf(current)))
  check(`re-run ${periodKeyOf(current)}`, ms3, TARGETS.rerunMs, `${r3.alreadyPresent} already there`)
  const items = await db.execute(sql`SELECT count(*)::int AS n FROM checklist_items`) as unknown as { rows: { n: number }[] }

  const scope = { userId: uuidv7(), viewOther: true, siteIds: null }
  const statusTimes: number[] = []
  let status = await service.status(scope)
  for (let i = 0; i < 20; i++) {
    const [s, ms] = await timed(() => service.status(scope))
    status = s
    statusTimes.push(ms)
  }
  statusTimes.sort((a, b) => a - b)
  check('getPreventiveStatus (p50 of 20)', statusTimes[10], TARGETS.statusP50Ms, JSON.stringify(status))

  console.log(`${items.rows[0].n} checklist items in all\n`)
  console.log('| step | detail | ms | target |\n|---|---|---:|---:|')
  for (const [what, detail, ms, max] of rows) console.log(`| ${what} | ${detail} | ${ms} | ≤ ${max}${ms > max ? ' **missed**' : ''} |`)
} finally {
  await database?.close()
  if (admin && process.env.BENCH_KEEP) console.log(`kept database ${dbName} (BENCH_KEEP)`)
  else if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName}`)
    await admin.end()
  }
}
process.exit(failed ? 1 : 0)
