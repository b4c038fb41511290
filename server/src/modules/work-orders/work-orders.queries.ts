// Work-order writes and the reads that decide them (SQL only). The detail is in
// work-orders.detail.queries.ts, the listing in work-orders.list.queries.ts.
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { permissions } from '../access/access.tables.ts'
import { assetInspections, assets } from '../assets/assets.tables.ts'
import { referenceValues } from '../reference-values/reference-values.tables.ts'
import { requests } from '../requests/requests.tables.ts'
import { users } from '../users/users.tables.ts'
import { checklistItems, workOrderAssignees, workOrderComments, workOrderEvents, workOrders } from './work-orders.tables.ts'
import { ownRecords, siteOf, userSeesSite, withinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { ownedBy } from './work-orders.detail.queries.ts'
import type { ChecklistStatus, EventKind, WorkOrderStatus } from './work-orders.states.ts'

/** The asset and its top-level site; undefined when no asset has this id. */
export async function assetSite(db: Db, assetId: string) {
  const [row] = await db.select({ id: assets.id, siteId: siteOf(assets) }).from(assets)
    .where(eq(assets.id, assetId))
  return row
}

/** Whether the asset stands within the caller's sites (false when it does not exist). */
/** True when this technical inspection is one of the asset's. */
export async function inspectionOfAsset(db: Db, inspectionId: string, assetId: string): Promise<boolean> {
  const [row] = await db.select({ id: assetInspections.id }).from(assetInspections)
    .where(and(eq(assetInspections.id, inspectionId), eq(assetInspections.assetId, assetId)))
  return row !== undefined
}

export async function assetInSites(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>): Promise<boolean> {
  const [row] = await db.select({ id: assets.id }).from(assets)
    .where(and(eq(assets.id, assetId), withinSites(assets.siteId, scope)))
  return row !== undefined
}

/**
 * Of `ids`, the users who may be assigned to an order on `siteId`: active (activated, not
 * disabled), their role may edit work orders in the stored matrix, and they could see the
 * order (no site assignment, an Administrateur, or assigned to that site).
 */
export async function assignableUsers(db: Db, ids: string[], siteId: string): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db.select({ id: users.id }).from(users)
    .innerJoin(permissions, and(eq(permissions.roleId, users.roleId), eq(permissions.objectCategory, 'WORK_ORDERS')))
    .where(and(
      inArray(users.id, ids), isNotNull(users.activatedAt), isNull(users.disabledAt), eq(permissions.canEdit, true),
      userSeesSite(users, siteId),
    ))
  return new Set(rows.map((r) => r.id))
}

/** The order's row as given, with its number and reference drawn from the sequence. */
export type WorkOrderInsert = Omit<typeof workOrders.$inferInsert, 'number' | 'reference'>

/** `OT-` and the number zero-padded to six digits, longer when it needs more (docs/work-orders.md). */
export const workOrderReference = (n: number) => `OT-${String(n).padStart(6, '0')}`

/**
 * Inserts the order with the next number of the sequence: concurrent creators get distinct,
 * increasing numbers without reading a maximum first.
 */
export async function insertWorkOrder(db: Db, row: WorkOrderInsert): Promise<{ id: string; reference: string }> {
  const [{ n }] = await db.select({ n: sql<number>`nextval('work_order_number_seq')::bigint` }).from(sql`(SELECT 1) one`)
  const number = Number(n)
  const reference = workOrderReference(number)
  await db.insert(workOrders).values({ ...row, number, reference })
  return { id: row.id, reference }
}

export interface EventRow { id: string; workOrderId: string; kind: EventKind; actorId: string | null; at: Date; payload: Record<string, unknown> }

export async function insertEvents(db: Db, rows: EventRow[]) {
  if (rows.length) await db.insert(workOrderEvents).values(rows)
}

export async function insertAssignees(db: Db, workOrderId: string, userIds: string[], at: Date) {
  if (userIds.length) await db.insert(workOrderAssignees).values(userIds.map((userId) => ({ workOrderId, userId, assignedAt: at })))
}

export async function removeAssignees(db: Db, workOrderId: string, userIds: string[]) {
  if (userIds.length) await db.delete(workOrderAssignees).where(and(eq(workOrderAssignees.workOrderId, workOrderId), inArray(workOrderAssignees.userId, userIds)))
}

export async function assigneeIds(db: Db, workOrderId: string): Promise<string[]> {
  const rows = await db.select({ userId: workOrderAssignees.userId }).from(workOrderAssignees).where(eq(workOrderAssignees.workOrderId, workOrderId))
  return rows.map((r) => r.userId)
}

/** Whom and what an order's changes concern: its elevator, creator and assignees, its request if any (kept answers' topics). */
export async function orderConcerns(db: Db, id: string): Promise<{ assetId: string; people: string[]; fromRequest: boolean } | undefined> {
  const [row] = await db.select({
    assetId: workOrders.assetId,
    fromRequest: sql<boolean>`EXISTS (SELECT 1 FROM ${requests} r WHERE r.work_order_id = ${id})`,
    people: sql<string[]>`array_remove(array_append(ARRAY(SELECT wa.user_id FROM ${workOrderAssignees} wa WHERE wa.work_order_id = ${id}), ${workOrders.createdBy}), NULL)::text[]`,
  }).from(workOrders).where(eq(workOrders.id, id))
  return row
}

/**
 * Locks the order for the rest of the transaction: every write to an order (transition,
 * report, checklist, comment, assignees) takes this lock first, so the closure guards read a
 * report and a checklist that cannot change before commit. Undefined when missing or
 * outside the caller's scope (sites and own records).
 */
export async function lockWorkOrder(db: Db, id: string, scope: Scope) {
  const [row] = await db.select({
    id: workOrders.id,
    status: sql<WorkOrderStatus>`${workOrders.status}`,
    type: workOrders.type,
    personBlocked: workOrders.personBlocked,
    assetId: workOrders.assetId,
    createdAt: workOrders.createdAt,
    startedAt: workOrders.startedAt,
    releasedAt: workOrders.releasedAt,
    arrivedAt: workOrders.arrivedAt,
    leftAt: workOrders.leftAt,
    symptomId: workOrders.reportSymptomId,
    componentId: workOrders.reportComponentId,
    causeId: workOrders.reportCauseId,
    actionId: workOrders.reportActionId,
    resultId: workOrders.reportResultId,
    circumstanceId: workOrders.reportCircumstanceId,
    notes: workOrders.reportNotes,
  }).from(workOrders)
    .where(and(
      eq(workOrders.id, id),
      ownRecords(scope, (u) => ownedBy(sql`${u}::uuid`)),
      scope.siteIds ? sql`${workOrders.assetId} IN (SELECT a.id FROM ${assets} a WHERE ${withinSites(sql`a.site_id`, scope)})` : undefined,
    ))
    .for('update')
  return row
}
export type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockWorkOrder>>>

export async function updateWorkOrderRow(db: Db, id: string, set: Partial<typeof workOrders.$inferInsert>) {
  await db.update(workOrders).set(set).where(eq(workOrders.id, id))
}

export async function insertComment(db: Db, row: typeof workOrderComments.$inferInsert) {
  await db.insert(workOrderComments).values(row)
}

export async function todoCount(db: Db, workOrderId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(checklistItems)
    .where(and(eq(checklistItems.workOrderId, workOrderId), eq(checklistItems.status, 'TODO')))
  return row.n
}

/** The reference values among `ids`, with their field and active flag. */
export async function referenceValuesByIds(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, { field: string; isActive: boolean }>()
  const rows = await db.select({ id: referenceValues.id, field: referenceValues.field, isActive: referenceValues.isActive })
    .from(referenceValues).where(inArray(referenceValues.id, ids))
  return new Map(rows.map((r) => [r.id, { field: r.field, isActive: r.isActive }]))
}

export async function checklistItemOf(db: Db, workOrderId: string, itemId: string) {
  const [row] = await db.select({ id: checklistItems.id, label: checklistItems.label, status: sql<ChecklistStatus>`${checklistItems.status}` })
    .from(checklistItems).where(and(eq(checklistItems.id, itemId), eq(checklistItems.workOrderId, workOrderId)))
  return row
}

export async function setChecklistStatus(db: Db, itemId: string, status: ChecklistStatus, by: string, at: Date) {
  await db.update(checklistItems).set({ status, updatedBy: by, updatedAt: at }).where(eq(checklistItems.id, itemId))
}

/** One checklist item as the ChecklistItem answer (its author's name joined). */
export async function checklistItemAnswer(db: Db, itemId: string) {
  const [row] = await db.select({
    id: checklistItems.id,
    label: checklistItems.label,
    position: checklistItems.position,
    status: sql<ChecklistStatus>`${checklistItems.status}`,
    updatedBy: sql<{ id: string; displayName: string } | null>`CASE WHEN ${users.id} IS NULL THEN NULL ELSE json_build_object('id', ${users.id}, 'displayName', ${users.displayName}) END`,
    updatedAt: checklistItems.updatedAt,
  }).from(checklistItems).leftJoin(users, eq(users.id, checklistItems.updatedBy)).where(eq(checklistItems.id, itemId))
  return row
}
