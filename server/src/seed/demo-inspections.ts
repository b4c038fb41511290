// The demo fleet's five-yearly technical inspections (docs/compliance.md, "The technical
// inspection"): every elevator inspected by an approved body within the last five years but
// two, so that the dashboard says something whatever the day the demo is loaded: PAR-VAU-E3's
// inspection is overdue (five years and 45 days ago) with two findings still open, NAN-IC-2B's
// is due within 90 days.
import { uuidv7 } from 'uuidv7'
import type { assetInspections } from '../modules/assets/assets.tables.ts'
import type { OpsContext } from './demo-context.ts'
import { DEMO_FLEET } from './demo-fleet.ts'
import { DAY, HOUR } from './demo-random.ts'
import { OrderTimeline } from './demo-timeline.ts'

export const OVERDUE_INSPECTION = 'PAR-VAU-E3'
export const INSPECTION_DUE_SOON = 'NAN-IC-2B'
const BODIES = ['Bureau Veritas', 'Apave', 'Dekra', 'Socotec']

const yearsBefore = (d: Date, years: number) => { const r = new Date(d); r.setUTCFullYear(r.getUTCFullYear() - years); return r }

export function planInspections(ctx: OpsContext): { inspections: (typeof assetInspections.$inferInsert)[]; orders: OrderTimeline[] } {
  const { now } = ctx
  const day = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 9))
  const inspections = DEMO_FLEET.map((a, i) => {
    const inspectedAt = a.ref === OVERDUE_INSPECTION ? day(new Date(yearsBefore(now, 5).getTime() - 45 * DAY))
      : a.ref === INSPECTION_DUE_SOON ? day(new Date(yearsBefore(now, 5).getTime() + 50 * DAY))
        // The others spread over the last four years, none within the last three months.
        : day(new Date(now.getTime() - (90 + (i * 97) % 1300) * DAY))
    return {
      id: uuidv7(), assetId: ctx.asset(a.ref), inspectedAt, body: BODIES[i % BODIES.length], reportDocumentId: null,
      notes: a.ref === OVERDUE_INSPECTION ? 'Deux observations à lever avant le prochain contrôle.' : null,
      createdBy: ctx.user('dispatcher'), createdAt: new Date(inspectedAt.getTime() + 2 * DAY),
    }
  })
  const overdue = inspections.find((x) => x.assetId === ctx.asset(OVERDUE_INSPECTION))!
  const finding = (description: string, createdAt: Date) => new OrderTimeline({
    type: 'CORRECTIVE', priority: 'NORMAL', personBlocked: false, assetId: overdue.assetId, dueAt: new Date(now.getTime() + 20 * DAY),
    description, createdBy: ctx.user('dispatcher'), requesterId: null, requesterName: null, periodKey: null, firstControl: false, createdAt,
    inspectionId: overdue.id,
  }).created(ctx.user('dispatcher'))
  const orders = [
    finding('Observation du contrôle technique : éclairage de la cuvette insuffisant, à remplacer.', new Date(now.getTime() - 12 * DAY - 3 * HOUR)),
    finding('Observation du contrôle technique : protection de la poulie de renvoi manquante en gaine.', new Date(now.getTime() - 12 * DAY - 2 * HOUR))
      .assign(ctx.user('dispatcher'), new Date(now.getTime() - 11 * DAY), [ctx.user('tech-paris-1')]),
  ]
  return { inspections, orders }
}
