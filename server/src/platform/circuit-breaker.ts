// A circuit breaker in front of a dependency that may freeze (docs/architecture.md, "Faults").
// Closed, every command goes through. The first command that fails for want of an answer (a
// timeout, a lost connection: not an error the dependency answered) opens it: for `openMs`
// every command fails at once, without being sent, and callers take their fallback. Then one
// probe is sent in the background; its answer closes the breaker, its failure opens it for
// another `openMs`. No caller ever waits on a probe.
import { performance } from 'node:perf_hooks'

/** Thrown, without asking the dependency, while the breaker is open. */
export class CircuitOpenError extends Error {
  constructor(what: string) {
    super(`${what} unavailable: circuit open`)
    this.name = 'CircuitOpenError'
  }
}

export interface CircuitBreakerOptions {
  /** Named in errors and in the state reported. */
  name: string
  /** How long the breaker stays open before its probe. */
  openMs: number
  /** One command proving the dependency answers again (bounded by its own timeout). */
  probe(): Promise<unknown>
  /** Errors the dependency answered (a reply): they never open the breaker. */
  isAnswer?(err: unknown): boolean
  /** Told of each opening (with the error that caused it) and each closing. */
  onChange?(open: boolean, err?: unknown): void
}

export class CircuitBreaker {
  readonly #o: CircuitBreakerOptions
  #open = false
  /** When it opened last (performance.now()), for the state reported. */
  #openedAt = 0
  #timer: NodeJS.Timeout | null = null
  #probing = false
  #closed = false

  constructor(options: CircuitBreakerOptions) { this.#o = options }

  /** True while commands go through. */
  get isClosed() { return !this.#open }
  /** How long it has been open (ms), 0 when closed. */
  get openForMs() { return this.#open ? performance.now() - this.#openedAt : 0 }

  /** Runs `command` unless the breaker is open; a failure without an answer opens it. */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.#open) throw new CircuitOpenError(this.#o.name)
    try {
      return await command()
    } catch (err) {
      if (!this.#o.isAnswer?.(err)) this.trip(err)
      throw err
    }
  }

  /** Opens the breaker (a failure seen outside `run`); nothing if already open. */
  trip(err?: unknown) {
    if (this.#open || this.#closed) return
    this.#open = true
    this.#openedAt = performance.now()
    this.#o.onChange?.(true, err)
    this.#schedule(this.#o.openMs)
  }

  /**
   * Probes now rather than at the end of the open period (the connection was made again):
   * nothing when closed or when a probe is under way.
   */
  probeNow() {
    if (this.#open) this.#schedule(0)
  }

  #schedule(ms: number) {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => { this.#timer = null; void this.#probe() }, ms)
    this.#timer.unref()
  }

  async #probe() {
    if (this.#probing || !this.#open || this.#closed) return
    this.#probing = true
    try {
      await this.#o.probe()
      if (this.#closed) return
      this.#open = false
      this.#o.onChange?.(false)
    } catch {
      if (!this.#closed) this.#schedule(this.#o.openMs)
    } finally {
      this.#probing = false
    }
  }

  /** No more probes (the dependency is being closed). */
  close() {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
  }
}
