// The bench's load generator, in a process of its own (issue 16): in a worker thread of the
// bench's process it counted in the service's memory (about 100 MB of the RSS measured
// "after load"), and its CPU in the same process's. The bench forks this file once and sends
// it one run at a time; the result comes back without autocannon's histograms.
import { createRequire } from 'node:module'
import { fork, type ChildProcess } from 'node:child_process'

// autocannon ships no typings: the slice used here (it is CommonJS).
export interface CannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number; max: number }
  errors: number; timeouts: number; non2xx: number
  /** The generator's own CPU (its process, every thread) during the run, in µs. */
  generatorCpuUs: number
}
/** One run: autocannon's options, with `setupClient` a module path (required in the generator). */
export interface LoadRun { url: string; connections: number; duration: number; headers: Record<string, string>; setupClient?: string; env?: Record<string, string> }

if (process.send && process.argv[2] === 'child') {
  const require = createRequire(import.meta.url)
  const autocannon = require('autocannon') as (o: Record<string, unknown>) => Promise<CannonResult>
  process.on('message', async (run: LoadRun) => {
    Object.assign(process.env, run.env ?? {})
    const { setupClient, env: _env, ...opts } = run
    const cpu0 = process.cpuUsage()
    const r = await autocannon({ ...opts, ...(setupClient ? { setupClient: require(setupClient) } : {}) })
    const cpu = process.cpuUsage(cpu0)
    process.send!({ requests: { average: r.requests.average, total: r.requests.total }, latency: r.latency, errors: r.errors, timeouts: r.timeouts, non2xx: r.non2xx, generatorCpuUs: cpu.user + cpu.system })
  })
}

/** The generator process: `run` one load at a time, `close` at the end. */
export function startLoadGenerator() {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['child'], { stdio: 'inherit' })
  let pending: { resolve(r: CannonResult): void; reject(e: Error): void } | null = null
  child.on('message', (r: CannonResult) => { pending?.resolve(r); pending = null })
  child.on('exit', (code) => { pending?.reject(new Error(`the load generator exited (${code})`)); pending = null })
  return {
    run(r: LoadRun): Promise<CannonResult> {
      if (pending) throw new Error('one load at a time')
      return new Promise((resolve, reject) => { pending = { resolve, reject }; child.send(r) })
    },
    close() { child.kill() },
  }
}
