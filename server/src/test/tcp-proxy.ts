// A TCP pass-through that a test can cut and restore, to take a real dependency "away"
// (the database server keeps running; only this path to it breaks).
import net from 'node:net'

export class TcpProxy {
  #server: net.Server | null = null
  readonly #sockets = new Set<net.Socket>()
  readonly #pairs = new Set<[net.Socket, net.Socket]>()
  #frozen = false
  port = 0
  readonly targetHost: string
  readonly targetPort: number
  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost
    this.targetPort = targetPort
  }

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost)
      const pair: [net.Socket, net.Socket] = [client, upstream]
      this.#pairs.add(pair)
      for (const s of pair) {
        this.#sockets.add(s)
        s.on('close', () => { this.#sockets.delete(s); this.#pairs.delete(pair) })
        s.on('error', () => { client.destroy(); upstream.destroy() })
      }
      if (this.#frozen) { client.pause(); upstream.pause() }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()))
    this.#server = server
    this.port = (server.address() as net.AddressInfo).port
    return this.port
  }

  /** Refuses new connections and drops the open ones. */
  async cut(): Promise<void> {
    const server = this.#server
    this.#server = null
    for (const s of this.#sockets) s.destroy()
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /**
   * Stops carrying bytes, both ways, without closing anything: a link that died silently
   * (a cable pulled, a partition), which the ends only notice by their own timeouts.
   */
  freeze() {
    this.#frozen = true
    for (const [client, upstream] of this.#pairs) { client.pause(); upstream.pause() }
  }

  /** Carries again what was held back. */
  thaw() {
    this.#frozen = false
    for (const [client, upstream] of this.#pairs) { client.resume(); upstream.resume() }
  }

  async restore(): Promise<void> {
    await this.start(this.port)
  }
}
