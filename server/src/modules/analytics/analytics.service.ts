import type { Scope } from '../../http/principal.ts'
import type { Platform } from '../module.ts'
import * as counters from './analytics.counters.queries.ts'
import * as legal from './analytics.legal.queries.ts'
import { openFindings } from './analytics.inspections.queries.ts'
import { fleetInspections, fleetVisits } from '../preventive/preventive.due.queries.ts'
import * as q from './analytics.queries.ts'
import type { PERIODS } from './analytics.schemas.ts'

type Deps = Pick<Platform, 'database' | 'clock'>

const HOUR = 3600_000
const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10)
const share = (n: number, of: number) => (of ? Math.round(n / of * 1000) / 1000 : null)
const monthKey = (y: number, m: number) => new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7)

export class AnalyticsService {
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  /** `allPay`: the caller may see pay (`seesAllPay`); otherwise the labour costs are null, since a month's labour over few people gives away their rates. */
  async summary(scope: Scope, query: { months?: (typeof PERIODS)[number] }, allPay: boolean) {
    const months = Number(query.months ?? '12')
    const to = this.#deps.clock.now()
    const [y, m] = [to.getUTCFullYear(), to.getUTCMonth()]
    const from = new Date(Date.UTC(y, m - (months - 1), 1))
    const period: q.Period = { from, to, firstMonth: monthKey(y, m - (months - 1)), lastMonth: monthKey(y, m) }
    const db = this.#deps.database.db
    // The stored monthly counters serve whoever sees all the orders of its sites; a caller
    // restricted to its own orders is counted live (its orders are few). The legal record is
    // read live, in parallel; the six-week state is the dispatcher's list's (no second
    // definition), of which only the counts are read.
    const [rows, t, low, calls, times, contract, visits, inspections, findingsOpen] = await Promise.all([
      scope.viewOther ? counters.monthlyFromCounters(db, scope, period) : q.monthly(db, scope, period),
      scope.viewOther ? counters.totalsFromCounters(db, scope, period) : q.totals(db, scope, period),
      q.partsUnderThreshold(db),
      legal.callbacks(db, scope, period), legal.times(db, scope, period), legal.underContract(db, scope), fleetVisits(db, scope, to, 0),
      fleetInspections(db, scope, to, 0), openFindings(db, scope),
    ])
    const l = { ...calls, ...times }
    const backlog = { OPEN: 0, IN_PROGRESS: 0, ON_HOLD: 0, total: 0 }
    for (const b of t.backlog) { backlog[b.status as 'OPEN'] = b.count; backlog.total += b.count }
    const operatingHours = t.elevators * (to.getTime() - from.getTime()) / HOUR
    return {
      months: months as 3 | 6 | 12,
      from: from.toISOString(),
      to: to.toISOString(),
      monthly: rows.map((r) => ({
        month: r.month,
        opened: { corrective: r.openedCorrective, preventive: r.openedPreventive },
        closed: { corrective: r.closedCorrective, preventive: r.closedPreventive },
        partsCostCents: r.partsCostCents,
        laborCostCents: allPay ? r.laborCostCents : null,
      })),
      backlog,
      breakdowns: {
        total: t.breakdowns,
        elevators: t.elevators,
        perElevatorPerYear: t.elevators ? round1(t.breakdowns / t.elevators * 12 / months) : null,
        worst: t.worst,
      },
      reliability: {
        mtbfHours: t.breakdowns ? round1(operatingHours / t.breakdowns) : null,
        mttrHours: round1(t.repairHours),
        repairs: t.repairs,
      },
      trapped: { calls: t.trappedCalls, released: t.released, meanReleaseMinutes: round1(t.releaseMinutes), releasedWithinHour: t.releasedWithinHour },
      preventive: rows.map((r) => ({ month: r.month, generated: r.gridsGenerated, completed: r.gridsCompleted, late: r.gridsLate })),
      legal: {
        visits: { underContract: contract, withinSixWeeks: contract - visits.overdueVisitCount, share: share(contract - visits.overdueVisitCount, contract) },
        callbacks: { repairs: l.repairs, calledBack: l.calledBack, rate: share(l.calledBack, l.repairs), firstTimeFixRate: share(l.repairs - l.calledBack, l.repairs) },
        arrival: { measured: l.arrivals, medianMinutes: round1(l.arrivalMedian), p90Minutes: round1(l.arrivalP90) },
        release: { measured: l.releases, medianMinutes: round1(l.releaseMedian), p90Minutes: round1(l.releaseP90), withinHour: l.releasedWithinHour, withinHourShare: share(l.releasedWithinHour, l.releases) },
        inspections: { overdue: inspections.inspectionsOverdueCount, dueSoon: inspections.inspectionsDueSoonCount, findingsOpen },
      },
      parts: { underThreshold: low.count, items: low.items },
    }
  }
}
