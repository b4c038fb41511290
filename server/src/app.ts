// The composition root: opens the adapters, builds the services, mounts the routes.
// Nothing else creates a service or reads configuration.
import path from 'node:path'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import cors from '@fastify/cors'
import type { Config } from './config.ts'
import { buildOpenApi } from './contract/openapi.ts'
import { registerSignedOut } from './http/etag.ts'
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts'
import { registerRoutes } from './http/register.ts'
import { AnswerCache } from './http/answer-cache.ts'
import { Lifecycle } from './http/lifecycle.ts'
import type { Route } from './http/route.ts'
import { serializerCompiler } from './http/serialization.ts'
import { validatorCompiler } from './http/validation.ts'
import { memoryCache, REDIS_BREAKER_OPEN_MS, redisCache, type Cache } from './platform/cache.ts'
import { systemClock, type Clock } from './platform/clock.ts'
import { openDatabase, type Database } from './platform/db.ts'
import { openStorage, type Storage } from './platform/storage.ts'
import { createMailer, type Mailer } from './platform/mailer.ts'
import { serializeError } from './platform/log-serializers.ts'
import { Metrics } from './platform/metrics.ts'
import { newSecret, storedSecret } from './platform/secrets.ts'
import { ensureRolesAndMatrix } from './modules/access/access.queries.ts'
import { seedReferenceData } from './seed/reference-data.ts'
import { AccessService } from './modules/access/access.service.ts'
import { Tokens } from './modules/auth/tokens.ts'
import { allRoutes, buildServices, startModules, type Services } from './modules/index.ts'
import type { Platform } from './modules/module.ts'
import { registerDocs } from './contract/docs.ts'
import { registerWebClient } from './http/web-client.ts'
import { API_VERSION } from './version.ts'

export type Deps = Platform

export interface BuildOptions {
  clock?: Clock
  /** Embedded database in memory instead of DATA_DIR (tests, contract generation). */
  memoryDatabase?: boolean
  /** Routes mounted besides the modules' (tests of route kinds no operation uses yet). */
  extraRoutes?: (platform: Platform) => Route[]
  /** Use this database instead of opening one (tests share setup work). */
  database?: Database
  cache?: Cache
  storage?: Storage
  mailer?: Mailer
  logger?: boolean
  /** false: the API alone, even when web/dist exists (tests of the API). */
  webClient?: boolean
  /** Where the log goes instead of stdout (tests that read the log). */
  logStream?: NodeJS.WritableStream
}

export interface App {
  fastify: FastifyInstance
  deps: Deps
  services: Services
  routes: Route[]
  openapi: ReturnType<typeof buildOpenApi>
  /** Whether the built web client is served at /. */
  webClient: boolean
  /** The answers kept in process (null: none kept). */
  answers: AnswerCache | null
  /** Prometheus metrics (null without METRICS_PORT); main.ts starts their listener. */
  metrics: Metrics | null
  /** Starts the modules' background work (the monthly preventive generation); once. */
  start(): Promise<void>
  /** Not ready from now on (readiness 503, answers close their connection); still serving. */
  drain(): void
  /**
   * Stops accepting, closes idle connections, finishes the requests in flight and the
   * background work, then closes the cache and the database.
   */
  close(): Promise<void>
}

/** An incoming X-Request-Id worth keeping: 1–128 characters of [A-Za-z0-9._-], else null. */
export function requestIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(header) ? header : null
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const clock = opts.clock ?? systemClock
  const database = opts.database ?? await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, memory: opts.memoryDatabase })
  // Redis stopping and starting to answer again is logged (the log exists once Fastify does).
  let log: FastifyBaseLogger | null = null
  const onAvailability = (up: boolean, err?: unknown) => {
    if (up) log?.info('cache answers again: Redis in use')
    else log?.warn({ err }, `cache not answering: Redis left alone for ${REDIS_BREAKER_OPEN_MS} ms at a time, fallbacks in use`)
  }
  const cache = opts.cache ?? (config.redisUrl ? await redisCache(config.redisUrl, config.redisKeyPrefix, clock, { onAvailability }) : memoryCache(clock))
  const storage = opts.storage ?? await openStorage(config)
  const mailer = opts.mailer ?? createMailer(config)
  await ensureRolesAndMatrix(database.db)
  // Every store starts with the standard vocabulary (categories, report values), editable after.
  await seedReferenceData(database.db, clock.now())

  // Without JWT_SECRET: the secret kept in DATA_DIR, or a throw-away one for a database that
  // dies with the process (tests, contract generation).
  const jwtSecret = config.jwtSecret ?? (opts.memoryDatabase ? newSecret() : await storedSecret(path.join(config.dataDir, 'jwt-secret')))
  const tokens = new Tokens(jwtSecret, config.tokenTtlSeconds, clock)
  const access = new AccessService({
    db: database.db, cache, clock, demoMode: config.demoMode,
    // Principals are kept in process only where every process sharing the store shares the
    // cache, whose channel announces changes to users.
    keepPrincipals: cache.kind === 'redis' || database.kind === 'pglite',
  })
  await access.ready()
  // Same condition as the principals: replicas must hear each other's writes on the channel.
  const sharesChanges = cache.kind === 'redis' || database.kind === 'pglite'
  const answers = config.answerCacheMb > 0 && sharesChanges ? new AnswerCache({ cache, clock, maxBytes: config.answerCacheMb * 1024 * 1024 }) : null
  await answers?.ready()
  const deps: Deps = { config, database, cache, storage, clock, tokens, access, mailer }
  const services = buildServices(deps)
  const routes = [...allRoutes(services), ...(opts.extraRoutes?.(deps) ?? [])]

  const fastify = Fastify({
    logger: opts.logger === false || config.logLevel === 'silent' ? false : {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      // Tokens, passwords and activation links never reach the log: requests are logged by
      // their route pattern (a secret in a path or query string stays out), without headers.
      serializers: {
        // Errors without query parameters nor driver details (they hold personal data).
        err: (err) => serializeError(err),
        req: (req) => ({ method: req.method, route: req.routeOptions?.url ?? req.url.split('?')[0].split('/').slice(0, 3).join('/'), remoteAddress: req.ip }),
      },
    },
    // A caller's (or the proxy's) X-Request-Id is kept when it is plainly an id, so one request
    // is followed across the proxy's log and this one; else one is generated. Echoed on every answer.
    genReqId: (req) => requestIdOf(req.headers['x-request-id']) ?? crypto.randomUUID(),
    requestIdHeader: false,
    // Client addresses (rate limits) come from X-Forwarded-For only behind declared proxies.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxy,
    bodyLimit: 1_048_576,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false } },
    // An undecodable URL or an over-long path parameter answers in the API's error shape too.
    frameworkErrors,
  })
  log = fastify.log
  fastify.setValidatorCompiler(validatorCompiler)
  fastify.setSerializerCompiler(serializerCompiler)
  const metrics = config.metricsPort === null ? null : new Metrics({
    pool: database.poolStats ? () => database.poolStats!() : undefined,
    answers: answers ? () => answers.stats : undefined,
    cacheAvailable: cache.kind === 'redis' ? () => cache.available() : undefined,
  })
  if (metrics) {
    // Every answer, by route pattern (never the path with its ids) and status class.
    fastify.addHook('onResponse', (req, reply, done) => {
      metrics.observeRequest(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000)
      done()
    })
  }
  // A callback hook, not an async one: no promise per answer.
  fastify.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'no-referrer')
    // API answers carry tokens and personal data: never kept by browsers or proxies.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    done(null, payload)
  })
  registerErrorHandling(fastify)
  const lifecycle = new Lifecycle()
  lifecycle.register(fastify, database)
  registerSignedOut(fastify)
  if (config.corsOrigin) await fastify.register(cors, { origin: config.corsOrigin })

  const openapi = buildOpenApi(routes, { version: API_VERSION })
  await fastify.register(async (api) => {
    registerRoutes(api, routes, {
      access, tokens, cache, clock, answers, idempotency: services.idempotency,
      defaultRateLimit: { name: 'api', max: config.rateLimitPerMinute, windowSeconds: 60, per: 'caller' },
    })
    await registerDocs(api, openapi)
  }, { prefix: '/api' })
  const webClient = opts.webClient !== false && await registerWebClient(fastify, config.webDir, config.publicUrl)
  await fastify.ready()

  let stopBackground: (() => Promise<void>) | null = null
  return {
    fastify,
    deps,
    services,
    routes,
    openapi,
    webClient,
    answers,
    metrics,
    async start() {
      stopBackground ??= await startModules(services, {
        clock, log: fastify.log,
        dataChanged: async () => { await answers?.changed() },
        jobRan: metrics?.jobRan ?? (() => {}),
      })
    },
    drain() { lifecycle.drain() },
    async close() {
      // Requests in flight and a job under way finish before the cache and the database close.
      await Promise.all([stopBackground?.(), lifecycle.closeHttp(fastify)])
      await metrics?.close()
      access.close()
      answers?.close()
      await cache.close()
      if (!opts.database) await database.close()
    },
  }
}
