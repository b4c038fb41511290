// Readiness and the end of the HTTP side of a process (docs/architecture.md, "Faults").
// `/readyz`, outside /api and the contract, is what a load balancer or an orchestrator asks
// before sending traffic: 503 once the process is draining or while its database does not
// answer. `/api/health` stays the liveness check: it answers 200 whatever its dependencies do.
//
// On shutdown (main.ts): `drain()` first, so readiness answers 503 and every answer carries
// `Connection: close` (a client's keep-alive connection ends after its answer and the next
// request opens one elsewhere); after the drain delay, `closeHttp()` stops accepting, lets
// the requests in flight finish (each connection is then closed after its answer), closes the
// connections that stay quiet, and cuts whatever is still open after IN_FLIGHT_GRACE_MS.
//
// A connection is closed only once it has been seen idle at two sweeps, IDLE_QUIET_MS after
// its last answer (or its opening). Node's own closing of idle connections (server.close())
// also takes the one a proxy opened a moment ago, whose request is sent but not yet read: the
// proxy then sees the connection reset after sending, and answers 502 for a write it may not
// send twice. Two sweeps put an event-loop turn between them, in which such a request is read.
import { Server } from 'node:net'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../platform/db.ts'

/** How long requests in flight may run on after the listener closed; then they are cut. */
export const IN_FLIGHT_GRACE_MS = 8000
/** How often quiet connections are looked for while closing. */
const IDLE_SWEEP_MS = 50
/** How long after its last answer (or its opening) an idle connection may be closed. */
const IDLE_QUIET_MS = 250

interface Connection { busy: number; idleSince: number; idleSweeps: number }

export class Lifecycle {
  #draining = false
  readonly #connections = new Map<Socket, Connection>()

  get draining() { return this.#draining }

  /** Mounts /readyz and the `Connection: close` of a draining process (before `ready()`). */
  register(fastify: FastifyInstance, database: Pick<Database, 'ping'>) {
    fastify.server.on('connection', (socket: Socket) => {
      this.#connections.set(socket, { busy: 0, idleSince: performance.now(), idleSweeps: 0 })
      socket.once('close', () => this.#connections.delete(socket))
    })
    fastify.server.on('request', (req, res) => {
      const connection = this.#connections.get(req.socket)
      if (!connection) return
      connection.busy++
      res.once('close', () => {
        connection.busy--
        connection.idleSince = performance.now()
        connection.idleSweeps = 0
      })
    })
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
   * Closes the HTTP side: no new connection, requests in flight finished, quiet connections
   * closed (all cut after `graceMs`). Resolves once every connection is closed.
   */
  async closeHttp(fastify: FastifyInstance, graceMs = IN_FLIGHT_GRACE_MS): Promise<void> {
    this.#draining = true
    const server = fastify.server
    if (server.listening) {
      // net's close, not http's: it stops accepting and calls back once every connection has
      // ended, without closing the idle ones at once (fastify.close() then finds it closed).
      const ended = new Promise<void>((resolve) => Server.prototype.close.call(server, () => resolve()))
      const sweep = setInterval(() => this.#closeQuiet(), IDLE_SWEEP_MS)
      const cut = setTimeout(() => { for (const socket of this.#connections.keys()) socket.destroy() }, graceMs)
      try {
        await ended
      } finally {
        clearInterval(sweep)
        clearTimeout(cut)
      }
    }
    await fastify.close()
  }

  #closeQuiet() {
    const now = performance.now()
    for (const [socket, connection] of this.#connections) {
      if (connection.busy > 0) continue
      connection.idleSweeps++
      if (connection.idleSweeps >= 2 && now - connection.idleSince >= IDLE_QUIET_MS) socket.destroy()
    }
  }
}
