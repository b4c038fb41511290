// A year of preventive grids on the demo fleet under contract, and the current month's: one
// grid per asset and month (period key), generated at the start of the month with the tasks
// due that month (docs/work-orders.md), assigned, visited, ticked, coded and closed. Most are
// done; a few of last month are late (still open or in progress); the current month is done
// up to today. The first month is every appliance's first control. Every month that preventive
// generation may still be asked for (twelve back) has its grids, so generating it creates nothing.
import type { OpsContext } from './demo-context.ts'
import { NOT_APPLICABLE, VISIT_FINDINGS } from './demo-operations-data.ts'
import { DEMO_FLEET, SITE_TECHNICIANS } from './demo-fleet.ts'
import { DAY, HOUR, MINUTE, chance, int, pick, prng } from './demo-random.ts'
import { OrderTimeline } from './demo-timeline.ts'

const HISTORY_MONTHS = 12
/** Last month's grids not finished yet. */
const LATE: Record<string, 'OPEN' | 'IN_PROGRESS'> = { 'MAR-VP-C2': 'OPEN', 'LIL-EUR-ESC1': 'OPEN', 'BDX-CHA-H2': 'IN_PROGRESS' }
/**
 * Past six weeks since their last visit whatever today's date (docs/compliance.md): visited
 * early two months ago (the 2nd), last month's grid still open, this month's not visited yet:
 * at least 55 days ago.
 */
export const PAST_SIX_WEEKS = ['MAR-VP-C2', 'LIL-EUR-ESC1']
const VISIT_NOTES = [
  'RAS. Graissage des guides effectué.',
  'Seuils nettoyés, prévoir le remplacement des patins de porte à la prochaine visite.',
  'Essai téléalarme OK avec le centre d’appel.',
]

export const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth()
export const monthStart = (m: number) => new Date(Date.UTC(Math.floor(m / 12), m % 12, 1))
export const monthEnd = (m: number) => new Date(monthStart(m + 1).getTime() - 1)
const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']
/** "mars 2026", as preventive generation names its grids. */
const frenchMonth = (m: number) => `${FRENCH_MONTHS[m % 12]} ${Math.floor(m / 12)}`
export const periodKeyOf = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`

export interface PreventiveRun { periodKey: string; ranAt: Date; created: number; firstControls: number }

export function planPreventive(ctx: OpsContext): { grids: OrderTimeline[]; runs: PreventiveRun[] } {
  const { now } = ctx
  const current = monthIndex(now)
  const grids: OrderTimeline[] = []
  for (const a of DEMO_FLEET.filter((x) => !x.noContract)) {
    const rnd = prng(`${a.ref}/preventive`)
    const technicians = SITE_TECHNICIANS[a.at.split('/')[0]].map(ctx.user)
    const anchor = monthIndex(new Date(`${a.since}T00:00:00Z`))
    const visitDay = int(rnd, 4, 25)
    const notApplicable = NOT_APPLICABLE[a.category]
    for (let ago = HISTORY_MONTHS; ago >= 0; ago--) {
      const m = current - ago
      const firstControl = ago === HISTORY_MONTHS
      const tasks = ctx.tasks.filter((t) => firstControl || t.periodicityMonths === 1 || (m - anchor) % t.periodicityMonths === 0)
      // The monthly job runs a few minutes into the month.
      const generatedAt = new Date(Math.min(monthStart(m).getTime() + 5 * MINUTE, now.getTime()))
      const grid = new OrderTimeline({
        type: 'PREVENTIVE', priority: 'NORMAL', personBlocked: false, assetId: ctx.asset(a.ref), dueAt: monthEnd(m),
        description: firstControl ? `Première visite d’entretien préventif, contrôle complet — ${frenchMonth(m)}` : `Visite d’entretien préventif — ${frenchMonth(m)}`,
        createdBy: null, requesterId: null, requesterName: null, periodKey: periodKeyOf(m), firstControl, createdAt: generatedAt,
        checklist: tasks.map((t) => ({ label: t.label, taskTemplateId: t.id })),
      }).generated()
      grids.push(grid)

      const technician = pick(rnd, technicians)
      const dispatcher = ctx.user(pick(rnd, ['dispatcher', 'dispatcher-2']))
      const steps: [Date, () => void][] = []
      let t = monthStart(m).getTime() + 7 * HOUR + int(rnd, 30, 120) * MINUTE
      const assignedAt = new Date(t)
      steps.push([assignedAt, () => grid.assign(dispatcher, assignedAt, [technician])])
      const late = ago === 1 ? LATE[a.ref] : undefined
      const pastSixWeeks = PAST_SIX_WEEKS.includes(a.ref)
      if (late !== 'OPEN' && !(pastSixWeeks && ago === 0)) {
        const jitter = int(rnd, -2, 2)
        const day = pastSixWeeks && ago === 2 ? 2 : Math.min(28, Math.max(2, visitDay + jitter))
        const start = monthStart(m).getTime() + (day - 1) * DAY + 7 * HOUR + int(rnd, 0, 8 * 60) * MINUTE
        steps.push([new Date(start), () => grid.move(technician, new Date(start), 'IN_PROGRESS')])
        t = start
        const ticked = late === 'IN_PROGRESS' ? Math.floor(tasks.length / 2) : tasks.length
        for (let i = 0; i < ticked; i++) {
          t += int(rnd, 4, 12) * MINUTE
          const at = new Date(t)
          const status = notApplicable?.test(tasks[i].label.toLowerCase()) ? 'NA' : 'DONE'
          steps.push([at, () => grid.tick(technician, at, i, status)])
        }
        if (late === 'IN_PROGRESS') {
          t += 5 * MINUTE
          const at = new Date(t)
          steps.push([at, () => grid.comment(technician, at, 'Visite interrompue : appelé sur une personne bloquée. Reste à faire : fin de la grille.')])
        } else {
          const finding = pick(rnd, VISIT_FINDINGS)
          t += int(rnd, 3, 8) * MINUTE
          const reported = new Date(t)
          steps.push([reported, () => grid.fillReport(technician, reported, {
            SYMPTOM: ctx.value('SYMPTOM', finding.SYMPTOM), COMPONENT: ctx.value('COMPONENT', finding.COMPONENT),
            CAUSE: ctx.value('CAUSE', finding.CAUSE), ACTION: ctx.value('ACTION', finding.ACTION),
            RESULT: ctx.value('RESULT', finding.RESULT), CIRCUMSTANCE: ctx.value('CIRCUMSTANCE', 'Visite préventive'),
          })])
          if (chance(rnd, 0.15)) {
            t += 2 * MINUTE
            const at = new Date(t)
            const note = pick(rnd, VISIT_NOTES)
            steps.push([at, () => grid.comment(technician, at, note)])
          }
          t += int(rnd, 2, 10) * MINUTE
          const done = new Date(t)
          steps.push([done, () => grid.move(technician, done, 'DONE')])
        }
      }
      // The current month is told up to now.
      for (const [at, step] of steps) {
        if (at > now) break
        step()
      }
    }
  }

  const runs = new Map<string, PreventiveRun>()
  for (const g of grids) {
    const key = g.start.periodKey!
    const run = runs.get(key) ?? { periodKey: key, ranAt: g.createdAt, created: 0, firstControls: 0 }
    run.created++
    if (g.start.firstControl) run.firstControls++
    runs.set(key, run)
  }
  return { grids, runs: [...runs.values()] }
}
