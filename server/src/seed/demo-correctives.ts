// Breakdowns of the demo year: each one told as it happens in the trade (domain.md): a call
// (the guardian, the alarm centre, a request approved by a dispatcher, or a technician on a
// visit), the on-call technician assigned, arrival, a trapped person freed first, diagnosis,
// sometimes a wait for a part, the coded report, closure. Told up to the seeding instant, so
// recent calls are still open, in progress or on hold. DEMO_FLEET's appliances that are out of
// service or under maintenance get the order that explains it.
import type { ReportField } from '../modules/reference-values/reference-values.fields.ts'
import type { OpsContext } from './demo-context.ts'
import {
  ARRIVAL_COMMENTS, BREAKDOWNS, CANCEL_REASONS, CLOSING_COMMENTS, DISPATCH_COMMENTS, FLOORS, TRAPPED, type Breakdown,
} from './demo-operations-data.ts'
import { DEMO_FLEET, SITE_TECHNICIANS, type DemoAsset } from './demo-fleet.ts'
import { notesFor } from './demo-notes.ts'
import { DAY, HOUR, MINUTE, chance, int, pick, prng, type Rnd } from './demo-random.ts'
import { RequestPlan, reporter, type RequestStart } from './demo-requests.ts'
import { OrderTimeline, type Priority, type WorkOrderStatus } from './demo-timeline.ts'

/** A phone call, the alarm centre, a technician on a visit, or a request (its author). */
export type Origin = 'PHONE' | 'ALARM' | 'VISIT' | Pick<RequestStart, 'source' | 'requestedBy' | 'contactName' | 'contactPhone' | 'token'>
export interface Call {
  asset: DemoAsset
  breakdown: Breakdown
  origin: Origin
  /** When the call came (for a request: when it was reported). */
  at: Date
  /** Where the story stops (it also stops at the seeding instant). */
  fate: Exclude<WorkOrderStatus, 'ON_HOLD'> | 'ON_HOLD' | 'WAIT_THEN_DONE'
  trapped?: boolean
  technicians?: string[]
  cancelReason?: string
  holdReason?: string
  /** Trapped calls: minutes from the order to the technician's arrival, when the draw must not decide. */
  arrivalMinutes?: number
}

const siteOf = (a: DemoAsset) => a.at.split('/')[0]
const LOW: string[] = ['Éclairage cabine défaillant', 'Bouton d\'appel inopérant']
const HIGH: string[] = ['Appareil à l\'arrêt', 'Portes palières ne se ferment pas', 'Appareil ne dessert pas un niveau', 'Fuite d\'huile']
const DUE: Record<Priority, number> = { URGENT: HOUR, HIGH: DAY, NORMAL: 3 * DAY, LOW: 7 * DAY }
const offHours = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6 || d.getUTCHours() < 6 || d.getUTCHours() >= 19

/** One breakdown from the call to where it stands now; the order and, if any, its request. */
export function tell(ctx: OpsContext, call: Call, rnd: Rnd): { order: OrderTimeline; request: RequestPlan | null } {
  const { now } = ctx
  const { asset, breakdown, origin } = call
  const site = siteOf(asset)
  const dispatcher = ctx.user(pick(rnd, ['dispatcher', 'dispatcher-2']))
  const technicians = call.technicians ?? [pick(rnd, SITE_TECHNICIANS[site].map(ctx.user))]
  const technician = technicians[0]
  const priority: Priority = call.trapped ? 'URGENT' : HIGH.includes(breakdown.report.SYMPTOM) ? 'HIGH' : LOW.includes(breakdown.report.SYMPTOM) ? 'LOW' : 'NORMAL'
  const description = breakdown.says.replace('{floor}', pick(rnd, FLOORS))

  const request = typeof origin === 'object' ? new RequestPlan({ ...origin, assetId: ctx.asset(asset.ref), description, personBlocked: !!call.trapped, createdAt: call.at }) : null
  const createdAt = request ? new Date(call.at.getTime() + (call.trapped ? int(rnd, 1, 4) : int(rnd, 10, 180)) * MINUTE) : call.at
  // As approveRequest writes it: the portal contact (an app request names its author by id).
  const requesterName = request
    ? request.start.contactName
    : origin === 'ALARM' ? 'Centre d’appel téléalarme' : origin === 'PHONE' ? ctx.guardian(site) : null
  const order = new OrderTimeline({
    type: 'CORRECTIVE', priority, personBlocked: !!call.trapped, assetId: ctx.asset(asset.ref), description,
    dueAt: new Date(createdAt.getTime() + DUE[priority]), createdBy: origin === 'VISIT' ? technician : dispatcher,
    requesterId: request?.start.requestedBy ?? null, requesterName, periodKey: null, firstControl: false, createdAt,
    checklist: breakdown.checks?.map((label) => ({ label, taskTemplateId: null })),
  })
  const circumstance = call.trapped ? 'Appel téléalarme' : offHours(createdAt) ? 'Astreinte nuit et week-end'
    : origin === 'VISIT' ? 'Visite d\'entretien' : request ? 'Signalement gardien' : 'Appel client'
  const v = (f: ReportField, label: string) => ctx.value(f, label)

  const steps: [number, () => void][] = []
  let t = createdAt.getTime()
  const step = (after: number, f: (at: Date) => void) => {
    t += after
    const at = new Date(t)
    steps.push([t, () => f(at)])
  }
  if (request) {
    request.approve(dispatcher, order)
    order.created(dispatcher).linked(dispatcher, { id: request.id, reference: () => request.reference }).assign(dispatcher, createdAt, technicians)
  } else {
    order.created(origin === 'VISIT' ? technician : dispatcher)
    step(origin === 'VISIT' ? 0 : int(rnd, 2, 12) * MINUTE, (at) => order.assign(origin === 'VISIT' ? technician : dispatcher, at, technicians))
  }
  if (chance(rnd, 0.25)) {
    const body = pick(rnd, DISPATCH_COMMENTS)
    step(int(rnd, 3, 30) * MINUTE, (at) => order.comment(dispatcher, at, body))
  }
  if (call.fate === 'CANCELLED' && chance(rnd, 0.6)) {
    step(int(rnd, 1, 20) * HOUR, (at) => order.move(dispatcher, at, 'CANCELLED', call.cancelReason ?? CANCEL_REASONS[1]))
  } else if (call.fate !== 'OPEN') {
    // The draw is made even when overridden: the stories after this one stay as they were.
    const drawn = call.trapped ? int(rnd, 15, 40) * MINUTE : priority === 'HIGH' ? int(rnd, 40, 180) * MINUTE : int(rnd, 2, 30) * HOUR
    // Arriving on site and starting are one moment on the phone: « Arrivé sur place », then Démarrer.
    step(call.arrivalMinutes !== undefined ? call.arrivalMinutes * MINUTE : drawn, (at) => order.tapTime(technician, at, 'arrivedAt').move(technician, at, 'IN_PROGRESS'))
    // The person is freed first; the time is recorded when the order is closed.
    let freedAt: Date | undefined
    if (call.trapped) step(int(rnd, 5, 20) * MINUTE, (at) => { freedAt = at; order.tick(technician, at, 0, 'DONE') })
    if (chance(rnd, 0.5)) {
      const body = pick(rnd, ARRIVAL_COMMENTS)
      step(int(rnd, 3, 10) * MINUTE, (at) => order.comment(technician, at, body))
    }
    step(int(rnd, 10, 30) * MINUTE, (at) => order.fillReport(technician, at, { SYMPTOM: v('SYMPTOM', breakdown.report.SYMPTOM), COMPONENT: v('COMPONENT', breakdown.report.COMPONENT) }))
    if (call.fate === 'CANCELLED') {
      step(int(rnd, 5, 20) * MINUTE, (at) => order.move(technician, at, 'CANCELLED', call.cancelReason ?? CANCEL_REASONS[0]))
    } else if (call.fate !== 'IN_PROGRESS') {
      if (call.fate === 'ON_HOLD' || call.fate === 'WAIT_THEN_DONE') {
        const reason = call.holdReason ?? `En attente de pièce : ${breakdown.report.COMPONENT.toLowerCase()} commandé chez le fournisseur.`
        step(int(rnd, 30, 90) * MINUTE, (at) => order.fillReport(technician, at, { CAUSE: v('CAUSE', breakdown.report.CAUSE), RESULT: v('RESULT', 'En attente de pièce') }).tapTime(technician, at, 'leftAt').move(technician, at, 'ON_HOLD', reason))
        if (call.fate === 'WAIT_THEN_DONE') step(int(rnd, 1, 5) * DAY, (at) => order.move(technician, at, 'IN_PROGRESS'))
      }
      if (call.fate !== 'ON_HOLD') {
        for (let i = call.trapped ? 1 : 0; i < order.checklist.length; i++) step(int(rnd, 4, 10) * MINUTE, (at) => order.tick(technician, at, i, 'DONE'))
        // The notes draw from their own PRNG: the rest of the story stays as it was without them.
        const notes = notesFor(breakdown, asset.ref, ctx.guardian(site), prng(`${asset.ref}/notes/${createdAt.toISOString()}`))
        step(int(rnd, 10, 60) * MINUTE, (at) => order.fillReport(technician, at, {
          CAUSE: v('CAUSE', breakdown.report.CAUSE), ACTION: v('ACTION', breakdown.report.ACTION),
          RESULT: v('RESULT', breakdown.report.RESULT), CIRCUMSTANCE: v('CIRCUMSTANCE', circumstance),
        }, notes ?? undefined))
        if (chance(rnd, 0.5)) {
          const body = pick(rnd, CLOSING_COMMENTS)
          step(int(rnd, 1, 5) * MINUTE, (at) => order.comment(technician, at, body))
        }
        step(int(rnd, 2, 10) * MINUTE, (at) => order.tapTime(technician, at, 'leftAt').move(technician, at, 'DONE', undefined, freedAt))
      }
    }
  }
  for (const [at, f] of steps) {
    if (at > now.getTime()) break
    f()
  }
  return { order, request }
}

const applicable = (a: DemoAsset) => BREAKDOWNS.filter((b) => !b.families || b.families.includes(a.category))
/** A working-hours instant `daysAgo` days before now (UTC). */
const workingDay = (now: Date, daysAgo: number, rnd: Rnd) =>
  new Date(Math.floor(now.getTime() / DAY) * DAY - daysAgo * DAY + int(rnd, 6 * 60, 17 * 60) * MINUTE)

/** The year's breakdowns of every appliance: 2 to 4 a year, more on the old ones. */
export function planBreakdowns(ctx: OpsContext): Call[] {
  const calls: Call[] = []
  for (const a of DEMO_FLEET) {
    const rnd = prng(`${a.ref}/breakdowns`)
    const n = a.noContract ? int(rnd, 1, 2) : int(rnd, 2, 4) + (a.since < '2005' ? 1 : 0)
    for (let i = 0; i < n; i++) {
      const daysAgo = int(rnd, 8, 360)
      const breakdown = pick(rnd, applicable(a))
      const fate = chance(rnd, 0.08) ? 'CANCELLED' : chance(rnd, 0.12) ? 'WAIT_THEN_DONE' : 'DONE'
      const cancelReason = a.noContract ? CANCEL_REASONS[3] : pick(rnd, CANCEL_REASONS.slice(0, 3))
      const kind = rnd()
      if (kind < 0.35) {
        const at = new Date(ctx.now.getTime() - daysAgo * DAY - int(rnd, 0, 600) * MINUTE)
        calls.push({ asset: a, breakdown, at, fate, cancelReason, origin: reporter(ctx, siteOf(a), rnd, chance(rnd, 0.4)) })
      } else {
        calls.push({ asset: a, breakdown, at: workingDay(ctx.now, daysAgo, rnd), fate, cancelReason, origin: kind < 0.45 ? 'VISIT' : 'PHONE' })
      }
    }
    // A few appliances have a breakdown of the last days still being dealt with.
    if (!a.status && chance(rnd, 0.15)) {
      const fate = pick(rnd, ['OPEN', 'IN_PROGRESS', 'DONE'] as const)
      calls.push({ asset: a, breakdown: pick(rnd, applicable(a)), at: workingDay(ctx.now, int(rnd, 1, 6), rnd), fate, origin: 'PHONE' })
    }
  }
  return calls
}

/** Trapped passengers over the year, all freed; the last one a few minutes ago, not yet. */
export function planTrapped(ctx: OpsContext): Call[] {
  const spots: [string, number][] = [['LIL-EUR-E1', 330], ['PAR-BAT-T1', 250], ['LYO-PD-A1', 170], ['MAR-VP-M1', 88], ['BDX-CHA-B1', 35], ['PAR-BAT-T2', 4]]
  const calls: Call[] = spots.map(([ref, daysAgo], i) => {
    const rnd = prng(`${ref}/trapped`)
    // PAR-BAT-T1: the on-call technician held up on the ring road, the person freed after more than an hour.
    return { asset: fleet(ref), breakdown: TRAPPED[i % TRAPPED.length], at: new Date(ctx.now.getTime() - daysAgo * DAY - int(rnd, 0, 1200) * MINUTE), fate: 'DONE', trapped: true, origin: 'ALARM', ...(ref === 'PAR-BAT-T1' ? { arrivalMinutes: 58 } : {}) }
  })
  calls.push({ asset: fleet('LIL-EUR-W1'), breakdown: TRAPPED[0], at: new Date(ctx.now.getTime() - 14 * MINUTE), fate: 'OPEN', trapped: true, origin: 'ALARM', technicians: [ctx.user('tech')] })
  return calls
}

/**
 * Two closed breakdowns of the Tractis elevator, whatever the draw: the assistant has reports
 * to cite next to its manuals (a brake adjusted, a landing lock), as a newcomer will ask.
 */
export function planShowcase(ctx: OpsContext): Call[] {
  const a = fleet('LYO-CF-S1')
  const rnd = prng('LYO-CF-S1/showcase')
  const kind = (symptom: string) => BREAKDOWNS.find((b) => b.report.SYMPTOM === symptom)!
  return [
    { asset: a, breakdown: kind('Arrêt hors niveau'), at: workingDay(ctx.now, 41, rnd), fate: 'DONE', origin: 'VISIT' },
    { asset: a, breakdown: kind('Portes palières ne se ferment pas'), at: workingDay(ctx.now, 123, rnd), fate: 'DONE', origin: 'PHONE' },
  ]
}

/**
 * A callback whatever the draw (docs/compliance.md, "Callbacks"): PAR-BAT-T1, whose trapped
 * passenger waited more than an hour, breaks down again about twelve days after that repair,
 * so that its carnet and the Batignolles annual report show a « Rappel ».
 */
export function planCallback(ctx: OpsContext): Call[] {
  const a = fleet('PAR-BAT-T1')
  const rnd = prng('PAR-BAT-T1/callback')
  return [{ asset: a, breakdown: pick(rnd, applicable(a)), at: workingDay(ctx.now, 237, rnd), fate: 'DONE', origin: 'PHONE' }]
}

export const fleet = (ref: string): DemoAsset => {
  const a = DEMO_FLEET.find((x) => x.ref === ref)
  if (!a) throw new Error(`demo seed: no asset ${ref}`)
  return a
}
