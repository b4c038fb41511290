// `npm run seed:scale`: a fleet the size of a large maintenance company, written into an
// empty PostgreSQL database in a few set-based statements (INSERT … SELECT generate_series),
// for the benchmarks (server/bench/run.ts, BENCH_DATASET=scale) and for trying the screens at
// scale. At SCALE_FACTOR=1: 200 sites, 5,000 elevators under contract with their meters and
// a year of readings, 250,000 work orders (three years of monthly grids and breakdowns) with
// reports, checklists, assignees and about five events each, 20,000 requests, 12 suppliers,
// 2,000 spare parts with 1,000,000 stock movements (weekly purchase orders, receipts,
// consumptions on finished orders), labour lines and documents metadata; the assistant's
// corpus (notes on closed reports, 36 real PDF manuals of 225 pages in the storage); plus the
// demo accounts (one per role) so that demo login works when the service runs with
// DEMO_MODE=1. The rules of docs/work-orders.md hold as in the demo data.
import path from 'node:path'
import { uuidv7 } from 'uuidv7'
import type pg from 'pg'
import { initialsOf } from '../modules/users/users.service.ts'
import { ensureRolesAndMatrix } from '../modules/access/access.queries.ts'
import { openDatabase } from '../platform/db.ts'
import type { Storage } from '../platform/storage.ts'
import { DEMO_PEOPLE } from './demo-data.ts'
import { DEMO_TASK_TEMPLATES } from './demo-preventive.ts'
import { seedReferenceData } from './reference-data.ts'
import { BULK_TABLES, restoreAfterBulkLoad, setAsideForBulkLoad, setDetailTriggers, type SetAside } from './bulk-load.ts'
import { fleetSteps } from './scale-fleet.ts'
import { scaleManuals, seedScaleManuals } from './scale-manuals.ts'
import { inspectionSteps } from './scale-inspections.ts'
import { operationSteps } from './scale-operations.ts'
import { scaleSize, type ScaleSize } from './scale-size.ts'
import { stockSteps } from './scale-stock.ts'

export interface ScaleOptions {
  databaseUrl: string
  /** Where the manuals' files go: the storage the service will read (openStorage of its configuration). */
  storage: Storage
  factor?: number
  now?: Date
  log?: (line: string) => void
  /** Also times each statement. */
  verbose?: boolean
}

/**
 * The environment as the service started by `npm start` reads it: npm runs a workspace's
 * scripts (seed:scale, bench) in its folder (server/) but `npm start` in the root, so a relative
 * DATA_DIR is taken from where npm was called (INIT_CWD): the files land where the service
 * looks for them.
 */
export function serviceEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || 'data') }
}

/** What is left in a store that only ever had the service start on it: not data. */
const STANDARD_TABLES = new Set(['roles', 'permissions', 'categories', 'reference_values', 'task_templates'])

export class NotEmptyError extends Error {}

export async function seedScale(opts: ScaleOptions): Promise<{ size: ScaleSize; timings: [string, number][]; restored: SetAside[] }> {
  const size = scaleSize(opts.factor ?? 1)
  const now = opts.now ?? new Date()
  const log = opts.log ?? (() => {})
  const { default: pgm } = await import('pg')
  const client = new pgm.Client({ connectionString: opts.databaseUrl })
  await client.connect()
  const timings: [string, number][] = []
  let restored: SetAside[] = []
  const timed = async (name: string, f: () => Promise<unknown>) => {
    const t0 = performance.now()
    await f()
    const ms = Math.round(performance.now() - t0)
    timings.push([name, ms])
    log(`${name.padEnd(44)}${(ms / 1000).toFixed(1).padStart(7)} s`)
  }
  try {
    const filled = await nonEmptyTables(client)
    if (filled.length) throw new NotEmptyError(`seed:scale writes only into an empty database; this one has rows in: ${filled.join(', ')}`)

    await timed('migrations, roles, reference data', async () => {
      const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: '', poolSize: 1 })
      try {
        await ensureRolesAndMatrix(database.db)
        await seedReferenceData(database.db, now)
      } finally {
        await database.close()
      }
    })
    await client.query(`SET synchronous_commit = off; SET work_mem = '128MB'; SET maintenance_work_mem = '512MB'; SET jit = off; SELECT setseed(0.4242)`)
    await timed('task templates, people', () => seedPeople(client, size, now))
    const run = async (steps: [string, string][]) => {
      for (const [name, text] of steps) {
        await timed(name, async () => {
          // One statement at a time: a failure names its statement, SCALE_VERBOSE=1 times each.
          for (const statement of text.split(/;\s*\n(?=\s*[A-Z])/)) {
            const t0 = performance.now()
            await client.query(statement)
            if (opts.verbose) log(`    ${Math.round(performance.now() - t0)} ms  ${statement.trim().slice(0, 60).replace(/\s+/g, ' ')}`)
          }
        })
      }
    }
    await run(fleetSteps(size, now))
    let aside: SetAside[] = []
    await timed('indexes and foreign keys of the orders and the ledger set aside', async () => {
      aside = await setAsideForBulkLoad(client, BULK_TABLES)
      await setDetailTriggers(client, false)
    })
    await run([...operationSteps(size, now), ...stockSteps(size, now)])
    await timed(`${aside.length} indexes and foreign keys put back`, () => restoreAfterBulkLoad(client, aside))
    await run(inspectionSteps(size, now))
    await timed("stored details marked stale (the service builds them), parts' newest ledger pages built", () => setDetailTriggers(client, true))
    restored = aside
    await timed(`${scaleManuals(size.assets).length} manuals (PDF) into the storage`, () => seedScaleManuals(client, opts.storage, size.assets, now))
    await timed('vacuum analyze', () => client.query('VACUUM ANALYZE'))
  } finally {
    await client.end()
  }
  return { size, timings, restored }
}

async function nonEmptyTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
  const filled: string[] = []
  for (const { name } of rows) {
    if (STANDARD_TABLES.has(name)) continue
    const { rows: [r] } = await client.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM "${name}") AS any`)
    if (r.any) filled.push(name)
  }
  return filled
}

const FIRST = ['Julie', 'Nicolas', 'Camille', 'Mathieu', 'Sarah', 'Yanis', 'Laura', 'Hugo', 'Manon', 'Bastien', 'Léa', 'Romain', 'Chloé', 'Adrien', 'Emma', 'Sofiane', 'Pauline', 'Maxime', 'Inès', 'Alexis']
const LAST = ['Bernard', 'Roux', 'Fontaine', 'Mercier', 'Blanc', 'Guerin', 'Boyer', 'Garnier', 'Chevalier', 'François', 'Legrand', 'Gauthier', 'Perrin', 'Robin', 'Clément', 'Morin', 'Nicolas', 'Henry', 'Roussel', 'Mathieu']

interface Person { id: string; email: string; name: string; role: string; isDemo: boolean; rate: number | null; phone: string | null }

/**
 * The demo accounts (demo-data.ts: one per role, same names and e-mails as the demo), then
 * technicians, dispatchers and one Demandeur per site. Temporary tables tell the fleet and
 * operations steps who covers which site: technician i covers sites i, i + T, i + 2T…; the
 * demo Technicien and Technicien limité are technicians 1 and 2, the demo Dispatcher
 * dispatcher 1.
 */
async function seedPeople(client: pg.Client, size: ScaleSize, now: Date): Promise<void> {
  await client.query(`INSERT INTO task_templates (id, label, periodicity_months, created_at)
    SELECT id, label, p, $4 FROM unnest($1::uuid[], $2::text[], $3::int[]) AS t(id, label, p) ON CONFLICT DO NOTHING`,
  [DEMO_TASK_TEMPLATES.map(() => uuidv7()), DEMO_TASK_TEMPLATES.map((t) => t.label), DEMO_TASK_TEMPLATES.map((t) => t.periodicityMonths), now])

  const demo = DEMO_PEOPLE.filter((p) => p.isDemo)
  const key = (k: string) => demo.find((p) => p.key === k)!
  const people: Person[] = demo.map((p) => ({ id: uuidv7(), email: p.email, name: p.displayName, role: p.role, isDemo: true, rate: p.hourlyRateCents, phone: p.phone }))
  const idOf = (k: string) => people[demo.indexOf(key(k))].id
  const name = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`
  const technicians = [idOf('tech'), idOf('tech-limited')]
  for (let i = technicians.length; i < size.technicians; i++) {
    // One technician in ten is a Technicien limité (sees only its own orders).
    const p = { id: uuidv7(), email: `technicien.${i}@scale.palier.fr`, name: name(i), role: i % 10 === 5 ? 'Technicien limité' : 'Technicien', isDemo: false, rate: 3600 + (i % 12) * 200, phone: null }
    people.push(p)
    technicians.push(p.id)
  }
  const dispatchers = [idOf('dispatcher')]
  for (let i = 1; i < size.dispatchers; i++) {
    const p = { id: uuidv7(), email: `dispatch.${i}@scale.palier.fr`, name: name(i + 7), role: 'Dispatcher', isDemo: false, rate: 3700, phone: null }
    people.push(p)
    dispatchers.push(p.id)
  }
  // The demo Demandeur follows sites 1 and 2; every other site has its own.
  const requesters = [idOf('requester'), idOf('requester')]
  for (let s = 3; s <= size.sites; s++) {
    const p = { id: uuidv7(), email: `gestion.site${s}@scale.palier.fr`, name: `Gestion site ${s}`, role: 'Demandeur', isDemo: false, rate: null, phone: null }
    people.push(p)
    requesters.push(p.id)
  }
  await client.query(`INSERT INTO users (id, email, display_name, initials, phone, role_id, is_demo, hourly_rate_cents, activated_at, created_at)
    SELECT u.id, u.email, u.name, u.initials, u.phone, r.id, u.demo, u.rate, $9, $9
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bool[], $8::int[]) AS u(id, email, name, initials, phone, role, demo, rate)
    JOIN roles r ON r.name = u.role`,
  [people.map((p) => p.id), people.map((p) => p.email), people.map((p) => p.name), people.map((p) => initialsOf(p.name)), people.map((p) => p.phone),
    people.map((p) => p.role), people.map((p) => p.isDemo), people.map((p) => p.rate), now])
  // Who covers what, for the set-based steps that follow (same session).
  await client.query('CREATE TEMP TABLE scale_tech (idx int PRIMARY KEY, user_id uuid NOT NULL); CREATE TEMP TABLE scale_dispatcher (idx int PRIMARY KEY, user_id uuid NOT NULL); CREATE TEMP TABLE scale_requester (site_idx int PRIMARY KEY, user_id uuid NOT NULL)')
  await client.query('INSERT INTO scale_tech SELECT i - 1, id FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, i)', [technicians])
  await client.query('INSERT INTO scale_dispatcher SELECT i - 1, id FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, i)', [dispatchers])
  await client.query('INSERT INTO scale_requester SELECT i, id FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, i)', [requesters])
  await client.query('ANALYZE scale_tech, scale_dispatcher, scale_requester')
}
