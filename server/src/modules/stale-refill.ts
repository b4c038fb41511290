// The background rebuild of stored details marked stale (work orders: migration 0017;
// elevators: 0030). A rename, a task template changed or a set-based writer marks the details
// it reaches stale; they are read live (correct, slower) until this rebuilds them. At start,
// then every REFILL_MS, batches until none is left; every replica may run it (a batch skips
// the rows another one holds).
import type { BackgroundContext, Stop } from './module.ts'
import type { JobName } from '../platform/metrics.ts'

export const REFILL_MS = 2_000
export const REFILL_BATCH = 500
// A pass yields after this many batches, so that a million stale details (a migration, the
// scale seed) are rebuilt by short passes rather than one that holds a connection for minutes.
const BATCHES_PER_PASS = 20

export interface StaleRefill {
  /** The job's name in the metrics. */
  job: JobName
  /** Names the module in the log (« work orders », « assets »). */
  label: string
  /** Rebuilds up to `batch` stale details; returns how many. */
  refill: (batch: number) => Promise<number>
}

export async function startStaleRefill({ job, label, refill }: StaleRefill, { log, jobRan }: BackgroundContext): Promise<Stop> {
  let stopped = false
  let pass: Promise<void> | null = null
  const run = async () => {
    let built = 0
    try {
      for (let i = 0; i < BATCHES_PER_PASS && !stopped; i++) {
        const n = await refill(REFILL_BATCH)
        built += n
        if (n < REFILL_BATCH) break
      }
      jobRan(job, 'done')
    } catch (err) {
      jobRan(job, 'failed')
      log.warn({ err }, `${label}: stale details not rebuilt; retried at the next pass`)
    }
    if (built) log.info({ details: built }, `${label}: stale details rebuilt`)
  }
  const tick = () => { pass ??= run().finally(() => { pass = null }) }
  tick()
  const timer = setInterval(tick, REFILL_MS)
  timer.unref()
  return async () => { stopped = true; clearInterval(timer); await pass }
}
