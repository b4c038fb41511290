import { PUBLIC, publicRoute } from '../../http/route.ts'
import type { RateLimit } from '../../http/rate-limit.ts'
import { PortalAsset, PortalAssetParams, PortalRequestCreate, PortalRequestCreated, PortalRequestStatus, PortalStatusParams } from './portal.schemas.ts'
import type { PortalService } from './portal.service.ts'

// Per client address and counted in the cache (Redis: shared by every replica), in place of
// the default per-caller limit. Reads (asset and status) share one bucket.
export const PORTAL_REPORT_LIMIT: RateLimit = {
  name: 'portal-report', max: 10, windowSeconds: 60, per: 'address',
  message: 'Trop de signalements envoyés depuis votre connexion : merci de réessayer dans une minute.',
}
export const PORTAL_READ_LIMIT: RateLimit = {
  name: 'portal-read', max: 60, windowSeconds: 60, per: 'address',
  message: 'Trop de consultations depuis votre connexion : merci de réessayer dans une minute.',
}

export const portalRoutes = (portal: PortalService) => [
  publicRoute({
    operationId: 'getPortalAsset', method: 'GET', url: '/portal/assets/:reference', tag: 'Public portal', access: PUBLIC,
    summary: 'The elevator behind a scanned QR code, as a passer-by may see it',
    description: `No account. Only the reference, brand, model, site name and city, whether the elevator is declared out of service and whether a fault is already being handled; never people, phone numbers, ids or history. 404 for an unknown reference. ${PORTAL_READ_LIMIT.max} portal reads (this and getPortalRequestStatus together) per minute per client address, then 429 with Retry-After.`,
    params: PortalAssetParams,
    success: { status: 200, schema: PortalAsset },
    rateLimit: PORTAL_READ_LIMIT,
    handler: ({ params }) => portal.asset(params.reference),
  }),
  publicRoute({
    operationId: 'createPortalRequest', method: 'POST', url: '/portal/requests', tag: 'Public portal', access: PUBLIC,
    summary: 'Report a fault without an account',
    description: `Creates a PENDING request of source PORTAL for the elevator of that reference (404 when none). Answers its reference and a tracking token (256 random bits, shown once: only its hash is kept, it is never listed nor logged). At most ${PORTAL_REPORT_LIMIT.max} reports per minute per client address: then 429 with Retry-After and a message inviting to retry in a minute.`,
    body: PortalRequestCreate,
    success: { status: 201, schema: PortalRequestCreated },
    errors: [404],
    rateLimit: PORTAL_REPORT_LIMIT,
    handler: ({ body }) => portal.report(body),
  }),
  publicRoute({
    operationId: 'getPortalRequestStatus', method: 'GET', url: '/portal/requests/:reference/:token', tag: 'Public portal', access: PUBLIC,
    summary: 'Follow a report with its reference and tracking token',
    description: `Progress Reçu → Intervention → Résolu from the linked work order, or Sans suite with the reason. An unknown reference and a wrong token give the same 404. Requests are logged by route pattern, so the token never reaches the log. Shares the ${PORTAL_READ_LIMIT.max} reads per minute per address of getPortalAsset.`,
    params: PortalStatusParams,
    success: { status: 200, schema: PortalRequestStatus },
    rateLimit: PORTAL_READ_LIMIT,
    handler: ({ params }) => portal.status(params.reference, params.token),
  }),
]
