// Timings of the analytics summary and global search on a seeded store (npm run seed:scale):
//   DATABASE_URL=postgres://…/palier_scale node bench/insights.ts
// In process (no HTTP), 30 runs each, p50 and p95; figures in docs/analytics.md.
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/platform/db.ts'
import { AnalyticsService } from '../src/modules/analytics/analytics.service.ts'
import * as s from '../src/modules/search/search.queries.ts'
import { rowsOf } from '../src/db/set-based.queries.ts'
const d = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' })
const db = d.db
const [{ n }] = await rowsOf<{ n: number; mx: string }>(db.execute(sql`SELECT count(*)::int n FROM work_orders`))
const [site] = await rowsOf<{ id: string }>(db.execute(sql`SELECT id FROM locations WHERE parent_id IS NULL LIMIT 1`))
const [tech] = await rowsOf<{ id: string }>(db.execute(sql`SELECT user_id AS id FROM work_order_assignees GROUP BY user_id LIMIT 1`))
const [[latest]] = [await rowsOf<{ at: string; ref: string; a: string }>(db.execute(sql`SELECT max(created_at)::text at, max(reference) ref, (SELECT reference FROM assets LIMIT 1) a FROM work_orders`))]
console.log('orders', n, 'latest', latest)
const clock = { now: () => new Date(latest.at) }
const svc = new AnalyticsService({ database: d, clock } as never)
const all = { userId: tech.id, viewOther: true, siteIds: null }
const scoped = { userId: tech.id, viewOther: true, siteIds: [site.id] }
const own = { userId: tech.id, viewOther: false, siteIds: null }
async function time(name: string, f: () => Promise<unknown>, runs = 30) {
  await f(); const ms: number[] = []
  for (let i = 0; i < runs; i++) { const t0 = performance.now(); await f(); ms.push(performance.now() - t0) }
  ms.sort((a, b) => a - b)
  console.log(name.padEnd(50), 'p50', ms[Math.floor(runs / 2)].toFixed(1), 'p95', ms[Math.floor(runs * 0.95)].toFixed(1))
}
await time('analytics 12 (all)', () => svc.summary(all, { months: '12' }, true))
await time('analytics 3 (all)', () => svc.summary(all, { months: '3' }, true))
await time('analytics 12 (site)', () => svc.summary(scoped, { months: '12' }, true))
await time('analytics 12 (own)', () => svc.summary(own, { months: '12' }, true))
for (const q of ['cabine', 'vibrations', 'ascenseur bloqué', latest.ref, 'OT-1234', latest.a.slice(0, 5), 'résidence', 'xyzzy']) {
  await time(`search ${q} (all)`, () => Promise.all([s.searchWorkOrders(db, all, q), s.searchAssets(db, all, q), s.searchSites(db, all, q)]))
  await time(`search ${q} (own)`, () => s.searchWorkOrders(db, own, q), 10)
  await time(`search ${q} (site)`, () => s.searchWorkOrders(db, scoped, q), 10)
}
import * as aq from '../src/modules/analytics/analytics.queries.ts'
const to = new Date(latest.at); const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 11, 1))
const per = { from, to, firstMonth: from.toISOString().slice(0, 7), lastMonth: to.toISOString().slice(0, 7) }
await time('monthly', () => aq.monthly(db, all, per), 10)
await time('totals', () => aq.totals(db, all, per), 10)
await time('parts', () => aq.partsUnderThreshold(db), 10)
await d.close()
