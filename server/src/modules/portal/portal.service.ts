import { uuidv7 } from 'uuidv7'
import { badRequest, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import { hashSecret, newSecret } from '../../platform/secrets.ts'
import type { Platform } from '../module.ts'
import { insertRequest } from '../requests/requests.queries.ts'
import type { RequestStatus } from '../requests/requests.schemas.ts'
import type { WorkOrderStatus } from '../work-orders/work-orders.states.ts'
import * as q from './portal.queries.ts'
import { PORTAL_STEPS, PROGRESS_LABELS, STEP_LABELS, type PortalProgress, type PortalRequestCreate, type PortalStepKey } from './portal.schemas.ts'

// A trapped person comes first: the report may carry no text, and then says what it is.
export const BLOCKED_WITHOUT_TEXT = 'Personne bloquée dans la cabine'
const missingDescription = () => badRequest('VALIDATION_ERROR', 'Champ « description » : décrivez ce que vous constatez.', [{ field: 'description', message: 'Décrivez ce que vous constatez.' }])

const unknownAsset = () => notFound('Aucun ascenseur ne porte cette référence. Vérifiez le code sous le QR code.')
// One answer for an unknown report and a wrong token: the reference alone reveals nothing.
const unknownReport = () => notFound('Signalement introuvable : vérifiez le lien de suivi.')


/**
 * The progress a reporter sees (docs/work-orders.md, "Portal progress"): waiting or an order
 * not started yet → Reçu; started or on hold → Intervention; done → Résolu; rejected or
 * cancelled → Sans suite, with the reason.
 */
export function portalProgress(r: { status: RequestStatus; rejectionReason: string | null; orderStatus: WorkOrderStatus | null; cancelReason: string | null }): { progress: PortalProgress; reason: string | null } {
  if (r.status === 'REJECTED') return { progress: 'CLOSED_WITHOUT_ACTION', reason: r.rejectionReason }
  switch (r.status === 'APPROVED' ? r.orderStatus : null) {
    case 'IN_PROGRESS': case 'ON_HOLD': return { progress: 'IN_PROGRESS', reason: null }
    case 'DONE': return { progress: 'RESOLVED', reason: null }
    case 'CANCELLED': return { progress: 'CLOSED_WITHOUT_ACTION', reason: r.cancelReason }
    default: return { progress: 'RECEIVED', reason: null }
  }
}

/** The order's times as the status query reads them (ISO text, null when not recorded). */
export interface OrderTimes { assignedAt: string | null; startedAt: string | null; arrivedAt: string | null; completedAt: string | null }

const earliest = (...times: (string | null)[]) => times.filter((x) => x !== null).sort()[0] ?? null

/**
 * The timeline (docs/work-orders.md, "Portal progress"): Reçu at the report; Pris en charge at
 * the first assignment (or, with nobody assigned, once someone is on site); Technicien sur
 * place at the recorded arrival, else at the start of the work; Résolu when the order is done.
 * Times only: who did it never reaches the portal.
 */
export function portalSteps(createdAt: string, orderStatus: WorkOrderStatus | null, o: OrderTimes) {
  const onSite = o.arrivedAt ?? o.startedAt
  const at: Record<PortalStepKey, string | null> = {
    RECEIVED: createdAt,
    ASSIGNED: earliest(o.assignedAt, onSite),
    ON_SITE: onSite,
    RESOLVED: orderStatus === 'DONE' ? o.completedAt : null,
  }
  return PORTAL_STEPS.map((key) => ({ key, label: STEP_LABELS[key], at: at[key] }))
}

export class PortalService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  async asset(reference: string) {
    const asset = await q.portalAsset(this.#db, reference)
    if (!asset) throw unknownAsset()
    return asset
  }

  /**
   * A report from a passer-by: a PENDING request of source PORTAL without an author. The
   * tracking token is handed out once; only its SHA-256 is stored.
   */
  async report(input: Static<typeof PortalRequestCreate>) {
    const description = input.description?.trim() || (input.personBlocked ? BLOCKED_WITHOUT_TEXT : '')
    if (!description) throw missingDescription()
    const trackingToken = newSecret()
    const { reference } = await this.#db.transaction(async (tx) => {
      const assetId = await q.assetIdByReference(tx, input.reference)
      if (!assetId) throw unknownAsset()
      return insertRequest(tx, {
        id: uuidv7(),
        source: 'PORTAL',
        assetId,
        description,
        personBlocked: input.personBlocked,
        requestedBy: null,
        contactName: cleanText(input.contactName) ?? null,
        contactPhone: cleanText(input.contactPhone) ?? null,
        trackingTokenHash: hashSecret(trackingToken),
        createdAt: this.#deps.clock.now(),
      })
    })
    return { reference, trackingToken }
  }

  /** The report's progress, for the holder of its reference and token only. */
  async status(reference: string, token: string) {
    const row = await q.requestByTracking(this.#db, reference, hashSecret(token))
    if (!row) throw unknownReport()
    const { progress, reason } = portalProgress({
      status: row.status as RequestStatus, rejectionReason: row.rejectionReason,
      orderStatus: row.orderStatus as WorkOrderStatus | null, cancelReason: row.cancelReason,
    })
    return {
      reference: row.reference,
      assetReference: row.assetReference,
      progress,
      label: PROGRESS_LABELS[progress],
      reason,
      createdAt: row.createdAt!,
      updatedAt: row.updatedAt!,
      // A request not approved has no order (all its times null): the timeline stops at Reçu.
      steps: portalSteps(row.createdAt!, row.orderStatus as WorkOrderStatus | null, row),
    }
  }
}
