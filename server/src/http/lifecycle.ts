// Readiness and the end of the HTTP side of a process (docs/architecture.md, "Faults").
// `/readyz`, outside /api and the contract, is what a load balancer or an orchestrator asks
// before sending traffic: 503 once the process is draining or while its database does not
// answer. `/api/health` stays the liveness check: it answers 200 whatever its dependencies do.
//
// On shutdown (main.ts): `drain()` first, so readiness answers 503 and every answer carries
// `Connection: close` (a client's keep-alive connection ends after its answer and the next
// request opens one elsewhere); after the drain delay, `closeHttp()` stops accepting, closes
// the idle keep-alive connections, lets the requests in flight finish (each connection is then
// closed after its answer), and cuts whatever is still open after IN_FLIGHT_GRACE_MS.
import type { FastifyInstance } from 'fastify'
import type { Database } from '../platform/db.ts'

/** How long requests in flight may run on after the listener closed; then they are cut. */
export const IN_FLIGHT_GRACE_MS = 8000
/** How often connections that went idle after their last answer are closed meanwhile. */
const IDLE_SWEEP_MS = 50

export class Lifecycle {
  #draining = false

  get draining() { return this.#draining }

  /** Mounts /readyz and the `Connection: close` of a draining process (before `ready()`). */
  register(fastify: FastifyInstance, database: Pick<Database, 'ping'>) {
    fastify.addHook('onSend', (_req, reply, payload, done) => {
      if (this.#draining) reply.header('connection', 'close')
      done(null, payload)
    })
    fastify.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
      const status = this.#draining ? 'draining' : (await database.ping()) ? 'ready' : 'database-unavailable'
      return reply.code(status === 'ready' ? 200 : 503).type('application/json; charset=utf-8').send({ status })
    })
  }

  /** Not ready from now on: readiness answers 503, answers close their connection. */
  drain() { this.#draining = true }

  /**
   * Closes the HTTP side: no new connection, idle keep-alive connections closed, requests in
   * flight finished (cut after `graceMs`). Resolves once every connection is closed.
   */
  async closeHttp(fastify: FastifyInstance, graceMs = IN_FLIGHT_GRACE_MS): Promise<void> {
    this.#draining = true
    const server = fastify.server
    // Node closes the connections idle when the listener closes, not those that go idle
    // after answering a request that was in flight then: swept until the server is closed.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    const cut = setTimeout(() => server.closeAllConnections(), graceMs)
    try {
      await fastify.close()
    } finally {
      clearInterval(sweep)
      clearTimeout(cut)
    }
  }
}
