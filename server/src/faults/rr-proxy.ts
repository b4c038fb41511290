// A small round-robin HTTP balancer in front of the replicas, as nginx or HAProxy would stand
// there (the fault suite's, not a product part): it asks each replica's /readyz every
// CHECK_MS and sends only to the ready ones (to any that still accepts connections when none
// is ready: a database or Redis fault makes every replica unready, and a 503 from the
// service is a better answer than the balancer's). A connection refused means the request
// never reached the replica, so it goes to the next one whatever its method; an answer cut
// off after it was sent is the client's failure (502), never retried.
import http from 'node:http'
import type net from 'node:net'

export const CHECK_MS = 200

interface Backend { port: number; ready: boolean; refused: boolean; inFlight: number; sent: number }

export class RoundRobinProxy {
  readonly backends: Backend[]
  #server: http.Server | null = null
  #timer: NodeJS.Timeout | undefined
  #next = 0
  port = 0
  /** Requests answered 502 by the proxy itself (a replica's answer cut off, or none reachable). */
  cutOff = 0
  /** The requests that failed at the proxy: to which replica they had been sent, and when. */
  readonly failures: { port: number; sentAt: number }[] = []
  retriedOnRefusal = 0

  constructor(ports: number[]) {
    this.backends = ports.map((port) => ({ port, ready: true, refused: false, inFlight: 0, sent: 0 }))
  }

  get url() { return `http://127.0.0.1:${this.port}` }

  /** A replica restarted on another port. Unready until its first readiness check. */
  replace(index: number, port: number) {
    this.backends[index] = { port, ready: false, refused: false, inFlight: 0, sent: 0 }
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => { this.#handle(req, res) })
    server.keepAliveTimeout = 5000
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    this.#server = server
    this.port = (server.address() as net.AddressInfo).port
    const check = async () => {
      await Promise.all(this.backends.map(async (b) => {
        try {
          const res = await fetch(`http://127.0.0.1:${b.port}/readyz`, { signal: AbortSignal.timeout(CHECK_MS * 5) })
          await res.arrayBuffer()
          b.ready = res.status === 200
          b.refused = false
        } catch {
          b.ready = false
        }
      }))
      if (this.#server) this.#timer = setTimeout(check, CHECK_MS)
    }
    await check()
  }

  async stop(): Promise<void> {
    const server = this.#server
    this.#server = null
    clearTimeout(this.#timer)
    if (!server) return
    server.closeAllConnections()
    await new Promise((r) => server.close(r))
  }

  #pick(exclude: Set<Backend>): Backend | undefined {
    const order = this.backends.map((_, i) => this.backends[(this.#next + i) % this.backends.length])
    this.#next = (this.#next + 1) % this.backends.length
    const open = order.filter((b) => !exclude.has(b) && !b.refused)
    return open.find((b) => b.ready) ?? open[0]
  }

  #handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => this.#send(req, res, Buffer.concat(chunks), new Set()))
  }

  #send(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, tried: Set<Backend>) {
    const backend = this.#pick(tried)
    if (!backend) { this.failures.push({ port: -1, sentAt: Date.now() }); this.#fail(res, 'no replica accepts connections'); return }
    tried.add(backend)
    backend.inFlight++
    backend.sent++
    const sentAt = Date.now()
    let done = false
    const finish = () => { if (!done) { done = true; backend.inFlight-- } }
    // One connection per request (no agent): a refusal then always means "never sent".
    const upstream = http.request({
      host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, agent: false,
      headers: { ...req.headers, connection: 'close', 'content-length': String(body.length) },
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'keep-alive' })
      answer.pipe(res)
      answer.on('end', finish)
      const cut = () => { if (done) return; finish(); this.cutOff++; this.failures.push({ port: backend.port, sentAt }); res.destroy() }
      answer.on('error', cut)
      answer.on('aborted', cut)
    })
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (done) return // the answer's own cut already counted it
      finish()
      if (err.code === 'ECONNREFUSED') {
        backend.refused = true
        backend.ready = false
        this.retriedOnRefusal++
        this.#send(req, res, body, tried)
        return
      }
      this.failures.push({ port: backend.port, sentAt })
      if (res.headersSent) { this.cutOff++; res.destroy(); return }
      this.#fail(res, `${err.code ?? err.message} from the replica on ${backend.port}`)
    })
    upstream.end(body)
  }

  #fail(res: http.ServerResponse, why: string) {
    this.cutOff++
    res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: why } }))
  }
}
