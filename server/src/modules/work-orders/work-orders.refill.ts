// The background rebuild of stale stored details (migration 0017): details a rename or a
// set-based writer marked stale are read live (correct, slower) until this rebuilds them. At
// start, then every REFILL_MS, batches of REFILL_BATCH until none is left; every replica may
// run it (a batch skips the rows another one holds).
import type { BackgroundContext, Stop } from '../module.ts'
import type { WorkOrdersService } from './work-orders.service.ts'

export const REFILL_MS = 2_000
export const REFILL_BATCH = 500
// A pass yields after this many batches, so that a million stale details (a migration, the
// scale seed) are rebuilt by short passes rather than one that holds a connection for minutes.
const BATCHES_PER_PASS = 20

export async function startDetailRefill(service: WorkOrdersService, { log, jobRan }: BackgroundContext): Promise<Stop> {
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
      jobRan('detail-refill', 'done')
    } catch (err) {
      jobRan('detail-refill', 'failed')
      log.warn({ err }, 'work orders: stale details not rebuilt; retried at the next pass')
    }
    if (built) log.info({ details: built }, 'work orders: stale details rebuilt')
  }
  const tick = () => { pass ??= run().finally(() => { pass = null }) }
  tick()
  const timer = setInterval(tick, REFILL_MS)
  timer.unref()
  return async () => { stopped = true; clearInterval(timer); await pass }
}
