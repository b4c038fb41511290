// The rules of a breakdown's times (docs/work-orders.md, "Breakdown times"): which change a
// body asks for, and why it is refused. Pure: the caller passes the order's facts, its
// rights and the clock; work-orders.times.ts writes.
import { badRequest, conflict, forbidden } from '../../http/errors.ts'
import type { Caller } from '../../http/caller.ts'

/**
 * Who may correct a time already recorded: the delete right on WORK_ORDERS, the dispatcher's
 * (Dispatcher, Administrateur by default). A Technicien has every other right on orders,
 * view-other included, so the technicians' own record is corrected only by the office.
 */
export const mayCorrectTimes = (caller: Pick<Caller, 'may'>) => caller.may('WORK_ORDERS', 'delete')

/** Tolerance for a phone's clock slightly ahead of the server's (a tap sends the phone's time). */
export const CLOCK_SKEW_MS = 5 * 60_000

/** The times a technician taps, in the order they happen on site. */
export const BREAKDOWN_TIME_FIELDS = ['arrivedAt', 'releasedAt', 'leftAt'] as const
export type BreakdownTimeField = (typeof BREAKDOWN_TIME_FIELDS)[number]
export type BreakdownTimes = Record<BreakdownTimeField, Date | null>

export interface TimesFacts {
  type: string
  personBlocked: boolean
  closed: boolean
  /** When the call was received: the linked request's creation, else the order's. */
  callAt: Date
  current: BreakdownTimes
}

/** A time, or null to clear one recorded by mistake (a correction only). */
export interface TimesInput {
  arrivedAt?: string | null
  releasedAt?: string | null
  leftAt?: string | null
  correction?: boolean
}

/** `to` null: the time is cleared (a tap made on the wrong order, say). */
export interface TimeChange { field: BreakdownTimeField; from: Date | null; to: Date | null }

/**
 * The changes `input` makes, in field order (none when every value is already recorded).
 * Throws, in this order: 400 when the order is no breakdown; 403 for a correction without the
 * right; 409 for a first record on a closed order or over a different recorded time; 400
 * naming every time out of order. `mayCorrect`: the delete right on WORK_ORDERS.
 */
export function planTimes(facts: TimesFacts, input: TimesInput, now: Date, mayCorrect: boolean): TimeChange[] {
  if (facts.type !== 'CORRECTIVE') throw invalid([{ field: 'times', message: 'seulement pour un dépannage (ordre correctif)' }])
  if (input.correction && !mayCorrect) throw forbidden(undefined, 'TIME_CORRECTION_FORBIDDEN')
  const asked = BREAKDOWN_TIME_FIELDS.filter((f) => input[f] !== undefined)
  const cleared = asked.filter((f) => input[f] === null)
  if (cleared.length && !input.correction) {
    throw invalid(cleared.map((f) => ({ field: `times.${f}`, message: 'ne s’efface que par une correction' })))
  }
  const changes = asked
    .map((field) => ({ field, from: facts.current[field], to: input[field] === null ? null : new Date(input[field]!) }))
    .filter((c) => c.from?.getTime() !== c.to?.getTime())
  if (!changes.length) return []
  if (!input.correction) {
    if (facts.closed) throw conflict('WORK_ORDER_CLOSED')
    const taken = changes.filter((c) => c.from !== null)
    if (taken.length) {
      throw conflict('BREAKDOWN_TIME_SET', undefined, taken.map((c) => ({ field: `times.${c.field}`, message: `${LABELS[c.field]} déjà enregistrée` })))
    }
  }
  const next: BreakdownTimes = { ...facts.current }
  for (const c of changes) next[c.field] = c.to
  const errors = orderErrors(facts, next, changes.map((c) => c.field), now)
  if (errors.length) throw invalid(errors)
  return changes
}

const LABELS: Record<BreakdownTimeField, string> = {
  arrivedAt: 'heure d’arrivée sur place',
  releasedAt: 'heure de libération de la personne bloquée',
  leftAt: 'heure de départ',
}

/** What is wrong with the times once changed, each on a changed field. */
function orderErrors(facts: TimesFacts, t: BreakdownTimes, changed: BreakdownTimeField[], now: Date) {
  const errors: { field: string; message: string }[] = []
  const add = (field: BreakdownTimeField, message: string) => {
    if (!errors.some((e) => e.field === `times.${field}`)) errors.push({ field: `times.${field}`, message })
  }
  for (const f of changed) {
    const at = t[f]
    if (at === null) continue
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) add(f, `ne peut pas être dans le futur (${CLOCK_SKEW_MS / 60_000} min de tolérance pour l’horloge du téléphone)`)
    if (f === 'releasedAt' && !facts.personBlocked) add(f, 'seulement quand une personne est bloquée')
    if (at < facts.callAt) add(f, 'ne peut pas précéder la réception de l’appel')
  }
  // The departure follows the arrival, whichever of the two changed.
  if (t.leftAt !== null && t.arrivedAt === null) {
    if (changed.includes('leftAt')) add('leftAt', 'l’arrivée sur place doit être enregistrée avant le départ')
    else if (changed.includes('arrivedAt')) add('arrivedAt', 'ne s’efface pas tant que le départ est enregistré')
  }
  if (t.leftAt && t.arrivedAt && t.leftAt < t.arrivedAt) {
    if (changed.includes('leftAt')) add('leftAt', 'ne peut pas précéder l’arrivée sur place')
    else add('arrivedAt', 'ne peut pas suivre le départ')
  }
  return errors
}

/**
 * transitionWorkOrder's `releasedAt` (a release recorded with a move): 400 INVALID_RELEASE_TIME
 * off a trapped-person order, in the future or before the call (the linked request's creation,
 * else the order's: the same bound as a tap's); over a different release
 * already recorded (a tap, an earlier move), 409 BREAKDOWN_TIME_SET unless the caller may correct.
 */
export function releaseWithMove(order: { personBlocked: boolean; callAt: Date; releasedAt: Date | null }, at: Date, now: Date, mayCorrect: boolean): Date {
  const bad = (message: string) => badRequest('INVALID_RELEASE_TIME', `Heure de libération de la personne bloquée : ${message}.`, [{ field: 'releasedAt', message }])
  if (!order.personBlocked) throw bad('seulement pour un ordre avec personne bloquée')
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw bad('ne peut pas être dans le futur')
  if (at < order.callAt) throw bad('ne peut pas précéder la réception de l’appel')
  if (order.releasedAt && order.releasedAt.getTime() !== at.getTime() && !mayCorrect) {
    throw conflict('BREAKDOWN_TIME_SET', undefined, [{ field: 'releasedAt', message: 'heure de libération déjà enregistrée' }])
  }
  return at
}

// The names a technician reads on the buttons, for the message (details name the field).
const SHOWN: Record<string, string> = { times: 'ces heures', 'times.arrivedAt': 'arrivée sur place', 'times.releasedAt': 'personne libérée', 'times.leftAt': 'départ' }

function invalid(details: { field: string; message: string }[]) {
  return badRequest('INVALID_BREAKDOWN_TIME', `Heures du dépannage — ${details.map((d) => `${SHOWN[d.field]} : ${d.message}`).join(' ; ')}.`, details)
}
