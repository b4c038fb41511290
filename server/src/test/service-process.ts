// Test support: the service as a real process (src/main.ts, the Node running the tests), for
// what only a process shows: how it starts, how it exits, what survives a fault.
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

export const mainFile = fileURLToPath(new URL('../main.ts', import.meta.url))

export async function freePort(): Promise<number> {
  const srv = net.createServer()
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()))
  const { port } = srv.address() as net.AddressInfo
  await new Promise((r) => srv.close(r))
  return port
}

export interface Running {
  proc: ChildProcess
  /** http://127.0.0.1:<port>/api */
  base: string
  port: number
  output: () => string
  /** Resolves with the exit code (null: killed by a signal) once the process has exited. */
  exited: Promise<number | null>
}

/**
 * Starts the service on a free port and waits until /api/health answers. The caller's
 * DATABASE_URL and REDIS_URL are not inherited: `env` names what the process uses.
 */
export async function startService(env: Record<string, string>, readyWithinMs = 180_000): Promise<Running> {
  const port = await freePort()
  const { DATABASE_URL: _d, REDIS_URL: _r, ...inherited } = process.env
  const proc = spawn(process.execPath, [mainFile], {
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', JWT_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout!.on('data', (d) => { out += d })
  proc.stderr!.on('data', (d) => { out += d })
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}/api`
  // A first demo start seeds the data set: on a busy 2-core machine (load 10 and more, seen
  // in CI beside other jobs) that took more than 90 s.
  const deadline = Date.now() + readyWithinMs
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`exited early:\n${out}`)
    try {
      if ((await fetch(`${base}/health`)).ok) return { proc, base, port, output: () => out, exited }
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100))
  }
  proc.kill('SIGKILL')
  throw new Error(`did not start:\n${out}`)
}

/** Sends `signal` and waits for the exit code. */
export async function stopService(r: Running, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  if (r.proc.exitCode !== null || r.proc.signalCode !== null) return r.exited
  r.proc.kill(signal)
  return r.exited
}
