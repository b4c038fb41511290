// Prometheus metrics on the operators' port (METRICS_PORT), never on the public one; and the
// request id kept from X-Request-Id.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { uuidv7 } from 'uuidv7'
import { loadConfig } from '../config.ts'
import { startTestApp } from '../test/harness.ts'
import { Metrics } from './metrics.ts'

/** The value of the sample `name{labels}` (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!m || m[1] !== name) continue
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]))
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3])
  }
  return undefined
}

test('METRICS_PORT: unset, nothing is kept; equal to PORT, refused', () => {
  assert.equal(loadConfig({}).metricsPort, null)
  assert.equal(loadConfig({ METRICS_PORT: '9464' }).metricsPort, 9464)
  assert.equal(loadConfig({ METRICS_PORT: '9464' }).metricsHost, '127.0.0.1')
  assert.throws(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' }), /METRICS_PORT/)
  assert.throws(() => loadConfig({ METRICS_PORT: '0' }), /METRICS_PORT/)
})

test('/metrics on the metrics port: requests by route pattern and status class, jobs, pool, answer cache, process; 404 on the public port', async () => {
  const t = await startTestApp({ env: { METRICS_PORT: '9464' } })
  try {
    const metrics = t.app.metrics
    assert.ok(metrics)
    const port = await metrics.listen(0, '127.0.0.1')
    await t.app.start()
    const token = await t.tokenFor('Administrateur')
    assert.equal((await t.request('GET', '/health')).status, 200)
    const id = uuidv7()
    assert.equal((await t.request('GET', `/work-orders/${id}`, { token })).status, 404)
    assert.equal((await t.request('GET', '/no-such-thing')).status, 404)

    // Never through the public port, whatever the path.
    for (const url of ['/metrics', '/api/metrics']) assert.equal((await t.app.fastify.inject({ url })).statusCode, 404, url)
    // Only /metrics on the metrics port.
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/health`)).status, 404)

    // The refill's first pass runs right after start, in the background.
    let text = ''
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`)
      assert.equal(res.status, 200)
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
      text = await res.text()
      if ((sample(text, 'palier_job_runs_total', { job: 'detail-refill', outcome: 'done' }) ?? 0) >= 1) break
      await new Promise((r) => setTimeout(r, 50))
    }
    assert.ok(sample(text, 'palier_job_runs_total', { job: 'detail-refill', outcome: 'done' })! >= 1)
    const preventive = (sample(text, 'palier_job_runs_total', { job: 'preventive-monthly', outcome: 'done' }) ?? 0)
      + (sample(text, 'palier_job_runs_total', { job: 'preventive-monthly', outcome: 'generated' }) ?? 0)
    assert.ok(preventive >= 1, 'the monthly job ran at start')
    assert.equal(sample(text, 'palier_job_runs_total', { job: 'assistant-catch-up', outcome: 'failed' }), 0)

    assert.equal(sample(text, 'palier_http_requests_total', { method: 'GET', route: '/api/health', status_class: '2xx' }), 1)
    assert.equal(sample(text, 'palier_http_requests_total', { method: 'GET', route: '/api/work-orders/:id', status_class: '4xx' }), 1)
    assert.equal(sample(text, 'palier_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' }), 3)
    assert.equal(sample(text, 'palier_http_request_duration_seconds_count', { route: '/api/health', status_class: '2xx' }), 1)
    assert.equal(sample(text, 'palier_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' }), 1)
    assert.ok(!text.includes(id), 'paths with their ids never become labels')
    assert.ok(sample(text, 'process_resident_memory_bytes')! > 0)
    assert.ok(sample(text, 'nodejs_heap_size_used_bytes')! > 0)
    assert.equal(sample(text, 'palier_db_pool_total_clients') !== undefined, Boolean(process.env.DATABASE_URL))
    assert.equal(sample(text, 'palier_cache_available'), process.env.REDIS_URL ? 1 : undefined)
    assert.ok(sample(text, 'palier_answer_cache_hits_total') !== undefined)
    assert.ok(sample(text, 'palier_answer_cache_misses_total') !== undefined)
  } finally {
    await t.close()
  }
})

test('5xx answers are counted as errors per route; pool and answer-cache readings come at each scrape', async () => {
  let waiting = 0
  let hits = 0
  const m = new Metrics({ pool: () => ({ total: 10, idle: 2, waiting }), answers: () => ({ hits, misses: 1 }) })
  m.observeRequest('POST', '/api/work-orders', 503, 0.2)
  m.observeRequest('POST', '/api/work-orders', 201, 0.02)
  m.jobRan('preventive-monthly', 'failed')
  waiting = 3
  hits = 7
  const text = await m.text()
  assert.equal(sample(text, 'palier_http_errors_total', { method: 'POST', route: '/api/work-orders' }), 1)
  assert.equal(sample(text, 'palier_http_requests_total', { route: '/api/work-orders', status_class: '5xx' }), 1)
  assert.equal(sample(text, 'palier_http_requests_total', { route: '/api/work-orders', status_class: '2xx' }), 1)
  assert.equal(sample(text, 'palier_job_runs_total', { job: 'preventive-monthly', outcome: 'failed' }), 1)
  assert.equal(sample(text, 'palier_db_pool_waiting_clients'), 3)
  assert.equal(sample(text, 'palier_db_pool_idle_clients'), 2)
  assert.equal(sample(text, 'palier_answer_cache_hits_total'), 7)
  await m.close()
})

test('X-Request-Id: a valid one is kept and echoed (header and error body); anything else gets a generated id', async () => {
  const t = await startTestApp()
  try {
    const valid = 'nginx-0123456789abcdef.A_b'
    const res = await t.request('GET', '/work-orders/not-an-id', { headers: { 'x-request-id': valid } })
    assert.equal(res.headers['x-request-id'], valid)
    assert.equal(res.body.requestId, valid)
    assert.equal((await t.request('GET', '/health', { headers: { 'x-request-id': 'a'.repeat(128) } })).headers['x-request-id'], 'a'.repeat(128))
    for (const bad of ['a'.repeat(129), 'has space', 'semi;colon', 'é', '']) {
      const r = await t.request('GET', '/health', { headers: { 'x-request-id': bad } })
      assert.match(String(r.headers['x-request-id']), /^[0-9a-f-]{36}$/, JSON.stringify(bad))
    }
    assert.match(String((await t.request('GET', '/health')).headers['x-request-id']), /^[0-9a-f-]{36}$/)
  } finally {
    await t.close()
  }
})
