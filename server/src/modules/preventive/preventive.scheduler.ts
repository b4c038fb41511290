// The monthly generation, in process. At start it catches up the current month when it is not
// generated yet; then it wakes at the start of each month (UTC), and every CHECK_MS in
// between so that a run that failed (database away) is retried. Every replica runs it: the
// advisory lock and preventive_runs make each month run once (PreventiveService.runMonthlyJob).
import type { BackgroundContext, Stop } from '../module.ts'
import { currentPeriodKey, monthIndex, monthStart, periodKeyOf } from './preventive.months.ts'
import type { PreventiveService } from './preventive.service.ts'

export const CHECK_MS = 10 * 60_000
// Past the month boundary by a little, so the clock reads the new month when the timer fires.
const BOUNDARY_SLACK_MS = 50

/** How long to sleep from `now`: until the next month starts, at most CHECK_MS. */
export function nextWakeIn(now: Date): number {
  const next = monthStart(periodKeyOf(monthIndex(currentPeriodKey(now)) + 1)).getTime()
  return Math.min(CHECK_MS, Math.max(0, next - now.getTime()) + BOUNDARY_SLACK_MS)
}

export async function startMonthlyGeneration(service: PreventiveService, { clock, log, dataChanged, jobRan }: BackgroundContext): Promise<Stop> {
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> = Promise.resolve()

  const run = async () => {
    try {
      const { result } = await service.runMonthlyJob()
      // generated: this pass wrote the month's grids; done: the month was there already.
      jobRan('preventive-monthly', result ? 'generated' : 'done')
      if (result) {
        await dataChanged()
        log.info({ preventive: result }, 'preventive grids generated')
      }
    } catch (err) {
      jobRan('preventive-monthly', 'failed')
      log.error({ err }, 'preventive generation failed; retried at the next check')
    }
  }
  const schedule = () => {
    if (stopped) return
    // unref: a pending check never keeps the process alive.
    timer = setTimeout(() => { running = run().finally(schedule) }, nextWakeIn(clock.now())).unref()
  }

  running = run()
  await running
  schedule()
  return async () => {
    stopped = true
    clearTimeout(timer)
    // A generation under way finishes before the database closes.
    await running
  }
}
