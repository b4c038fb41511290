import { uuidv7 } from 'uuidv7'
import { badRequest, conflict } from '../../http/errors.ts'
import {
  invalidAssignee, notFoundOrder, orderClosed, reasonRequired, transitionNotAllowed, unknownAsset, unknownInspection, unknownItem,
} from './work-orders.errors.ts'

import { jsonListText, JsonText } from '../../http/json-text.ts'
import { decodeCursor, isMatching, isUuid, microsecondIso, pageOf } from '../../http/pagination.ts'
import type { Caller } from '../../http/caller.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Db } from '../../platform/db.ts'
import type { Platform } from '../module.ts'
import { refillStaleDetails, workOrderDetailRow, type DetailRow } from './work-orders.detail.queries.ts'
import * as q from './work-orders.queries.ts'
import {
  DEFAULT_PAGE, type AssigneesUpdate, type ChecklistPatch, type CommentCreate, type ConsumePart, type LaborTimeCreate, type ReportUpsert, type TransitionRequest, type WorkOrderCreate,
  type WorkOrderDetail, type WorkOrdersQuery, type WorkOrdersResponse,
} from './work-orders.schemas.ts'
import * as list from './work-orders.list.queries.ts'
import { canMove, closureBlockers, isClosed, PRIORITY_RANK, type Priority } from './work-orders.states.ts'
import { abilitiesOn } from './work-orders.abilities.ts'
import { checkReport, notesChange, REPORT_COLUMNS } from './work-orders.report.ts'
import { WorkOrderCosts } from './work-orders.costs.ts'
import { costsFor } from './work-orders.pay.ts'
import { recordTimes } from './work-orders.times.ts'
import { mayCorrectTimes, releaseWithMove } from './work-orders.times-rules.ts'
import { callReceivedAt } from './work-orders.times.queries.ts'

// Also exported here: other modules import them from the service.
export { invalidAssignee, notFoundOrder }

/** What any writer (createWorkOrder, approveRequest) gives to create an order. */
export interface NewWorkOrder {
  type: 'CORRECTIVE' | 'PREVENTIVE'
  assetId: string
  description: string | null
  priority: Priority
  personBlocked: boolean
  dueAt: Date | null
  createdBy: string | null
  requesterId: string | null
  requesterName: string | null
  assigneeIds: string[]
  /** A finding of this technical inspection (checked to be one of the asset's). */
  inspectionId?: string | null
}

// The listing's sort key: person blocked, priority rank, creation time (microseconds), id.
const ORDER_KEY = [
  (v: unknown) => typeof v === 'boolean',
  (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 4,
  isMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  isUuid,
] as const

export type WorkOrderDeps = Pick<Platform, 'database' | 'clock'>

export class WorkOrdersService {
  readonly #deps: WorkOrderDeps
  readonly #costs: WorkOrderCosts
  constructor(deps: WorkOrderDeps) {
    this.#deps = deps
    this.#costs = new WorkOrderCosts(deps, (tx, ids, siteId) => this.checkAssignees(tx, ids, siteId))
  }

  get #db() { return this.#deps.database.db }

  /**
   * Creates an order inside the caller's transaction: the asset must exist (the caller
   * checks its scope), the assignees must be assignable. Priority URGENT when a person is
   * blocked. Writes CREATED, then ASSIGNEES_CHANGED when there are assignees.
   */
  async insert(tx: Db, input: NewWorkOrder, actorId: string | null): Promise<{ id: string; reference: string }> {
    const asset = await q.assetSite(tx, input.assetId)
    if (!asset) throw unknownAsset()
    const assigneeIds = [...new Set(input.assigneeIds)]
    await this.checkAssignees(tx, assigneeIds, asset.siteId)
    // Inspections are never deleted: the check holds until commit.
    if (input.inspectionId && !(await q.inspectionOfAsset(tx, input.inspectionId, input.assetId))) throw unknownInspection()
    const now = this.#deps.clock.now()
    const priority: Priority = input.personBlocked ? 'URGENT' : input.priority
    const id = uuidv7()
    const created = await q.insertWorkOrder(tx, {
      id,
      type: input.type,
      status: 'OPEN',
      priority,
      priorityRank: PRIORITY_RANK[priority],
      personBlocked: input.personBlocked,
      assetId: input.assetId,
      description: input.description,
      dueAt: input.dueAt,
      createdBy: input.createdBy,
      requesterId: input.requesterId,
      requesterName: input.requesterName,
      inspectionId: input.inspectionId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    await q.insertAssignees(tx, id, assigneeIds, now)
    await q.insertEvents(tx, [
      { id: uuidv7(), workOrderId: id, kind: 'CREATED', actorId, at: now, payload: {} },
      ...(assigneeIds.length ? [{ id: uuidv7(), workOrderId: id, kind: 'ASSIGNEES_CHANGED' as const, actorId, at: now, payload: { added: assigneeIds, removed: [] } }] : []),
    ])
    return created
  }

  /** 400 INVALID_ASSIGNEE unless every id is an assignable user for an order on `siteId`. */
  async checkAssignees(tx: Db, ids: string[], siteId: string) {
    const valid = await q.assignableUsers(tx, ids, siteId)
    if (ids.some((id) => !valid.has(id))) throw invalidAssignee()
  }

  /** One page of the caller's orders in triage order, and the cursor of the next one. */
  async list(caller: Caller, scope: Scope, query: Static<typeof WorkOrdersQuery>) {
    const { cursor, limit = DEFAULT_PAGE, mine, status, late, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, ORDER_KEY) as list.Keyset
    const rows = await list.listWorkOrdersPage(this.#db, scope, {
      ...filter, status: status === undefined ? undefined : [status].flat(), lateAt: late ? this.#deps.clock.now() : undefined, mineOf: mine ? caller.principal.id : undefined,
    }, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.pb, r.rank, microsecondIso(r.atMicros), r.id])
    return { page: jsonListText<Static<typeof WorkOrdersResponse>>('workOrders', items.map((r) => r.row)), next, limit }
  }

  /** The detail as this caller sees it; 404 when missing or outside its scope. */
  /** The elevator and the people an order's changes concern (for the kept answers they change). */
  concerns(id: string) { return q.orderConcerns(this.#db, id) }

  async get(caller: Caller, scope: Scope, id: string) {
    const row = await workOrderDetailRow(this.#db, id, scope)
    if (!row) throw notFoundOrder()
    return toDetail(row, caller)
  }

  /** Rebuilds up to `batch` stored details marked stale; how many (modules/stale-refill.ts). */
  refillStaleDetails(batch: number) {
    return refillStaleDetails(this.#db, batch)
  }

  async create(caller: Caller, scope: Scope, input: Static<typeof WorkOrderCreate>) {
    const { id } = await this.#db.transaction(async (tx) => {
      // An asset outside the caller's sites is unknown to it, like a missing one.
      if (!(await q.assetInSites(tx, input.assetId, scope))) throw unknownAsset()
      return this.insert(tx, {
        type: input.type ?? 'CORRECTIVE',
        assetId: input.assetId,
        description: cleanText(input.description) ?? null,
        priority: input.priority ?? 'NORMAL',
        personBlocked: input.personBlocked ?? false,
        dueAt: input.dueAt === undefined ? null : new Date(input.dueAt),
        createdBy: caller.principal.id,
        requesterId: null,
        requesterName: cleanText(input.requesterName) ?? null,
        assigneeIds: input.assigneeIds ?? [],
        inspectionId: input.inspectionId ?? null,
      }, caller.principal.id)
    })
    return this.get(caller, scope, id)
  }

  /**
   * Moves the order along the state table (409 TRANSITION_NOT_ALLOWED otherwise). CANCELLED
   * needs a reason; DONE needs the closure guards (409 CLOSURE_BLOCKED, the blockers in the
   * error's details, nothing written). The order row stays locked from the checks to commit.
   */
  async transition(caller: Caller, scope: Scope, id: string, input: Static<typeof TransitionRequest>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const order = await this.#lock(tx, id, scope)
      if (!canMove(order.status, input.to)) throw transitionNotAllowed(order.status, input.to)
      const reason = cleanText(input.reason) ?? null
      if (input.to === 'CANCELLED' && !reason) throw reasonRequired()
      const releasedAt = input.releasedAt === undefined ? undefined
        : releaseWithMove({ ...order, callAt: await callReceivedAt(tx, order.id) }, new Date(input.releasedAt), now, mayCorrectTimes(caller))
      if (input.to === 'DONE') {
        const blockers = closureBlockers({
          status: order.status, symptomSet: order.symptomId !== null, causeSet: order.causeId !== null, actionSet: order.actionId !== null,
          todoCount: await q.todoCount(tx, id),
        })
        if (blockers.length) throw conflict('CLOSURE_BLOCKED', `L’ordre de travail ne peut pas être terminé : ${blockers.map((b) => b.message).join(' ')}`, blockers)
      }
      // A trapped person is free at the latest when the order is done.
      const release = releasedAt ?? (input.to === 'DONE' && order.personBlocked && !order.releasedAt ? now : undefined)
      await q.updateWorkOrderRow(tx, id, {
        status: input.to,
        updatedAt: now,
        ...(input.to === 'IN_PROGRESS' && !order.startedAt ? { startedAt: now } : {}),
        ...(input.to === 'DONE' ? { completedAt: now } : {}),
        ...(input.to === 'CANCELLED' ? { cancelledAt: now, cancelReason: reason } : {}),
        ...(release ? { releasedAt: release } : {}),
      })
      await q.insertEvents(tx, [{
        id: uuidv7(), workOrderId: id, kind: 'STATUS_CHANGED', actorId: caller.principal.id, at: now,
        payload: { from: order.status, to: input.to, ...(reason ? { reason } : {}), ...(releasedAt ? { releasedAt: releasedAt.toISOString() } : {}) },
      }])
    })
    return this.#answer(caller, scope, id)
  }

  /** Comments stay possible on a closed order (a follow-up note, a customer's call back). */
  async comment(caller: Caller, scope: Scope, id: string, input: Static<typeof CommentCreate>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      await this.#lock(tx, id, scope)
      const commentId = uuidv7()
      await q.insertComment(tx, { id: commentId, workOrderId: id, authorId: caller.principal.id, body: input.body.trim(), createdAt: now })
      await q.insertEvents(tx, [{ id: uuidv7(), workOrderId: id, kind: 'COMMENTED', actorId: caller.principal.id, at: now, payload: { commentId } }])
      await q.updateWorkOrderRow(tx, id, { updatedAt: now })
    })
    return this.#answer(caller, scope, id)
  }

  /** Replaces the list; an event only when it really changes. 409 on a closed order. */
  async setAssignees(caller: Caller, scope: Scope, id: string, input: Static<typeof AssigneesUpdate>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const order = await this.#lock(tx, id, scope)
      if (isClosed(order.status)) throw orderClosed()
      const wanted = [...new Set(input.assigneeIds)]
      const current = await q.assigneeIds(tx, id)
      const added = wanted.filter((u) => !current.includes(u))
      const removed = current.filter((u) => !wanted.includes(u))
      const asset = (await q.assetSite(tx, order.assetId))!
      await this.checkAssignees(tx, added, asset.siteId)
      if (!added.length && !removed.length) return
      await q.removeAssignees(tx, id, removed)
      await q.insertAssignees(tx, id, added, now)
      await q.insertEvents(tx, [{ id: uuidv7(), workOrderId: id, kind: 'ASSIGNEES_CHANGED', actorId: caller.principal.id, at: now, payload: { added, removed } }])
      await q.updateWorkOrderRow(tx, id, { updatedAt: now })
    })
    return this.#answer(caller, scope, id)
  }

  /**
   * Sets the given report fields (null clears, absent leaves). Each new value must be an
   * active reference value of its field (400 INVALID_REPORT_VALUE, every bad field named).
   * 409 once the order is closed: a closed report is what was done. The breakdown times
   * (`times`) follow their own rules (work-orders.times.ts), written first in the same
   * transaction: a body is written whole or not at all.
   */
  async upsertReport(caller: Caller, scope: Scope, id: string, { times, ...input }: Static<typeof ReportUpsert>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const order = await this.#lock(tx, id, scope)
      const reportAsked = Object.keys(input).length > 0
      if (reportAsked && isClosed(order.status)) throw orderClosed()
      if (times) await recordTimes(tx, caller, order, times, now)
      if (!reportAsked) return
      const ids = REPORT_COLUMNS.map((c) => input[c.key]).filter((v): v is string => typeof v === 'string')
      const { changed, errors } = checkReport(order, input, await q.referenceValuesByIds(tx, ids))
      if (errors.length) throw badRequest('INVALID_REPORT_VALUE', undefined, errors)
      const notes = notesChange(order.notes, input.notes)
      if (!changed.length && notes === undefined) return
      await q.updateWorkOrderRow(tx, id, {
        ...Object.fromEntries(changed.map((c) => [c.column, input[c.key]])),
        ...(notes === undefined ? {} : { reportNotes: notes }),
        reportUpdatedAt: now, reportUpdatedBy: caller.principal.id, updatedAt: now,
      })
      await q.insertEvents(tx, [{
        id: uuidv7(), workOrderId: id, kind: 'REPORT_UPDATED', actorId: caller.principal.id, at: now,
        payload: { fields: [...changed.map((c) => c.field), ...(notes === undefined ? [] : ['NOTES' as const])] },
      }])
    })
    return this.#answer(caller, scope, id)
  }

  /** Sets one item's status with who and when; 404 for an item of another order, 409 once closed. */
  async patchChecklistItem(caller: Caller, scope: Scope, id: string, itemId: string, input: Static<typeof ChecklistPatch>) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const order = await this.#lock(tx, id, scope)
      const item = await q.checklistItemOf(tx, id, itemId)
      if (!item) throw unknownItem()
      if (isClosed(order.status)) throw orderClosed()
      if (item.status === input.status) return
      await q.setChecklistStatus(tx, itemId, input.status, caller.principal.id, now)
      await q.insertEvents(tx, [{
        id: uuidv7(), workOrderId: id, kind: 'CHECKLIST_UPDATED', actorId: caller.principal.id, at: now,
        payload: { itemId, label: item.label, from: item.status, to: input.status },
      }])
      await q.updateWorkOrderRow(tx, id, { updatedAt: now })
    })
    return (await q.checklistItemAnswer(this.#db, itemId))!
  }

  /** Parts and labour (work-orders.costs.ts); the answer is the detail after the write. */
  async consumePart(caller: Caller, scope: Scope, id: string, input: Static<typeof ConsumePart>) {
    await this.#costs.consumePart(caller.principal, scope, id, input)
    return this.#answer(caller, scope, id)
  }

  async addLaborTime(caller: Caller, scope: Scope, id: string, input: Static<typeof LaborTimeCreate>) {
    await this.#costs.addLaborTime(caller.principal, scope, id, input)
    return this.#answer(caller, scope, id)
  }

  async #lock(tx: Db, id: string, scope: Scope) {
    const order = await q.lockWorkOrder(tx, id, scope)
    if (!order) throw notFoundOrder()
    return order
  }

  /**
   * The detail after a write. The write proved the caller may act on the order; the answer
   * shows it even when the write itself took it out of the caller's own records (a Technicien
   * limité unassigning itself). Its site scope still applies.
   */
  #answer(caller: Caller, scope: Scope, id: string) {
    return this.get(caller, { ...scope, viewOther: true }, id)
  }

}


/** The stored text as the WorkOrderDetail answer, with what this caller may do next. */
export function toDetail(row: DetailRow, caller: Caller): JsonText<Static<typeof WorkOrderDetail>> {
  const order = { status: row.status, type: row.type, createdBy: row.createdById ? { id: row.createdById } : null, assignees: row.assigneeIds.map((id) => ({ id })) }
  const { abilities, allowedTransitions } = abilitiesOn(order, caller)
  const blockers = closureBlockers({
    status: row.status, symptomSet: row.symptomSet, causeSet: row.causeSet, actionSet: row.actionSet, todoCount: row.todoCount,
  }).map((b) => b.message)
  return new JsonText(`${row.body.slice(0, -1)},"costs":${costsFor(caller, row.costs)},"allowedTransitions":${JSON.stringify(allowedTransitions)},"closureBlockers":${JSON.stringify(blockers)},"abilities":${JSON.stringify(abilities)}}`)
}
