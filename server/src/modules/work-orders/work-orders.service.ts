import { uuidv7 } from 'uuidv7'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Principal, Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Db } from '../../platform/db.ts'
import type { Platform } from '../module.ts'
import { workOrderDetailRow, type DetailRow } from './work-orders.detail.queries.ts'
import * as q from './work-orders.queries.ts'
import type { WorkOrderCreate } from './work-orders.schemas.ts'
import { allowedTransitions, closureBlockers, PRIORITY_RANK, type Priority } from './work-orders.states.ts'

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
}

export type WorkOrderDeps = Pick<Platform, 'database' | 'clock' | 'access'>

export const notFoundOrder = () => notFound('Ordre de travail introuvable.')
const unknownAsset = () =>
  badRequest('UNKNOWN_ASSET', 'Équipement inconnu.', [{ field: 'assetId', message: 'équipement inconnu' }])
export const invalidAssignee = () => badRequest(
  'INVALID_ASSIGNEE',
  'Chaque intervenant doit être un utilisateur actif dont le rôle permet de travailler sur les ordres de travail et qui a accès au site de l’équipement.',
  [{ field: 'assigneeIds', message: 'intervenant non valide' }],
)

/** The empty cost block: parts and labour come with stock (later), the shape is already there. */
const NO_COSTS = { parts: [], labor: [], partsCents: 0, laborCents: 0, totalCents: 0 }

export class WorkOrdersService {
  readonly #deps: WorkOrderDeps
  constructor(deps: WorkOrderDeps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** Whether the caller's role may edit work orders (stored matrix, cached). */
  async mayEdit(principal: Principal): Promise<boolean> {
    const rows = await this.#deps.access.permissions(principal.role.id)
    return rows.find((r) => r.objectCategory === 'WORK_ORDERS')?.canEdit === true
  }

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

  /** The detail as this caller sees it; 404 when missing or outside its scope. */
  async get(principal: Principal, scope: Scope, id: string) {
    const [row, mayEdit] = await Promise.all([workOrderDetailRow(this.#db, id, scope), this.mayEdit(principal)])
    if (!row) throw notFoundOrder()
    return toDetail(row, mayEdit)
  }

  async create(principal: Principal, scope: Scope, input: Static<typeof WorkOrderCreate>) {
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
        createdBy: principal.id,
        requesterId: null,
        requesterName: cleanText(input.requesterName) ?? null,
        assigneeIds: input.assigneeIds ?? [],
      }, principal.id)
    })
    return this.get(principal, scope, id)
  }
}

/** The stored row as the WorkOrderDetail answer, with what this caller may do next. */
export function toDetail(row: DetailRow, mayEdit: boolean) {
  const { todoCount, ...detail } = row
  const blockers = closureBlockers({
    status: row.status,
    symptomSet: row.report.symptom !== null,
    causeSet: row.report.cause !== null,
    actionSet: row.report.action !== null,
    todoCount,
  })
  return {
    ...detail,
    allowedTransitions: allowedTransitions(row.status, mayEdit),
    closureBlockers: blockers.map((b) => b.message),
    costs: NO_COSTS,
  }
}
