// Maintenance requests of the demo: from the app (Demandeurs, technicians) and from the QR
// code portal (a contact, a tracking token of which only the SHA-256 is kept). Approved ones
// are created with their order (demo-correctives.ts); here also the pending and rejected ones.
import { createHash, randomBytes } from 'node:crypto'
import { uuidv7 } from 'uuidv7'
import type { OpsContext } from './demo-context.ts'
import { PORTAL_CONTACTS, REJECTION_REASONS } from './demo-operations-data.ts'
import { DAY, HOUR, MINUTE, int, pick, prng } from './demo-random.ts'
import type { OrderTimeline } from './demo-timeline.ts'

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

export interface RequestStart {
  source: 'APP' | 'PORTAL'
  assetId: string
  description: string
  personBlocked: boolean
  requestedBy: string | null
  contactName: string | null
  contactPhone: string | null
  createdAt: Date
  /** Portal only: the token given back to the reporter (random unless the demo fixes it). */
  token?: string
}

export class RequestPlan {
  readonly id = uuidv7()
  number = 0
  status: 'PENDING' | 'APPROVED' | 'REJECTED' = 'PENDING'
  workOrderId: string | null = null
  rejectionReason: string | null = null
  handledBy: string | null = null
  handledAt: Date | null = null
  readonly trackingTokenHash: string | null
  readonly start: RequestStart

  constructor(start: RequestStart) {
    this.start = start
    this.trackingTokenHash = start.source === 'PORTAL' ? tokenHash(start.token ?? randomBytes(32).toString('base64url')) : null
  }

  get reference(): string { return `DEM-${String(this.number).padStart(6, '0')}` }

  approve(by: string, order: OrderTimeline): this {
    Object.assign(this, { status: 'APPROVED', workOrderId: order.id, handledBy: by, handledAt: order.createdAt })
    return this
  }

  reject(by: string, at: Date, reason: string): this {
    Object.assign(this, { status: 'REJECTED', rejectionReason: reason, handledBy: by, handledAt: at })
    return this
  }
}

/** Who reports for an asset of that site: its Demandeur when it has one, else the portal. */
export function reporter(ctx: OpsContext, site: string, rnd: () => number, portal: boolean): Pick<RequestStart, 'source' | 'requestedBy' | 'contactName' | 'contactPhone'> {
  const requester = ctx.siteRequester(site)
  if (requester && !portal) return { source: 'APP', requestedBy: requester, contactName: null, contactPhone: null }
  const contact = pick(rnd, PORTAL_CONTACTS)
  return { source: 'PORTAL', requestedBy: null, contactName: contact.name, contactPhone: contact.phone }
}

const REJECTED: [string, string, number][] = [
  // [asset, what was reported, days ago]
  ['LYO-PD-A1', 'L’ascenseur fait un petit bruit en s’arrêtant au 12e.', 300],
  ['PAR-VAU-E1', 'La lumière du palier du 5e ne s’allume plus devant l’ascenseur.', 240],
  ['LIL-EUR-W2', 'Ascenseur en panne ?', 190],
  ['MAR-VP-C1', 'L’ascenseur du bâtiment Colline est très lent.', 150],
  ['LYO-CF-S1', 'Les portes se referment un peu vite.', 95],
  ['PAR-BAT-T1', 'Rayure sur la porte palière du 14e.', 60],
  ['NAN-IC-2A', 'L’ascenseur est arrêté au rez-de-chaussée.', 21],
  ['BDX-CHA-H1', 'Affichage de l’étage éteint en cabine.', 9],
]
const REASON_OF: Record<string, string> = {
  'PAR-VAU-E1': REJECTION_REASONS[2], 'MAR-VP-C1': REJECTION_REASONS[3], 'NAN-IC-2A': REJECTION_REASONS[1], 'BDX-CHA-H1': REJECTION_REASONS[1],
}

const PENDING: [string, string, number, boolean][] = [
  // [asset, what was reported, minutes ago, trapped person]
  ['LYO-CF-N2', 'Quelqu’un est coincé dans l’ascenseur, on entend appeler à l’aide !', 6, true],
  ['LYO-PD-A2', 'Les portes se referment trop vite, une personne âgée a été heurtée.', 3 * 60, false],
  ['PAR-BAT-T2', 'Le bouton d’appel du 18e ne s’allume plus.', 20 * 60, false],
  ['MAR-VP-M1', 'Claquement à chaque passage au 7e étage.', 30 * 60, false],
]

/** Requests handled without an order (rejected) and those waiting for a dispatcher. */
export function planOpenAndRejectedRequests(ctx: OpsContext): RequestPlan[] {
  const { now } = ctx
  const out: RequestPlan[] = []
  for (const [ref, description, daysAgo] of REJECTED) {
    const rnd = prng(`${ref}/rejected`)
    const createdAt = new Date(now.getTime() - daysAgo * DAY - int(rnd, 0, 600) * MINUTE)
    const request = new RequestPlan({ ...reporter(ctx, ctx.siteOf(ref), rnd, rnd() < 0.5), assetId: ctx.asset(ref), description, personBlocked: false, createdAt })
    const reason = REASON_OF[ref] ?? REJECTION_REASONS[0]
    out.push(request.reject(ctx.user(pick(rnd, ['dispatcher', 'dispatcher-2'])), new Date(createdAt.getTime() + int(rnd, 1, 20) * HOUR), reason))
  }
  for (const [ref, description, minutesAgo, personBlocked] of PENDING) {
    const rnd = prng(`${ref}/pending`)
    const createdAt = new Date(now.getTime() - minutesAgo * MINUTE)
    out.push(new RequestPlan({ ...reporter(ctx, ctx.siteOf(ref), rnd, personBlocked), assetId: ctx.asset(ref), description, personBlocked, createdAt }))
  }
  return out
}
