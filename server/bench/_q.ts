import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { assets } from '../src/db/schema.ts'
import * as aq from '../src/modules/assets/assets.queries.ts'
import * as al from '../src/modules/assets/assets.list.queries.ts'
import * as mq from '../src/modules/meters/meters.queries.ts'
import * as lq from '../src/modules/locations/locations.queries.ts'
import * as acq from '../src/modules/access/access.queries.ts'
const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: '/tmp', DEMO_MODE: '0', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) })
const app = await buildApp(config, { memoryDatabase: !config.databaseUrl })
const db = app.deps.database.db
const client = (db as any).$client
const [a] = await db.select({ id: assets.id }).from(assets).limit(1)
const [u] = await client.query('select id from users limit 1').then((r: any) => r.rows)
const time = async (name: string, f: () => Promise<unknown>) => {
  for (let i = 0; i < 200; i++) await f()
  const t0 = performance.now(); const n = 1000
  for (let i = 0; i < n; i++) await f()
  console.log(name.padEnd(20), ((performance.now() - t0) / n * 1000).toFixed(0), 'µs')
}
await time('select 1', () => client.query('SELECT 1'))
await time('users pk', () => client.query('SELECT id, email FROM users WHERE id = $1', [u.id]))
await time('principal', () => acq.principalRow(db, u.id))
await time('asset detail', () => aq.assetDetail(db, a.id, { siteIds: null }))
await time('asset page', () => al.listAssetsPage(db, { siteIds: null }, {}, { limit: 50 }))
await time('meters', () => mq.metersWithReadings(db, a.id, { siteIds: null }, 50))
await time('locations', () => lq.listLocations(db, { siteIds: null }))
await app.close()
