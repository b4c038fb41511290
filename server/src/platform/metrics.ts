// Prometheus metrics (prom-client), for operators only: served at GET /metrics on their own
// listener (METRICS_PORT), never on the public port, outside /api and outside the contract.
// Only built when METRICS_PORT is set: without it nothing is counted.
//
// What is exposed (docs/deployment.md, "Monitoring", says what to alert on):
// - palier_http_requests_total, palier_http_request_duration_seconds{method,route,status_class}:
//   every answer, by route pattern (`/api/work-orders/:id`, never the path with its ids;
//   `unmatched` for a path no route has) and status class (2xx…5xx);
// - palier_http_errors_total{method,route}: 5xx answers;
// - palier_db_pool_{total,idle,waiting}_clients: the pg pool (PostgreSQL only);
// - palier_answer_cache_{hits,misses}_total: the answers kept in process (when kept);
// - palier_cache_available: 1 while Redis answers (0: its breaker is open, fallbacks in use);
// - palier_job_runs_total{job,outcome}: background passes (preventive monthly job, stored-detail
//   refill, assistant catch-up), done, failed, or for the preventive job generated (this pass
//   wrote the month's grids);
// - the process's own (process_resident_memory_bytes, nodejs_heap_size_used_bytes, event loop
//   lag, GC…), from prom-client's default metrics.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import client from 'prom-client'

export type JobName = 'preventive-monthly' | 'detail-refill' | 'asset-detail-refill' | 'assistant-catch-up' | 'orphan-files' | 'file-removals' | 'idempotency-purge'
/** generated: the preventive pass that wrote the month's grids (once a month across replicas). */
export type JobOutcome = 'done' | 'generated' | 'failed'
/** Counts one pass of a background job (a no-op without metrics). */
export type JobRecorder = (job: JobName, outcome: JobOutcome) => void

export interface PoolStats { total: number; idle: number; waiting: number }

/** What is read at each scrape rather than counted as it happens. */
export interface MetricsSources {
  /** The pg pool's clients (null or absent: no pool, the embedded database). */
  pool?: () => PoolStats | null
  /** Answers served from the in-process answer cache, and reads that missed it. */
  answers?: () => { hits: number; misses: number }
  /** Whether the shared cache answers (false: Redis's breaker is open). */
  cacheAvailable?: () => boolean
}

/** Seconds: from a kept answer (sub-millisecond) to the slowest exports. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export class Metrics {
  readonly registry = new client.Registry()
  readonly #requests: client.Counter<'method' | 'route' | 'status_class'>
  readonly #duration: client.Histogram<'method' | 'route' | 'status_class'>
  readonly #errors: client.Counter<'method' | 'route'>
  readonly #jobs: client.Counter<'job' | 'outcome'>
  #server: http.Server | null = null

  constructor(sources: MetricsSources = {}) {
    const registers = [this.registry]
    client.collectDefaultMetrics({ register: this.registry })
    this.#requests = new client.Counter({ name: 'palier_http_requests_total', help: 'HTTP answers by route pattern and status class.', labelNames: ['method', 'route', 'status_class'], registers })
    this.#duration = new client.Histogram({ name: 'palier_http_request_duration_seconds', help: 'Time to answer, by route pattern and status class.', labelNames: ['method', 'route', 'status_class'], buckets: DURATION_BUCKETS, registers })
    this.#errors = new client.Counter({ name: 'palier_http_errors_total', help: 'Answers with a 5xx status, by route pattern.', labelNames: ['method', 'route'], registers })
    this.#jobs = new client.Counter({ name: 'palier_job_runs_total', help: 'Passes of background jobs, by job and outcome.', labelNames: ['job', 'outcome'], registers })
    // Every series of a job exists from the start (0), so that "never ran" is visible.
    for (const job of ['preventive-monthly', 'detail-refill', 'asset-detail-refill', 'assistant-catch-up', 'orphan-files', 'file-removals', 'idempotency-purge'] as const) {
      for (const outcome of ['done', 'failed'] as const) this.#jobs.inc({ job, outcome }, 0)
    }
    const { pool, answers, cacheAvailable } = sources
    if (pool) {
      const gauge = (name: string, help: string, read: (s: PoolStats) => number) => new client.Gauge({
        name, help, registers,
        collect() { const s = pool(); if (s) this.set(read(s)) },
      })
      gauge('palier_db_pool_total_clients', 'Connections open in the PostgreSQL pool.', (s) => s.total)
      gauge('palier_db_pool_idle_clients', 'Open connections not checked out.', (s) => s.idle)
      gauge('palier_db_pool_waiting_clients', 'Queries waiting for a connection (the pool is exhausted while above 0).', (s) => s.waiting)
    }
    if (answers) {
      const counter = (name: string, help: string, read: (s: { hits: number; misses: number }) => number) => new client.Counter({
        name, help, registers,
        collect() { this.reset(); this.inc(read(answers())) },
      })
      counter('palier_answer_cache_hits_total', 'Reads answered from the answers kept in process.', (s) => s.hits)
      counter('palier_answer_cache_misses_total', 'Reads that could be kept but were not found.', (s) => s.misses)
    }
    if (cacheAvailable) {
      new client.Gauge({
        name: 'palier_cache_available', help: '1 while the shared cache (Redis) answers; 0 while its circuit breaker is open.', registers,
        collect() { this.set(cacheAvailable() ? 1 : 0) },
      })
    }
  }

  /** Counts one answer; `route` is the route pattern, or null for a path no route matched. */
  observeRequest(method: string, route: string | null | undefined, statusCode: number, seconds: number) {
    const labels = { method, route: route ?? 'unmatched', status_class: `${Math.floor(statusCode / 100)}xx` }
    this.#requests.inc(labels)
    this.#duration.observe(labels, seconds)
    if (statusCode >= 500) this.#errors.inc({ method, route: labels.route })
  }

  readonly jobRan: JobRecorder = (job, outcome) => { this.#jobs.inc({ job, outcome }) }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> { return this.registry.metrics() }

  /** Serves GET /metrics (only) on `port` (0: any free port); resolves with the port. */
  async listen(port: number, host: string): Promise<number> {
    const server = http.createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
        return
      }
      this.text().then(
        (body) => res.writeHead(200, { 'content-type': this.registry.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : body),
        () => res.writeHead(500).end(),
      )
    })
    // A scrape every 15 s on a keep-alive connection: nothing to keep open past it.
    server.keepAliveTimeout = 1000
    this.#server = server
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => { server.off('error', reject); resolve() })
    })
    return (server.address() as AddressInfo).port
  }

  async close(): Promise<void> {
    const server = this.#server
    this.#server = null
    if (!server) return
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }
}
