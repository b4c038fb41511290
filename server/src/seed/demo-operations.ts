// Seeds the daily operations of the demo inside seedDemo's transaction: the standard task
// templates, a year of preventive grids, breakdowns with their coded reports, comments and
// activity, requests (pending, approved, rejected; app and portal). Everything is planned in
// memory first (demo-grids.ts, demo-correctives.ts, demo-current.ts, demo-requests.ts),
// then references are handed out from the sequences in order of creation and each table is
// written in a few multi-row inserts.
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../platform/db.ts'
import { preventiveRuns, taskTemplates } from '../modules/preventive/preventive.tables.ts'
import { referenceValues } from '../modules/reference-values/reference-values.tables.ts'
import { requests } from '../modules/requests/requests.tables.ts'
import { checklistItems, workOrderAssignees, workOrderComments, workOrderEvents, workOrders } from '../modules/work-orders/work-orders.tables.ts'
import { insertRows } from './bulk.ts'
import type { OpsContext } from './demo-context.ts'
import { planBreakdowns, planCallback, planShowcase, planTrapped, tell } from './demo-correctives.ts'
import { planCurrent } from './demo-current.ts'
import { planInspections } from './demo-inspections.ts'
import { assetInspections } from '../modules/assets/assets.tables.ts'
import { DEMO_PEOPLE, DEMO_SITES } from './demo-data.ts'
import { DEMO_FLEET } from './demo-fleet.ts'
import { planPreventive } from './demo-grids.ts'
import { prng } from './demo-random.ts'
import { planOpenAndRejectedRequests, type RequestPlan } from './demo-requests.ts'
import { PRIORITY_RANK, type OrderTimeline } from './demo-timeline.ts'

export interface OperationsSeed { workOrders: number; requests: number; events: number }

export async function seedDemoOperations(tx: Db, input: { now: Date; userIds: Map<string, string>; assetIds: Map<string, string> }): Promise<OperationsSeed> {
  const { now } = input
  // seedDemo has written the standard programme (demo-preventive.ts); the grids hold the
  // active templates in the order preventive generation gives them.
  const tasks = await tx.select({ id: taskTemplates.id, label: taskTemplates.label, periodicityMonths: taskTemplates.periodicityMonths })
    .from(taskTemplates).where(eq(taskTemplates.isActive, true)).orderBy(asc(taskTemplates.periodicityMonths), asc(sql`lower(${taskTemplates.label})`), asc(taskTemplates.id))
  const values = new Map((await tx.select({ id: referenceValues.id, field: referenceValues.field, label: referenceValues.label })
    .from(referenceValues).where(eq(referenceValues.isActive, true))).map((r) => [`${r.field}/${r.label.toLowerCase()}`, r.id]))
  const found = <T>(what: string, x: T | undefined): T => {
    if (x === undefined) throw new Error(`demo seed: ${what} is missing`)
    return x
  }
  const ctx: OpsContext = {
    now,
    asset: (ref) => found(`the asset ${ref}`, input.assetIds.get(ref)),
    siteOf: (ref) => found(`the asset ${ref}`, DEMO_FLEET.find((a) => a.ref === ref)).at.split('/')[0],
    user: (key) => found(`the person ${key}`, input.userIds.get(key)),
    guardian: (site) => found(`the site ${site}`, DEMO_SITES.find((s) => s.key === site)).guardianName,
    siteRequester: (site) => {
      const p = DEMO_PEOPLE.find((x) => x.role === 'Demandeur' && x.sites?.includes(site))
      return p ? input.userIds.get(p.key)! : null
    },
    value: (field, label) => found(`the standard ${field} value « ${label} »`, values.get(`${field}/${label.toLowerCase()}`)),
    tasks,
  }

  const { grids, runs } = planPreventive(ctx)
  const current = planCurrent(ctx)
  const inspections = planInspections(ctx)
  const told = [...planBreakdowns(ctx), ...planTrapped(ctx), ...planShowcase(ctx), ...planCallback(ctx)].map((call, i) => tell(ctx, call, prng(`${call.asset.ref}/call/${i}`)))
  const orders = [...grids, ...current.orders, ...inspections.orders, ...told.map((x) => x.order)]
  const requestPlans = [...current.requests, ...told.flatMap((x) => (x.request ? [x.request] : [])), ...planOpenAndRejectedRequests(ctx)]

  // References follow the order of creation, as if each had been created live.
  await number(tx, 'work_order_number_seq', orders.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || cmp(a.id, b.id)))
  await number(tx, 'request_number_seq', requestPlans.sort((a, b) => a.start.createdAt.getTime() - b.start.createdAt.getTime() || cmp(a.id, b.id)))

  await insertRows(tx, assetInspections, inspections.inspections)
  await insertRows(tx, workOrders, orders.map(orderRow))
  await insertRows(tx, workOrderAssignees, orders.flatMap((o) => [...o.assignees].map(([userId, assignedAt]) => ({ workOrderId: o.id, userId, assignedAt }))))
  await insertRows(tx, workOrderComments, orders.flatMap((o) => o.comments.map((c) => ({ ...c, workOrderId: o.id }))))
  await insertRows(tx, checklistItems, orders.flatMap((o) => o.checklist.map((c) => ({ ...c, workOrderId: o.id }))))
  await insertRows(tx, requests, requestPlans.map(requestRow))
  const events = orders.flatMap((o) => o.events.map((e) => ({ id: e.id, workOrderId: o.id, kind: e.kind, actorId: e.actorId, at: e.at, payload: e.payload() })))
  await insertRows(tx, workOrderEvents, events)
  if (runs.length) await tx.insert(preventiveRuns).values(runs).onConflictDoNothing()
  return { workOrders: orders.length, requests: requestPlans.length, events: events.length }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Hands out one number per item from the sequence (nextval per row), in the items' order. */
async function number(tx: Db, sequence: string, items: { number: number }[]): Promise<void> {
  if (!items.length) return
  const rows = await tx.select({ n: sql<number>`nextval(${sequence})`.mapWith(Number) }).from(sql`generate_series(1, ${items.length})`)
  const numbers = rows.map((r) => r.n).sort((a, b) => a - b)
  items.forEach((item, i) => { item.number = numbers[i] })
}

function orderRow(o: OrderTimeline): typeof workOrders.$inferInsert {
  const s = o.start
  return {
    id: o.id, reference: o.reference, number: o.number, type: s.type, status: o.status, priority: s.priority, priorityRank: PRIORITY_RANK[s.priority],
    personBlocked: s.personBlocked, assetId: s.assetId, description: s.description, dueAt: s.dueAt, createdBy: s.createdBy,
    requesterId: s.requesterId, requesterName: s.requesterName, cancelReason: o.cancelReason, startedAt: o.startedAt, completedAt: o.completedAt,
    cancelledAt: o.cancelledAt, releasedAt: o.releasedAt, arrivedAt: o.arrivedAt, leftAt: o.leftAt, periodKey: s.periodKey, firstControl: s.firstControl,
    reportSymptomId: o.report.SYMPTOM ?? null, reportComponentId: o.report.COMPONENT ?? null, reportCauseId: o.report.CAUSE ?? null,
    reportActionId: o.report.ACTION ?? null, reportResultId: o.report.RESULT ?? null, reportCircumstanceId: o.report.CIRCUMSTANCE ?? null, reportNotes: o.notes,
    reportUpdatedAt: o.reportUpdatedAt, reportUpdatedBy: o.reportUpdatedBy, inspectionId: s.inspectionId ?? null, createdAt: o.createdAt, updatedAt: o.updatedAt,
  }
}

function requestRow(r: RequestPlan): typeof requests.$inferInsert {
  const s = r.start
  return {
    id: r.id, reference: r.reference, number: r.number, status: r.status, source: s.source, assetId: s.assetId, description: s.description,
    personBlocked: s.personBlocked, requestedBy: s.requestedBy, contactName: s.contactName, contactPhone: s.contactPhone,
    trackingTokenHash: r.trackingTokenHash, workOrderId: r.workOrderId, rejectionReason: r.rejectionReason, handledBy: r.handledBy,
    handledAt: r.handledAt, createdAt: s.createdAt,
  }
}
