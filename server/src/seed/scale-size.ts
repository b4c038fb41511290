// The sizes of seed:scale's dataset at a factor, apart from scale.ts so that each step
// (scale-fleet.ts, scale-operations.ts, scale-stock.ts, scale-notes.ts) reads them without
// importing the seeder that runs it.
export interface ScaleSize {
  sites: number; assets: number; workOrders: number; requests: number; technicians: number; dispatchers: number; months: number
  /** Spare parts, and stock movements in all (their ledgers: scale-stock.ts). */
  parts: number; movements: number
}

/** The sizes at a factor (1: the benchmark's fleet). Never below what the rules need. */
export function scaleSize(factor: number): ScaleSize {
  const sites = Math.max(2, Math.round(200 * factor))
  const assets = Math.max(sites, Math.round(5000 * factor))
  const months = 36
  const parts = Math.max(8, Math.round(2000 * factor))
  return {
    sites, assets, months,
    // Three years of monthly grids, the rest breakdowns (about 4.7 per elevator and year).
    workOrders: Math.max(assets * months + 20, Math.round(250_000 * factor)),
    requests: Math.max(20, Math.round(20_000 * factor)),
    technicians: Math.max(3, Math.round(100 * factor)),
    dispatchers: Math.max(2, Math.round(10 * factor)),
    parts,
    // Each part has up to about 45 movements besides consumptions (opening stock, a receipt every
    // four weeks, yearly adjustments): the rest are consumptions, never fewer than half.
    movements: Math.max(parts * 100, Math.round(1_000_000 * factor)),
  }
}
