// A work order written as the story of what happened to it: each step (creation, status
// change, comment, assignment, report, checklist tick) moves the order forward in time and
// records its event exactly as the service would (docs/work-orders.md). The seeders build the
// demo history with it, so columns, rows and activity log agree by construction: events are
// chronological, started ≤ completed, DONE only past its closure guards.
import { uuidv7 } from 'uuidv7'
import { REPORT_FIELDS, REQUIRED_REPORT_FIELDS, type ReportField } from '../modules/reference-values/reference-values.fields.ts'

export type WorkOrderStatus = 'OPEN' | 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED'
export type Priority = 'LOW' | 'NORMAL' | 'HIGH' | 'URGENT'
export type ChecklistStatus = 'TODO' | 'DONE' | 'NA'
export const PRIORITY_RANK: Record<Priority, number> = { LOW: 1, NORMAL: 2, HIGH: 3, URGENT: 4 }

// The moves of DESIGN.md; the service's own table (work-orders.states.ts) is the same.
const MOVES: Record<WorkOrderStatus, WorkOrderStatus[]> = {
  OPEN: ['IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'DONE', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'DONE', 'CANCELLED'],
  DONE: [],
  CANCELLED: [],
}

export interface TimelineEvent { id: string; kind: string; actorId: string | null; at: Date; payload: () => object }
export interface TimelineComment { id: string; authorId: string; body: string; createdAt: Date }
export interface TimelineItem {
  id: string; taskTemplateId: string | null; label: string; position: number
  status: ChecklistStatus; updatedBy: string | null; updatedAt: Date | null
}

export interface OrderStart {
  type: 'CORRECTIVE' | 'PREVENTIVE'
  priority: Priority
  personBlocked: boolean
  assetId: string
  description: string | null
  dueAt: Date | null
  createdBy: string | null
  requesterId: string | null
  requesterName: string | null
  periodKey: string | null
  firstControl: boolean
  createdAt: Date
  checklist?: { label: string; taskTemplateId: string | null }[]
  /** A finding of this technical inspection (demo-inspections.ts). */
  inspectionId?: string | null
}

export class OrderTimeline {
  readonly id = uuidv7()
  /** Set once references are handed out (in order of creation). */
  number = 0
  status: WorkOrderStatus = 'OPEN'
  startedAt: Date | null = null
  completedAt: Date | null = null
  cancelledAt: Date | null = null
  releasedAt: Date | null = null
  /** Breakdowns: the technician on site and leaving it (docs/work-orders.md, "Breakdown times"). */
  arrivedAt: Date | null = null
  leftAt: Date | null = null
  cancelReason: string | null = null
  report: Partial<Record<ReportField, string>> = {}
  /** The report's free notes (the technician's own words). */
  notes: string | null = null
  reportUpdatedAt: Date | null = null
  reportUpdatedBy: string | null = null
  updatedAt: Date
  readonly assignees = new Map<string, Date>()
  readonly comments: TimelineComment[] = []
  readonly checklist: TimelineItem[]
  readonly events: TimelineEvent[] = []
  readonly start: OrderStart
  #last: Date

  constructor(start: OrderStart) {
    this.start = start
    if (start.personBlocked && start.priority !== 'URGENT') throw new Error('a trapped person makes the order URGENT')
    this.#last = this.updatedAt = start.createdAt
    this.checklist = (start.checklist ?? []).map((c, i) => ({ id: uuidv7(), ...c, position: i + 1, status: 'TODO', updatedBy: null, updatedAt: null }))
  }

  get reference(): string { return `OT-${String(this.number).padStart(6, '0')}` }
  get createdAt(): Date { return this.start.createdAt }
  /** When the last step happened. */
  get lastAt(): Date { return this.#last }

  #step(at: Date): void {
    if (at < this.#last) throw new Error(`${this.start.description}: a step at ${at.toISOString()} before ${this.#last.toISOString()}`)
    this.#last = this.updatedAt = at
  }

  #event(kind: string, actorId: string | null, at: Date, payload: () => object = () => ({})): void {
    this.#step(at)
    this.events.push({ id: uuidv7(), kind, actorId, at, payload })
  }

  created(actorId: string | null): this {
    this.#event('CREATED', actorId, this.createdAt)
    return this
  }

  generated(): this {
    const { periodKey, firstControl } = this.start
    const taskCount = this.checklist.length
    this.#event('GENERATED', null, this.createdAt, () => ({ periodKey, firstControl, taskCount }))
    return this
  }

  /** The order was created by approving a request (same instant as CREATED). */
  linked(actorId: string, request: { id: string; reference: () => string }): this {
    this.#event('REQUEST_LINKED', actorId, this.createdAt, () => ({ requestId: request.id, requestReference: request.reference() }))
    return this
  }

  assign(actorId: string, at: Date, userIds: string[]): this {
    const added = userIds.filter((u) => !this.assignees.has(u))
    const removed = [...this.assignees.keys()].filter((u) => !userIds.includes(u))
    if (!added.length && !removed.length) return this
    for (const u of removed) this.assignees.delete(u)
    for (const u of added) this.assignees.set(u, at)
    this.#event('ASSIGNEES_CHANGED', actorId, at, () => ({ added, removed }))
    return this
  }

  /** A move; `releasedAt` (trapped person freed) is recorded with it, as transitionWorkOrder does. */
  move(actorId: string, at: Date, to: WorkOrderStatus, reason?: string, releasedAt?: Date): this {
    const from = this.status
    if (!MOVES[from].includes(to)) throw new Error(`no move ${from} → ${to}`)
    if (to === 'DONE') {
      const missing = REQUIRED_REPORT_FIELDS.filter((f) => !this.report[f])
      if (missing.length || this.checklist.some((c) => c.status === 'TODO')) throw new Error(`closure blocked: ${missing.join(', ')} / checklist`)
      this.completedAt = at
    }
    if (to === 'CANCELLED') {
      if (!reason) throw new Error('a cancellation needs a reason')
      this.cancelledAt = at
      this.cancelReason = reason
    }
    if (to === 'IN_PROGRESS') this.startedAt ??= at
    if (releasedAt) {
      if (!this.start.personBlocked || releasedAt < this.createdAt || releasedAt > at) throw new Error('a release time belongs to a trapped person, between the call and the move')
      this.releasedAt = releasedAt
    }
    this.status = to
    this.#event('STATUS_CHANGED', actorId, at, () => ({ from, to, ...(reason ? { reason } : {}), ...(releasedAt ? { releasedAt: releasedAt.toISOString() } : {}) }))
    return this
  }

  /** A breakdown time tapped on the phone (a first record, as upsertWorkOrderReport's `times` writes it). */
  tapTime(actorId: string, at: Date, field: 'arrivedAt' | 'leftAt'): this {
    if (this.start.type !== 'CORRECTIVE' || this[field] !== null) return this
    if (at < this.createdAt || (field === 'leftAt' && (this.arrivedAt === null || at < this.arrivedAt))) throw new Error(`${field}: out of order`)
    this[field] = at
    this.#event('TIMES_RECORDED', actorId, at, () => ({ times: [{ field, from: null, to: at.toISOString() }] }))
    return this
  }

  comment(authorId: string, at: Date, body: string): this {
    const id = uuidv7()
    this.comments.push({ id, authorId, body, createdAt: at })
    this.#event('COMMENTED', authorId, at, () => ({ commentId: id }))
    return this
  }

  /** Sets report fields (reference value ids) and the notes; the event names what changed (NOTES for the notes). */
  fillReport(actorId: string, at: Date, values: Partial<Record<ReportField, string>>, notes?: string): this {
    const fields: (ReportField | 'NOTES')[] = REPORT_FIELDS.filter((f) => f in values && values[f] !== this.report[f])
    if (notes !== undefined && notes !== this.notes) fields.push('NOTES')
    if (!fields.length) return this
    Object.assign(this.report, values)
    if (notes !== undefined) this.notes = notes
    this.reportUpdatedAt = at
    this.reportUpdatedBy = actorId
    this.#event('REPORT_UPDATED', actorId, at, () => ({ fields }))
    return this
  }

  tick(actorId: string, at: Date, index: number, to: ChecklistStatus): this {
    const item = this.checklist[index]
    const from = item.status
    if (from === to) return this
    Object.assign(item, { status: to, updatedBy: actorId, updatedAt: at })
    this.#event('CHECKLIST_UPDATED', actorId, at, () => ({ itemId: item.id, label: item.label, from, to }))
    return this
  }
}
