// Test support: a redis-server process of the test's own, on a free port, that the test may
// freeze (SIGSTOP: the connections stay open, nothing answers) and thaw (SIGCONT). The
// machine's shared Redis is never touched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { freePort } from './service-process.ts'

/** Why the tests that need one are skipped, or false when redis-server is installed. */
export const noRedisServer: false | string =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0 ? false : 'needs redis-server on the PATH'

export interface OwnRedis {
  url: string
  proc: ChildProcess
  freeze(): void
  thaw(): void
  stop(): Promise<void>
}

export async function startRedisServer(): Promise<OwnRedis> {
  const port = await freePort()
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' })
  const exited = new Promise<void>((r) => proc.once('exit', () => r()))
  const { Redis } = await import('ioredis')
  let up = false
  for (let i = 0; i < 100 && !up; i++) {
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
    probe.on('error', () => {})
    up = await probe.connect().then(() => probe.ping()).then((p) => p === 'PONG', () => false)
    probe.disconnect()
    if (!up) await new Promise((r) => setTimeout(r, 50))
  }
  if (!up) {
    proc.kill('SIGKILL')
    throw new Error(`redis-server did not start on port ${port}`)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    proc,
    freeze: () => { proc.kill('SIGSTOP') },
    thaw: () => { proc.kill('SIGCONT') },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGCONT')
      proc.kill('SIGKILL')
      await exited
    },
  }
}
