// SIGTERM as an orchestrator or systemd sends it, to a real process with a keep-alive
// connection open and a request in flight: not ready first, the request answered, the idle
// connection closed, the pools and Redis closed, exit 0 well before the watchdog.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { test } from 'node:test'
import { clonePgTemplate } from './test/template.ts'
import { startService, stopService } from './test/service-process.ts'

/** A raw HTTP/1.1 connection: what was received, and whether the server closed it. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  let closedAt: number | null = null
  socket.setEncoding('utf8')
  socket.on('data', (d: string) => { received += d })
  socket.on('close', () => { closedAt = Date.now() })
  socket.on('error', () => {})
  return {
    socket,
    received: () => received,
    closedAt: () => closedAt,
    async until(what: RegExp, withinMs = 5000) {
      const deadline = Date.now() + withinMs
      while (!what.test(received) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      return what.test(received)
    },
  }
}

async function eventually<T>(check: () => Promise<T | null>, what: string, withinMs = 5000): Promise<T> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const found = await check()
    if (found !== null) return found
    if (Date.now() > deadline) assert.fail(`${what}: not within ${withinMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

test('SIGTERM: not ready first, the in-flight request answered, keep-alive connections closed, exit 0 well before the watchdog', { timeout: 120_000 }, async (t) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palier-shutdown-'))
  // On PostgreSQL and Redis when the run has them: the pool and both Redis connections must
  // be closed for the process to end by itself.
  const clone = process.env.DATABASE_URL ? await clonePgTemplate(process.env.DATABASE_URL) : null
  const service = await startService({
    DATA_DIR: dataDir, DEMO_MODE: '0', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '1000',
    ...(clone ? { DATABASE_URL: clone.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `palier:test:shutdown:${process.pid}:` } : {}),
  })
  try {
    assert.equal((await fetch(`http://127.0.0.1:${service.port}/readyz`)).status, 200)
    // A keep-alive connection that answered one request and now sits idle.
    const idle = connection(service.port)
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: palier\r\n\r\n')
    assert.ok(await idle.until(/"status"/), idle.received())
    assert.match(idle.received(), /connection: keep-alive/i)
    // A request in flight: its headers sent, its body still coming.
    const body = JSON.stringify({ email: 'personne@test.palier', password: 'pas le bon mot de passe' })
    const slow = connection(service.port)
    slow.socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: palier\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`)
    await new Promise((r) => setTimeout(r, 300))

    const signalled = Date.now()
    service.proc.kill('SIGTERM')
    // Not ready at once, while still answering (the drain delay lets a balancer notice).
    const ready = await eventually(async () => {
      const res = await fetch(`http://127.0.0.1:${service.port}/readyz`)
      return res.status === 503 ? res : null
    }, 'readiness says 503')
    assert.equal(ready.headers.get('connection'), 'close')
    assert.equal(service.proc.exitCode, null, 'still serving while draining')
    // Then the listener closes, and the idle connection is closed by the server.
    await eventually(() => fetch(`http://127.0.0.1:${service.port}/api/health`).then(() => null, () => true), 'the listener closed')
    await eventually(async () => idle.closedAt() !== null || null, 'the idle keep-alive connection closed')
    // The in-flight request is answered, and its connection closed after its answer.
    slow.socket.write(body.slice(10))
    assert.ok(await slow.until(/"INVALID_CREDENTIALS"/), slow.received())
    assert.match(slow.received(), /^HTTP\/1\.1 401/)
    assert.match(slow.received(), /connection: close/i)

    const code = await service.exited
    const took = Date.now() - signalled
    assert.equal(code, 0, service.output())
    assert.ok(took < 5000, `exited ${took} ms after SIGTERM (watchdog at 11 s)`)
    assert.match(service.output(), /"msg":"shut down"/)
    t.diagnostic(`exited with 0, ${took} ms after SIGTERM (drain delay 1000 ms)`)
  } finally {
    await stopService(service, 'SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
    await clone?.drop()
  }
})
