import { pageParams } from '../../http/pagination.ts'
import { Body, DateTime, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { MAX_ASSIGNEES } from '../work-orders/work-orders.schemas.ts'
import { PRIORITIES, WORK_ORDER_STATUSES } from '../work-orders/work-orders.states.ts'

// States and sources (docs/work-orders.md, "Requests").
export const REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]
export const REQUEST_SOURCES = ['APP', 'PORTAL'] as const
export type RequestSource = (typeof REQUEST_SOURCES)[number]

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
export const MAX_DESCRIPTION = 2000
export const MAX_REASON = 1000

/** What a caller writes about a fault: trimmed, never blank. */
export const Description = () => Text(MAX_DESCRIPTION, { minLength: 1, pattern: '\\S', description: 'What is wrong, in the reporter’s words. Trimmed; must not be blank.' })

export const RequestSummary = named('RequestSummary', Out({
  id: Uuid(),
  reference: Text(20, { description: '`DEM-` and a sequential number, zero-padded to at least 6 digits.' }),
  status: StringEnum(REQUEST_STATUSES, { description: 'PENDING (en attente), APPROVED (a work order was created from it), REJECTED (sans suite, with a reason).' }),
  source: StringEnum(REQUEST_SOURCES, { description: 'APP: created by a signed-in user; PORTAL: reported by a passer-by through the QR code.' }),
  asset: Out({ id: Uuid(), reference: Text(40), siteName: Text(120) }),
  description: Text(MAX_DESCRIPTION),
  personBlocked: Type.Boolean({ description: 'A person is trapped in the elevator: listed first, and the work order is URGENT.' }),
  requester: Out({
    id: Nullable(Uuid({ description: 'The author; null for a portal report.' })),
    displayName: Nullable(Text(120, { description: 'The author’s name, or the contact name left on the portal (null when none was).' })),
    contactPhone: Nullable(Text(40, { description: 'The phone number left on the portal, to call the reporter back; null for requests made in the application.' })),
  }),
  createdAt: DateTime(),
  handledAt: Nullable(DateTime({ description: 'When it was approved or rejected.' })),
  handledBy: Nullable(Out({ id: Uuid(), displayName: Text(120) }, { description: 'Who approved or rejected it.' })),
  rejectionReason: Nullable(Text(MAX_REASON, { description: 'Why it was rejected; shown to the requester.' })),
  workOrder: Nullable(Out({
    id: Uuid(),
    reference: Text(20),
    status: StringEnum(WORK_ORDER_STATUSES),
  }, { description: 'The work order created on approval (one-to-one); null until then.' })),
  abilities: named('RequestAbilities', Out({
    approve: Type.Boolean({ description: 'approveRequest: the request is PENDING and the caller has REQUESTS edit and WORK_ORDERS create.' }),
    reject: Type.Boolean({ description: 'rejectRequest: the request is PENDING and the caller has REQUESTS edit.' }),
  }, { description: 'What this caller may do with this request now (the operations refuse the rest: 403 or 409).' })),
}))

export const RequestsResponse = named('RequestsResponse', Out({
  requests: List(RequestSummary, MAX_PAGE, { description: 'One page: requests with a trapped person first, then the oldest first (the longest waiting); the next page is in the `Link` header.' }),
}))

export const RequestCreate = named('RequestCreate', Body({
  assetId: Uuid({ description: 'The elevator concerned. A caller assigned to sites may only name an asset of those sites and their zones (400 UNKNOWN_ASSET otherwise, as for an unknown asset).' }),
  description: Description(),
  personBlocked: Type.Optional(Type.Boolean({ description: 'A person is trapped. Default false.' })),
}))

export const RequestApprove = named('RequestApprove', Body({
  priority: Type.Optional(StringEnum(PRIORITIES, { description: 'Priority of the work order, NORMAL by default; always URGENT when a person is trapped.' })),
  assigneeIds: Type.Optional(List(Uuid(), MAX_ASSIGNEES, { uniqueItems: true, description: 'Active users whose role works on work orders (400 otherwise). Default: none.' })),
}))

export const RequestReject = named('RequestReject', Body({
  reason: Text(MAX_REASON, { minLength: 1, pattern: '\\S', description: 'Why nothing will be done; shown to the requester. Trimmed; must not be blank.' }),
}))

export const RequestsQuery = Type.Object({
  status: Type.Optional(StringEnum(REQUEST_STATUSES)),
  source: Type.Optional(StringEnum(REQUEST_SOURCES)),
  assetId: Type.Optional(Uuid()),
  siteId: Type.Optional(Uuid({ description: 'Requests on the assets of this site and of its zones.' })),
  mine: Type.Optional(Type.Boolean({ description: 'true: only the requests the caller made.' })),
  sort: Type.Optional(StringEnum(['oldest', 'newest'], {
    description: 'Within trapped persons first, then the others: oldest (the default) puts the longest waiting first, newest the latest created first.',
  })),
  q: Type.Optional(Text(100, { minLength: 1, description: 'Case-insensitive text found in the reference, the description, the asset reference, the requester’s or contact’s name.' })),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })
