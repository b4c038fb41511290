// Seeds the demo stock inside seedDemo's transaction: elevator spare parts from the demo
// suppliers, their entries (MANUAL, priced), the purchase orders (demo-purchases.ts: some
// parts' stock comes from their receipts), then a few consumptions on finished breakdowns
// with the technician's time, and time alone on older ones (the year's labour costs). Stock
// moves only through movements: the trigger of migration 0006 keeps parts.quantity, which is
// never written here.
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import type { Db } from '../platform/db.ts'
import { parts, stockMovements } from '../modules/parts/parts.tables.ts'
import { users } from '../modules/users/users.tables.ts'
import { workOrderAssignees, workOrderLabor, workOrders } from '../modules/work-orders/work-orders.tables.ts'
import { insertRows } from './bulk.ts'
import { DEMO_PURCHASE_ORDERS, DEMO_RECEIPTS, seedDemoPurchases, type DemoSupplier } from './demo-purchases.ts'

interface DemoPart {
  designation: string
  supplier: DemoSupplier | null
  threshold: number
  /** Manual entries, oldest first: quantity, unit price in cents, days ago (others come from purchase orders). */
  entries: [number, number, number][]
  /** Consumed on finished breakdowns (units per order), as long as the stock allows. */
  consumed?: number
}

// Two parts end under their threshold (the door contact and the fuse), reordered (sent, not received).
export const DEMO_PARTS: DemoPart[] = [
  { designation: 'Contacteur de porte palière', supplier: 'sodimas', threshold: 4, entries: [], consumed: 1 },
  { designation: 'Câble de traction 8 mm (m)', supplier: 'epe', threshold: 50, entries: [[200, 1240, 150]], consumed: 12 },
  { designation: 'Bouton d’appel lumineux', supplier: 'prisme', threshold: 10, entries: [[30, 1890, 90]], consumed: 2 },
  { designation: 'Carte de commande ascenseur', supplier: 'epe', threshold: 1, entries: [[2, 64500, 200]] },
  { designation: 'Galet de porte cabine', supplier: 'sodimas', threshold: 8, entries: [[24, 1450, 110]], consumed: 2 },
  { designation: 'Huile hydraulique (L)', supplier: 'prisme', threshold: 20, entries: [], consumed: 5 },
  { designation: 'Fusible 10 A', supplier: 'prisme', threshold: 15, entries: [[20, 120, 100]], consumed: 2 },
  { designation: 'Patin de guidage cabine', supplier: 'sodimas', threshold: 6, entries: [[16, 2280, 130]], consumed: 2 },
  { designation: 'Serrure de porte palière', supplier: 'sodimas', threshold: 3, entries: [[8, 12900, 95]], consumed: 1 },
  { designation: 'Cellule photoélectrique de porte', supplier: 'epe', threshold: 4, entries: [[10, 8750, 70]], consumed: 1 },
  { designation: 'Courroie d’opérateur de porte', supplier: 'epe', threshold: 5, entries: [[12, 3400, 60]], consumed: 1 },
  { designation: 'Voyant de surcharge', supplier: 'prisme', threshold: 2, entries: [[6, 2150, 180]] },
  { designation: 'Batterie de secours 12 V', supplier: 'prisme', threshold: 4, entries: [[10, 4600, 45]], consumed: 1 },
  { designation: 'Interphone cabine', supplier: 'epe', threshold: 2, entries: [[4, 18900, 160]] },
  { designation: 'Graisse pour guides (kg)', supplier: null, threshold: 5, entries: [[15, 1150, 75]], consumed: 1 },
]

export async function seedDemoParts(tx: Db, input: { now: Date; partnerIds: Map<string, string>; userIds: Map<string, string> }): Promise<void> {
  const { now } = input
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000)
  const manager = input.userIds.get('manager')!
  const numbers = (await tx.select({ n: sql<number>`nextval('part_number_seq')`.mapWith(Number) })
    .from(sql`generate_series(1, ${DEMO_PARTS.length})`)).map((r) => r.n).sort((a, b) => a - b)

  // Each part's priced entries (MANUAL and purchase-order receipts), oldest first: its stock
  // and its last unit price at any instant.
  const inflows = DEMO_PARTS.map((p) => [
    ...p.entries.map(([quantity, unitPriceCents, ago]) => ({ quantity, unitPriceCents, at: daysAgo(ago) })),
    ...DEMO_RECEIPTS.filter((r) => r.designation === p.designation).map((r) => ({ quantity: r.quantity, unitPriceCents: r.unitPriceCents, at: daysAgo(r.daysAgo) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime()))
  const until = (i: number, at: Date) => inflows[i].filter((e) => e.at <= at)
  // A part exists the day before its first entry or the first order naming it.
  const born = (p: DemoPart) => Math.max(...p.entries.map((e) => e[2]), ...DEMO_PURCHASE_ORDERS.filter((o) => o.lines.some((l) => l[0] === p.designation)).map((o) => o.created)) + 1

  const rows = DEMO_PARTS.map((p, i) => ({
    id: uuidv7(), number: numbers[i], reference: `P-${String(numbers[i]).padStart(6, '0')}`, designation: p.designation,
    reorderThreshold: p.threshold, supplierId: p.supplier ? input.partnerIds.get(p.supplier)! : null,
    // Receipts set the price later, as transitionPurchaseOrder does.
    lastUnitPriceCents: p.entries.at(-1)?.[1] ?? null, createdAt: daysAgo(born(p)), updatedAt: daysAgo(p.entries.at(-1)?.[2] ?? born(p)),
  }))
  await insertRows(tx, parts, rows)
  await insertRows(tx, stockMovements, DEMO_PARTS.flatMap((p, i) => p.entries.map(([quantity, unitPriceCents, ago]) => ({
    id: uuidv7(), partId: rows[i].id, kind: 'MANUAL', quantity, unitPriceCents, reason: 'Réapprovisionnement', actorId: manager, createdAt: daysAgo(ago),
  }))))
  await seedDemoPurchases(tx, {
    now, buyer: manager, partnerIds: input.partnerIds, parts: new Map(DEMO_PARTS.map((p, i) => [p.designation, { id: rows[i].id, supplier: p.supplier }])),
  })

  // The most recent finished breakdowns, each with its first assignee.
  const finished = await tx.select({ id: workOrders.id, completedAt: workOrders.completedAt, userId: workOrderAssignees.userId, rate: users.hourlyRateCents })
    .from(workOrders).innerJoin(workOrderAssignees, eq(workOrderAssignees.workOrderId, workOrders.id)).innerJoin(users, eq(users.id, workOrderAssignees.userId))
    .where(and(eq(workOrders.status, 'DONE'), eq(workOrders.type, 'CORRECTIVE'), isNotNull(workOrders.completedAt), isNotNull(users.hourlyRateCents)))
    .orderBy(desc(workOrders.completedAt), workOrders.id).limit(400)
  const all = [...new Map(finished.map((o) => [o.id, o])).values()]
  const orders = all.slice(0, 8)
  if (!orders.length) return

  // Planned oldest first: a consumption takes at most what has come in by then, less what
  // earlier ones took, so no running balance goes below zero; its price is the part's last
  // unit price at that instant, frozen as consumePart does.
  const used = new Map<number, number>()
  const consumptions: (typeof stockMovements.$inferInsert)[] = []
  const consume = (i: number, wanted: number, o: (typeof orders)[number], at: Date) => {
    const came = until(i, at)
    const n = Math.min(wanted, came.reduce((s, e) => s + e.quantity, 0) - (used.get(i) ?? 0))
    if (n <= 0) return
    used.set(i, (used.get(i) ?? 0) + n)
    consumptions.push({ id: uuidv7(), partId: rows[i].id, kind: 'CONSUMPTION', quantity: -n, unitPriceCents: came.at(-1)!.unitPriceCents, actorId: o.userId, workOrderId: o.id, createdAt: at })
  }
  const labor: (typeof workOrderLabor.$inferInsert)[] = []
  for (const [k, o] of [...orders.entries()].reverse()) {
    const at = new Date(o.completedAt!.getTime() - 30 * 60_000)
    // Each consumed part goes to every third order, in turn.
    DEMO_PARTS.forEach((p, i) => { if (p.consumed && (i + k) % 3 === 0) consume(i, p.consumed, o, at) })
    labor.push({ id: uuidv7(), workOrderId: o.id, userId: o.userId, workedOn: at.toISOString().slice(0, 10), minutes: 45 + 15 * (k % 5), hourlyRateCents: o.rate!, createdBy: o.userId, createdAt: at })
  }
  // Labour on one older breakdown in three too, so that the year's costs are not all this month's.
  all.slice(8).filter((_, j) => j % 3 === 0).forEach((o, k) => {
    const at = new Date(o.completedAt!.getTime() - 30 * 60_000)
    labor.push({ id: uuidv7(), workOrderId: o.id, userId: o.userId, workedOn: at.toISOString().slice(0, 10), minutes: 60 + 15 * (k % 6), hourlyRateCents: o.rate!, createdBy: o.userId, createdAt: at })
  })
  // The door contact and the fuse end under their threshold: a last consumption each.
  const last = new Date(orders[0].completedAt!.getTime() - 20 * 60_000)
  for (const i of [0, 6]) {
    const left = until(i, last).reduce((s, e) => s + e.quantity, 0) - (used.get(i) ?? 0)
    consume(i, left - DEMO_PARTS[i].threshold + 2, orders[0], last)
  }
  // Older breakdowns took parts too, so that the year's parts costs are not all this month's:
  // each at most what leaves the part's running balance at zero or more at every later instant
  // of its ledger, and its final stock at its threshold + 2 or more (only the two parts above
  // end under it).
  const balanceFrom = (i: number, at: Date) => {
    const events = [...inflows[i].map((e) => ({ at: e.at, q: e.quantity })),
      ...consumptions.filter((c) => c.partId === rows[i].id).map((c) => ({ at: c.createdAt!, q: c.quantity }))]
    const times = [at, ...events.map((e) => e.at).filter((t) => t > at)]
    return Math.min(...times.map((t) => events.filter((e) => e.at <= t).reduce((sum, e) => sum + e.q, 0)))
  }
  all.slice(8).filter((_, j) => j % 2 === 0).forEach((o, k) => {
    const at = new Date(o.completedAt!.getTime() - 30 * 60_000)
    DEMO_PARTS.forEach((p, i) => {
      if (!p.consumed || i === 0 || i === 6 || (i + k) % 4 !== 0) return
      const left = balanceFrom(i, new Date(8.64e15))
      const n = Math.min(p.consumed, balanceFrom(i, at), left - p.threshold - 2)
      if (n <= 0) return
      consumptions.push({ id: uuidv7(), partId: rows[i].id, kind: 'CONSUMPTION', quantity: -n, unitPriceCents: until(i, at).at(-1)!.unitPriceCents, actorId: o.userId, workOrderId: o.id, createdAt: at })
    })
  })
  await insertRows(tx, stockMovements, consumptions)
  await insertRows(tx, workOrderLabor, labor)
}
