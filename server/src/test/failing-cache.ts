// Test support: a cache that a test switches off, as a Redis whose breaker is open behaves
// (every command fails at once, `available()` false); the memory cache underneath otherwise.
import { memoryCache, type Cache } from '../platform/cache.ts'
import { CircuitOpenError } from '../platform/circuit-breaker.ts'
import type { Clock } from '../platform/clock.ts'

export function failingCache(clock: Clock): { cache: Cache; down(): void; up(): void } {
  const inner = memoryCache(clock)
  let down = false
  const guard = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => (...args: A): Promise<R> =>
    down ? Promise.reject(new CircuitOpenError('Test cache')) : f(...args)
  const cache: Cache = {
    ...inner,
    get: guard(inner.get),
    set: guard(inner.set),
    del: guard(inner.del),
    hit: guard(inner.hit),
    unhit: guard(inner.unhit),
    addCounts: guard(inner.addCounts),
    publish: guard(inner.publish),
    available: () => !down,
    ping: async () => !down,
  }
  return { cache, down: () => { down = true }, up: () => { down = false } }
}
