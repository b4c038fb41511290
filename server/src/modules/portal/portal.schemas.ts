import { Body, DateTime, List, named, Nullable, Out, StringEnum, Text, Type } from '../../http/schema-kit.ts'
import { REFERENCE_PATTERN } from '../assets/assets.schemas.ts'
import { MAX_DESCRIPTION, MAX_REASON } from '../requests/requests.schemas.ts'

/** The progress a reporter follows, derived from the request and its work order. */
export const PORTAL_PROGRESS = ['RECEIVED', 'IN_PROGRESS', 'RESOLVED', 'CLOSED_WITHOUT_ACTION'] as const
export type PortalProgress = (typeof PORTAL_PROGRESS)[number]
export const PROGRESS_LABELS: Record<PortalProgress, string> = {
  RECEIVED: 'Reçu',
  IN_PROGRESS: 'Intervention',
  RESOLVED: 'Résolu',
  CLOSED_WITHOUT_ACTION: 'Sans suite',
}

/** The steps of the tracking page's timeline, each reached at a time of its own. */
export const PORTAL_STEPS = ['RECEIVED', 'ASSIGNED', 'ON_SITE', 'RESOLVED'] as const
export type PortalStepKey = (typeof PORTAL_STEPS)[number]
export const STEP_LABELS: Record<PortalStepKey, string> = {
  RECEIVED: 'Reçu',
  ASSIGNED: 'Pris en charge',
  ON_SITE: 'Technicien sur place',
  RESOLVED: 'Résolu',
}

const AssetReference = (description: string) => Text(40, { minLength: 1, pattern: REFERENCE_PATTERN, description })

export const PortalAssetParams = Body({
  reference: AssetReference('The reference printed under the QR code; compared case-insensitively.'),
})

export const PortalAsset = named('PortalAsset', Out({
  reference: Text(40),
  brand: Text(80),
  model: Nullable(Text(80)),
  siteName: Text(120),
  city: Nullable(Text(80, { description: 'The zone’s city, else its site’s.' })),
  outOfService: Type.Boolean({ description: 'The elevator is declared out of service (asset status OUT_OF_SERVICE).' }),
  alreadyReported: Type.Boolean({ description: 'A fault is already being handled: a pending request, or a corrective work order not yet finished (open, in progress or on hold).' }),
}, { description: 'What a passer-by may see of an elevator: never people, phone numbers, ids nor history.' }))

export const PortalRequestCreate = named('PortalRequestCreate', Body({
  reference: AssetReference('The reference of the elevator (from the QR code); compared case-insensitively. Unknown: 404.'),
  description: Type.Optional(Text(MAX_DESCRIPTION, {
    description: 'What is wrong, in the reporter’s words; trimmed. Required and not blank (400 VALIDATION_ERROR on description) unless personBlocked: someone trapped needs no typed text, and the request then reads « Personne bloquée dans la cabine ».',
  })),
  contactName: Type.Optional(Text(120, { description: 'To be called back; optional.' })),
  contactPhone: Type.Optional(Text(40, { description: 'To be called back; optional.' })),
  personBlocked: Type.Boolean({ description: 'Someone is trapped in the elevator: handled first.' }),
}))

export const PortalRequestCreated = named('PortalRequestCreated', Out({
  reference: Text(20, { description: 'The request’s reference (DEM-…).' }),
  trackingToken: Text(100, { description: 'Opaque, shown once: with the reference, the only way to follow the report (getPortalRequestStatus). Never stored in clear, never listed.' }),
}))

export const PortalStatusParams = Body({
  reference: Text(20, { minLength: 1, pattern: '^[A-Za-z0-9-]+$', description: 'The request’s reference (DEM-…), case-insensitive.' }),
  token: Text(100, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The tracking token returned at creation.' }),
})

export const PortalStep = named('PortalStep', Out({
  key: StringEnum(PORTAL_STEPS),
  label: StringEnum(Object.values(STEP_LABELS), { description: 'The step in French, as shown to the reporter.' }),
  at: Nullable(DateTime({ description: 'When the step was reached; null while it is not.' })),
}))

export const PortalRequestStatus = named('PortalRequestStatus', Out({
  reference: Text(20),
  assetReference: Text(40),
  progress: StringEnum(PORTAL_PROGRESS, {
    description: 'RECEIVED (Reçu): waiting, or an intervention is planned; IN_PROGRESS (Intervention): a technician is on it (or it waits for a part); RESOLVED (Résolu): the intervention is finished; CLOSED_WITHOUT_ACTION (Sans suite): rejected or cancelled, with the reason.',
  }),
  label: StringEnum(Object.values(PROGRESS_LABELS), { description: 'The progress in French, as shown to the reporter.' }),
  reason: Nullable(Text(MAX_REASON, { description: 'Why nothing will be done (CLOSED_WITHOUT_ACTION only); null otherwise.' })),
  createdAt: DateTime(),
  updatedAt: DateTime({ description: 'Last change of the request or of its work order.' }),
  steps: List(PortalStep, PORTAL_STEPS.length, {
    minItems: PORTAL_STEPS.length,
    description: 'The timeline, always the four steps in this order: RECEIVED (Reçu) at the report; ASSIGNED (Pris en charge) when a technician was first assigned to the order (else when it was started); ON_SITE (Technicien sur place) when his arrival was recorded, else when the order was started; RESOLVED (Résolu) when the order was done. Never who: no name, only times.',
  }),
}))
