// Deterministic randomness for the demo seeders: every choice comes from a small PRNG seeded
// by a stable key (an asset's reference…), so two seedings at the same instant agree.

/** mulberry32: tiny, fast and good enough to vary a demo. */
export function prng(seed: string): () => number {
  let a = 2166136261
  for (const ch of seed) a = Math.imul(a ^ ch.charCodeAt(0), 16777619)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
export type Rnd = () => number
export const int = (rnd: Rnd, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1))
export const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]
export const chance = (rnd: Rnd, p: number) => rnd() < p

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
