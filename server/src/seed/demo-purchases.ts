// The demo's purchase orders (the « Achats » page), written inside seedDemo's transaction
// through the purchase-order module's own queries: the order as createPurchaseOrder writes
// it (DRAFT, BC- reference from the sequence), each move along the state table, and the
// receipt (RECEIPT movements with their prices frozen, parts' last unit price) as
// transitionPurchaseOrder does it. Plain data first, then the writer.
import { uuidv7 } from 'uuidv7'
import * as q from '../modules/purchase-orders/purchase-orders.queries.ts'
import { targetOf, type PurchaseOrderAction, type PurchaseOrderStatus } from '../modules/purchase-orders/purchase-orders.states.ts'
import type { Db } from '../platform/db.ts'

export type DemoSupplier = 'sodimas' | 'epe' | 'prisme'

export interface DemoPurchaseOrder {
  supplier: DemoSupplier
  note: string | null
  /** Days before seeding: created, then sent, then received or cancelled (absent: not yet). */
  created: number
  sent?: number
  received?: number
  cancelled?: number
  /** Part designation (a part of that supplier), quantity, unit price in cents. */
  lines: [string, number, number][]
}

// Oldest first. Four received (some parts' stock comes from them), one cancelled, two sent
// and awaiting receipt (among them the reorder of the two parts under their threshold), one
// draft. Receipts come after the MANUAL entries of the same parts (demo-parts.ts), so each
// part's last unit price is that of its latest priced entry.
export const DEMO_PURCHASE_ORDERS: DemoPurchaseOrder[] = [
  {
    supplier: 'sodimas', note: 'Stock de départ des contacts de porte.', created: 126, sent: 125.9, received: 120,
    lines: [['Contacteur de porte palière', 6, 3850]],
  },
  {
    supplier: 'prisme', note: 'Réassort huile avant la révision des hydrauliques.', created: 86, sent: 85.9, received: 80,
    lines: [['Huile hydraulique (L)', 60, 890], ['Bouton d’appel lumineux', 10, 1890]],
  },
  {
    supplier: 'prisme', note: 'Passée en double avec la commande précédente.', created: 84, sent: 83.9, cancelled: 83,
    lines: [['Voyant de surcharge', 4, 2150]],
  },
  {
    supplier: 'epe', note: 'Câble pour le remplacement des câbles de traction de l’hiver.', created: 45, sent: 44.9, received: 40,
    lines: [['Câble de traction 8 mm (m)', 100, 1290], ['Cellule photoélectrique de porte', 4, 8900]],
  },
  {
    supplier: 'sodimas', note: null, created: 24, sent: 23.9, received: 21,
    lines: [['Galet de porte cabine', 12, 1490], ['Patin de guidage cabine', 8, 2280]],
  },
  {
    supplier: 'sodimas', note: 'Contacteurs sous le seuil : livraison demandée sous 8 jours.', created: 2.2, sent: 2.1,
    lines: [['Contacteur de porte palière', 10, 3850], ['Serrure de porte palière', 2, 12900]],
  },
  {
    supplier: 'prisme', note: null, created: 1.3, sent: 1.2,
    lines: [['Fusible 10 A', 50, 120], ['Batterie de secours 12 V', 6, 4650]],
  },
  {
    supplier: 'epe', note: 'À valider : carte de rechange pour l’appareil de la clinique.', created: 0.2,
    lines: [['Carte de commande ascenseur', 1, 64500], ['Interphone cabine', 2, 18900]],
  },
]

/** A priced stock entry planned by the seed: what demo-parts.ts needs to follow the ledger. */
export interface PlannedReceipt { designation: string; quantity: number; unitPriceCents: number; daysAgo: number }

export const DEMO_RECEIPTS: PlannedReceipt[] = DEMO_PURCHASE_ORDERS.flatMap((o) => (o.received === undefined ? []
  : o.lines.map(([designation, quantity, unitPriceCents]) => ({ designation, quantity, unitPriceCents, daysAgo: o.received! }))))

/** The moves of an order, in order: send, then receive or cancel. */
function movesOf(o: DemoPurchaseOrder): [PurchaseOrderAction, number][] {
  const moves: [PurchaseOrderAction, number][] = []
  if (o.sent !== undefined) moves.push(['send', o.sent])
  if (o.received !== undefined) moves.push(['receive', o.received])
  if (o.cancelled !== undefined) moves.push(['cancel', o.cancelled])
  return moves
}

/**
 * Writes the orders, oldest first, so that the BC- numbers follow the order of creation.
 * `parts` gives each designation's id and supplier key; a line naming a part of another
 * supplier, or a move outside the state table, is a mistake in the data above and throws.
 */
export async function seedDemoPurchases(tx: Db, input: {
  now: Date; buyer: string; partnerIds: Map<string, string>; parts: Map<string, { id: string; supplier: string | null }>
}): Promise<number> {
  const at = (days: number) => new Date(input.now.getTime() - days * 86_400_000)
  const orders = [...DEMO_PURCHASE_ORDERS].sort((a, b) => b.created - a.created)
  for (const o of orders) {
    const id = uuidv7()
    const lines = o.lines.map(([designation, quantity, unitPriceCents], position) => {
      const part = input.parts.get(designation)
      if (!part || part.supplier !== o.supplier) throw new Error(`demo seed: « ${designation} » is no part of ${o.supplier}`)
      return { id: uuidv7(), purchaseOrderId: id, position, partId: part.id, quantity, unitPriceCents }
    })
    await q.insertOrder(tx, {
      id, supplierId: input.partnerIds.get(o.supplier)!, note: o.note, createdBy: input.buyer, createdAt: at(o.created), updatedAt: at(o.created),
      totalCents: lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0),
    }, lines)
    let status: PurchaseOrderStatus = 'DRAFT'
    for (const [action, days] of movesOf(o)) {
      const to = targetOf(status, action)
      if (to === undefined || to === 'DRAFT' || !(await q.moveOrder(tx, id, status, to, at(days)))) throw new Error(`demo seed: ${action} from ${status}`)
      if (to === 'RECEIVED') {
        const all = (await q.linesOf(tx, id)).map((line) => ({ line, quantity: line.quantity }))
        await q.receiveLines(tx, id, all, input.buyer, at(days), uuidv7)
      }
      status = to
    }
  }
  return orders.length
}
