// A module is a folder with one declaration: the service it builds from the few platform
// parts it needs, and its routes, which receive only that service. `modules/index.ts` lists
// the modules; the composition root (app.ts) builds each once and mounts its routes.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Route } from '../http/route.ts'
import type { Cache } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'
import type { Database } from '../platform/db.ts'
import type { Mailer } from '../platform/mailer.ts'
import type { JobRecorder } from '../platform/metrics.ts'
import type { Storage } from '../platform/storage.ts'
import type { AccessService } from './access/access.service.ts'
import type { Tokens } from './auth/tokens.ts'

/** Everything a module may ask for; each service takes a `Pick` of it. */
export interface Platform {
  config: Config
  database: Database
  cache: Cache
  storage: Storage
  clock: Clock
  mailer: Mailer
  tokens: Tokens
  access: AccessService
}

export interface Module<Name extends string, S, R extends readonly Route[] = Route[]> {
  name: Name
  service(platform: Platform): S
  /** Each route keeps its operationId and schema types (the tests' typed client reads them). */
  routes(service: S): R
  /**
   * Background work (timers), started by `App.start()` once the store is ready (main.ts, after
   * the demo seed); the returned function stops it and is awaited when the app closes. Apps
   * that are not started (tests, the contract) run no background work.
   */
  start?(service: S, ctx: BackgroundContext): Promise<Stop>
}

export interface BackgroundContext {
  clock: Clock
  log: FastifyBaseLogger
  /** To call after background work wrote to the store: answers kept for reads are dropped. */
  dataChanged(): Promise<void>
  /** Counts a pass of a background job, done or failed (metrics; a no-op without them). */
  jobRan: JobRecorder
}
export type Stop = () => Promise<void>

export function defineModule<const Name extends string, S, R extends readonly Route[]>(m: Module<Name, S, R>): Module<Name, S, R> {
  return m
}
