import type { Platform } from '../module.ts'
import { API_VERSION } from '../../version.ts'

async function probe<K extends string>(kind: K, ping: () => Promise<boolean>) {
  const start = performance.now()
  const up = await ping().catch(() => false)
  return { status: up ? 'up' as const : 'down' as const, kind, latencyMs: Math.round(performance.now() - start) }
}

export class HealthService {
  readonly #deps: Pick<Platform, 'database' | 'cache' | 'storage' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'cache' | 'storage' | 'clock'>) { this.#deps = deps }

  /** Answers even when a dependency is down: that is what it is for. */
  async check() {
    const { database, cache, storage, clock } = this.#deps
    const [db, c, s] = await Promise.all([
      probe(database.kind, () => database.ping()),
      probe(cache.kind, () => cache.ping()),
      probe(storage.kind, () => storage.ping()),
    ])
    const allUp = [db, c, s].every((d) => d.status === 'up')
    return { status: allUp ? 'ok' as const : 'degraded' as const, version: API_VERSION, time: clock.now().toISOString(), checks: { database: db, cache: c, storage: s } }
  }
}
