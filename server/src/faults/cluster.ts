// The fault suite's deployment: two replicas of the real service (service-process.ts) on one
// PostgreSQL database (a clone of the test template), one redis-server of the suite's own
// (so that it may be frozen), one S3 bucket (s3rver, reached through a TCP proxy the suite
// may cut), behind the round-robin balancer of rr-proxy.ts. The store is seeded directly with an Administrateur
// (the token is signed with the replicas' JWT_SECRET) and a fleet of elevators under
// contract that no grid covers yet, so that the replicas' first start runs the monthly job.
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { uuidv7 } from 'uuidv7'
import { roles } from '../modules/access/access.tables.ts'
import { assets } from '../modules/assets/assets.tables.ts'
import { categories } from '../modules/categories/categories.tables.ts'
import { locations } from '../modules/locations/locations.tables.ts'
import { users } from '../modules/users/users.tables.ts'
import { Tokens } from '../modules/auth/tokens.ts'
import { systemClock } from '../platform/clock.ts'
import { openDatabase } from '../platform/db.ts'
import { clonePgTemplate } from '../test/template.ts'
import { startRedisServer, type OwnRedis } from '../test/redis-server.ts'
import { startService, stopService, type Running } from '../test/service-process.ts'
import { TcpProxy } from '../test/tcp-proxy.ts'
import { RoundRobinProxy } from './rr-proxy.ts'

interface S3rverInstance { run(): Promise<{ address: string; port: number }>; close(): Promise<void> }
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: Record<string, unknown>) => S3rverInstance
export const BUCKET = 'palier-faults'

// Node's on-disk cache of compiled code, for the replicas (each restart compiles the same modules).
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'palier-node-compile-cache')

const SECRET = 'fault-suite-secret-that-is-long-enough-0123456789'
export const DRAIN_MS = 1000
export const FLEET = 40

export interface Cluster {
  proxy: RoundRobinProxy
  replicas: Running[]
  redis: OwnRedis
  /** The path from the replicas to the S3 server: `cut()` takes the storage away. */
  s3path: TcpProxy
  /** The S3 server itself, for the checks of what is stored. */
  s3endpoint: string
  /** A connection to the server's maintenance database, for checks and pg_terminate_backend. */
  admin: pg.Client
  /** A connection to the replicas' database, for the checks of what is stored. */
  store: pg.Client
  dbName: string
  token: string
  locationId: string
  categoryId: string
  fleet: string[]
  /** Starts replica `i` again (after it exited); resolves with ms from spawn to /readyz 200. */
  restart(i: number): Promise<number>
  close(): Promise<void>
}

export async function startCluster(baseUrl: string): Promise<Cluster> {
  const clone = await clonePgTemplate(baseUrl)
  const dbName = new URL(clone.url).pathname.slice(1)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-faults-'))
  const redis = await startRedisServer()
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dataDir, 's3'), configureBuckets: [{ name: BUCKET }] })
  const s3endpoint = `http://127.0.0.1:${(await s3.run()).port}`
  const s3path = new TcpProxy('127.0.0.1', Number(new URL(s3endpoint).port))
  await s3path.start()
  const setup = await openDatabase({ databaseUrl: clone.url, dataDir: '', poolSize: 1, migrate: false })
  const adminRole = (await setup.db.select({ id: roles.id, name: roles.name }).from(roles)).find((r) => r.name === 'Administrateur')!
  const userId = uuidv7()
  await setup.db.insert(users).values({ id: userId, email: `admin.${userId.slice(-8)}@test.palier`, displayName: 'Test Admin', initials: 'TA', roleId: adminRole.id, activatedAt: new Date() })
  const categoryId = uuidv7()
  await setup.db.insert(categories).values({ id: categoryId, kind: 'EQUIPMENT', name: 'Ascenseur (suite de pannes)' })
  const locationId = uuidv7()
  await setup.db.insert(locations).values({ id: locationId, name: 'Résidence des Pannes' })
  const fleet = Array.from({ length: FLEET }, () => uuidv7())
  await setup.db.insert(assets).values(fleet.map((id, i) => ({ id, reference: `PAN-${i}`, brand: 'Otis', categoryId, locationId, underContract: true })))
  await setup.close()
  const token = new Tokens(SECRET, 3600, systemClock).issue(userId)

  const env = {
    DATABASE_URL: clone.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'palier:faults:', DATA_DIR: dataDir,
    S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${s3path.port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER',
    DEMO_MODE: '0', JWT_SECRET: SECRET, RATE_LIMIT_PER_MINUTE: '1000000', SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  }
  // Both at once: the monthly job starts on both replicas at the same moment.
  const replicas = await Promise.all([startService(env), startService(env)])
  const proxy = new RoundRobinProxy(replicas.map((r) => r.port))
  await proxy.start()
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  const store = new pg.Client({ connectionString: clone.url })
  store.on('error', () => {})
  await store.connect()

  return {
    proxy, replicas, redis, s3path, s3endpoint, admin, store, dbName, token, locationId, categoryId, fleet,
    async restart(i) {
      const started = performance.now()
      const r = await startService(env, 60_000)
      replicas[i] = r
      proxy.replace(i, r.port)
      while ((await fetch(`http://127.0.0.1:${r.port}/readyz`).catch(() => null))?.status !== 200) await new Promise((res) => setTimeout(res, 20))
      return performance.now() - started
    },
    async close() {
      await proxy.stop()
      await Promise.all(replicas.map((r) => stopService(r, 'SIGKILL')))
      await admin.end()
      await store.end().catch(() => {})
      await redis.stop()
      await s3path.cut()
      await s3.close()
      await rm(dataDir, { recursive: true, force: true })
      await clone.drop()
    },
  }
}
