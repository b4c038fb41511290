// The background rebuild of stale stored details (migration 0030): a rename of a category or a
// location, or a task template changed, marks the details it reaches stale; they are read live
// (correct, slower) until this rebuilds them. At start, then every REFILL_MS, batches of
// REFILL_BATCH until none is left; every replica may run it (a batch skips the rows another holds).
import type { BackgroundContext, Stop } from '../module.ts'
import type { AssetsService } from './assets.service.ts'

export const REFILL_MS = 2_000
export const REFILL_BATCH = 500
const BATCHES_PER_PASS = 20

export async function startDetailRefill(service: AssetsService, { log, jobRan }: BackgroundContext): Promise<Stop> {
  let stopped = false
  let pass: Promise<void> | null = null
  const run = async () => {
    let built = 0
    try {
      for (let i = 0; i < BATCHES_PER_PASS && !stopped; i++) {
        const n = await service.refillStaleDetails(REFILL_BATCH)
        built += n
        if (n < REFILL_BATCH) break
      }
      jobRan('asset-detail-refill', 'done')
    } catch (err) {
      jobRan('asset-detail-refill', 'failed')
      log.warn({ err }, 'assets: stale details not rebuilt; retried at the next pass')
    }
    if (built) log.info({ details: built }, 'assets: stale details rebuilt')
  }
  const tick = () => { pass ??= run().finally(() => { pass = null }) }
  tick()
  const timer = setInterval(tick, REFILL_MS)
  timer.unref()
  return async () => { stopped = true; clearInterval(timer); await pass }
}
