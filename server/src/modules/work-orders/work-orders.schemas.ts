import { pageParams } from '../../http/pagination.ts'
import { Body, Count, DateOnly, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { REPORT_FIELDS } from '../reference-values/reference-values.fields.ts'
import {
  CHECKLIST_STATUSES, EVENT_KINDS, PRIORITIES, WORK_ORDER_STATUSES, WORK_ORDER_TYPES,
} from './work-orders.states.ts'
import { BREAKDOWN_TIME_FIELDS, CLOCK_SKEW_MS } from './work-orders.times-rules.ts'

// Documented ceilings. The listing is paginated below MAX_PAGE. The detail sends its lists
// whole up to these bounds: an order's life is a few dozen events, a grid a few dozen tasks.
export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
export const MAX_ASSIGNEES = 20
export const MAX_CHECKLIST = 200
/** The detail shows the most recent comments and events up to these counts (oldest first). */
export const MAX_COMMENTS = 500
export const MAX_ACTIVITY = 1000
/** The detail shows the most recent cost lines of each kind up to this count (totals count them all). */
export const MAX_COST_LINES = 500
/** A labour line: at most a day's minutes. */
export const MAX_LABOR_MINUTES = 1440

const Status = (opts: object = {}) => StringEnum(WORK_ORDER_STATUSES, {
  description: 'OPEN (Ouvert), IN_PROGRESS (En cours), ON_HOLD (En attente), DONE (Terminé), CANCELLED (Annulé).', ...opts,
})
const Priority = (opts: object = {}) => StringEnum(PRIORITIES, { description: 'LOW, NORMAL, HIGH, URGENT (forced for a person blocked).', ...opts })
const WorkOrderType = (opts: object = {}) => StringEnum(WORK_ORDER_TYPES, { description: 'CORRECTIVE (breakdown, request) or PREVENTIVE (maintenance grid).', ...opts })
const ChecklistStatus = (opts: object = {}) => StringEnum(CHECKLIST_STATUSES, { description: 'DONE (Fait), NA (N-A, not applicable), TODO (à faire).', ...opts })
const Reference = () => Text(20, { pattern: '^OT-[0-9]{6,}$', description: '`OT-` and a sequential number, at least 6 digits (OT-000042).' })
const PeriodKey = (description: string) => Text(7, { pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description })
const Description = () => Text(2000)

export const WorkOrderPerson = named('WorkOrderPerson', Out({ id: Uuid(), displayName: Text(120) }))

export const WorkOrderAsset = named('WorkOrderAsset', Out({
  id: Uuid(),
  reference: Text(40),
  brand: Text(80),
  locationId: Uuid({ description: 'The site or zone where the asset stands.' }),
  locationName: Text(120),
  siteId: Uuid(),
  siteName: Text(120),
}))

/** A listing row: what a triage list shows, without the order's history. */
// Where an order comes from (docs/compliance.md, "Findings"): derived from the order, never sent.
export const WORK_ORDER_ORIGINS = ['MANUAL', 'REQUEST', 'PREVENTIVE', 'INSPECTION_FINDING'] as const
const Origin = () => StringEnum(WORK_ORDER_ORIGINS, { description: 'INSPECTION_FINDING: remedies a finding of a technical inspection (« Observation du contrôle technique », inspectionId set); REQUEST: approved from a request; PREVENTIVE: a preventive grid; MANUAL: raised directly.' })
const InspectionId = () => Nullable(Uuid({ description: 'The technical inspection whose finding this order remedies (an inspection of the same elevator, AssetDetail.inspections); null otherwise.' }))

export const WorkOrder = named('WorkOrder', Out({
  id: Uuid(),
  reference: Reference(),
  type: WorkOrderType(),
  status: Status(),
  priority: Priority(),
  personBlocked: Type.Boolean({ description: 'A person is trapped: priority URGENT, listed first.' }),
  asset: WorkOrderAsset,
  description: Nullable(Description()),
  dueAt: Nullable(DateTime()),
  periodKey: Nullable(PeriodKey('Preventive grids: the month (YYYY-MM) they belong to.')),
  assignees: List(WorkOrderPerson, MAX_ASSIGNEES, { description: 'Sorted by name.' }),
  createdAt: DateTime(),
  startedAt: Nullable(DateTime()),
  completedAt: Nullable(DateTime()),
  cancelledAt: Nullable(DateTime()),
  releasedAt: Nullable(DateTime({ description: 'When the trapped person was freed (personBlocked orders).' })),
  origin: Origin(),
  inspectionId: InspectionId(),
}))

export const WorkOrdersResponse = named('WorkOrdersResponse', Out({
  workOrders: List(WorkOrder, MAX_PAGE, {
    description: 'One page: persons blocked first, then priority (URGENT first), then the oldest first. The next page is in the `Link` header.',
  }),
}))

export const ChecklistItem = named('ChecklistItem', Out({
  id: Uuid(),
  label: Text(200),
  position: Int(0, 2_147_483_647, { description: 'Order of the item in the list.' }),
  status: ChecklistStatus(),
  updatedBy: Nullable(WorkOrderPerson),
  updatedAt: Nullable(DateTime({ description: 'When the status was last set; null while never set.' })),
}))

export const WorkOrderComment = named('WorkOrderComment', Out({
  id: Uuid(),
  author: Nullable(WorkOrderPerson),
  body: Text(2000),
  createdAt: DateTime(),
}))

/** Free notes of the coded report (typed or dictated). */
export const MAX_REPORT_NOTES = 4000

const ReportValue = () => Nullable(Out({ id: Uuid(), label: Text(120) }))

export const WorkOrderReport = named('WorkOrderReport', Out({
  symptom: ReportValue(),
  component: ReportValue(),
  cause: ReportValue(),
  action: ReportValue(),
  result: ReportValue(),
  circumstance: ReportValue(),
  notes: Nullable(Text(MAX_REPORT_NOTES, { description: 'Free notes of the intervention (typed or dictated); null while none. Indexed by the assistant once the order is closed (anonymised).' })),
  updatedAt: Nullable(DateTime({ description: 'Last change of the report; null while never written.' })),
  updatedBy: Nullable(WorkOrderPerson),
}, { description: 'The coded intervention report: six reference values, each null while not set. Constat, Cause and Action are required to close.' }))

export const WorkOrderEventPayload = named('WorkOrderEventPayload', Out({
  from: Type.Optional(StringEnum([...WORK_ORDER_STATUSES, 'TODO', 'NA'], { description: 'STATUS_CHANGED: the previous state; CHECKLIST_UPDATED: the previous item status (TODO, DONE, NA).' })),
  to: Type.Optional(StringEnum([...WORK_ORDER_STATUSES, 'TODO', 'NA'], { description: 'STATUS_CHANGED: the new state; CHECKLIST_UPDATED: the new item status (TODO, DONE, NA).' })),
  reason: Type.Optional(Text(1000, { description: 'STATUS_CHANGED: the reason given (required for CANCELLED).' })),
  releasedAt: Type.Optional(DateTime({ description: 'STATUS_CHANGED: the release time recorded with the move.' })),
  commentId: Type.Optional(Uuid({ description: 'COMMENTED.' })),
  added: Type.Optional(List(Uuid(), MAX_ASSIGNEES, { description: 'ASSIGNEES_CHANGED: user ids.' })),
  removed: Type.Optional(List(Uuid(), MAX_ASSIGNEES, { description: 'ASSIGNEES_CHANGED: user ids.' })),
  fields: Type.Optional(List(StringEnum([...REPORT_FIELDS, 'NOTES'] as const), 7, { description: 'REPORT_UPDATED: the report fields that changed (NOTES: the free notes).' })),
  itemId: Type.Optional(Uuid({ description: 'CHECKLIST_UPDATED.' })),
  label: Type.Optional(Text(200, { description: 'CHECKLIST_UPDATED: the item’s label.' })),
  requestId: Type.Optional(Uuid({ description: 'REQUEST_LINKED.' })),
  requestReference: Type.Optional(Text(20, { pattern: '^DEM-[0-9]{6,}$', description: 'REQUEST_LINKED.' })),
  periodKey: Type.Optional(PeriodKey('GENERATED.')),
  firstControl: Type.Optional(Type.Boolean({ description: 'GENERATED.' })),
  taskCount: Type.Optional(Count({ description: 'GENERATED.' })),
  times: Type.Optional(List(Out({
    field: StringEnum(BREAKDOWN_TIME_FIELDS, { description: 'arrivedAt (Arrivé sur place), releasedAt (Personne libérée), leftAt (Départ).' }),
    from: Nullable(DateTime({ description: 'The value before: null for a first record; a correction keeps here the value it replaced.' })),
    to: Nullable(DateTime({ description: 'The value recorded; null when a correction cleared it.' })),
  }), BREAKDOWN_TIME_FIELDS.length, { description: 'TIMES_RECORDED: each breakdown time set or corrected.' })),
}, {
  description: 'Small and per kind (docs/work-orders.md): CREATED {}; REQUEST_LINKED {requestId, requestReference}; GENERATED {periodKey, firstControl, taskCount}; STATUS_CHANGED {from, to, reason?, releasedAt?}; COMMENTED {commentId}; ASSIGNEES_CHANGED {added, removed}; REPORT_UPDATED {fields}; CHECKLIST_UPDATED {itemId, label, from, to} (from and to are then checklist statuses); TIMES_RECORDED {times: [{field, from, to}]}.',
}))

export const WorkOrderEvent = named('WorkOrderEvent', Out({
  id: Uuid(),
  kind: StringEnum(EVENT_KINDS),
  actor: Nullable(WorkOrderPerson),
  at: DateTime(),
  payload: WorkOrderEventPayload,
}, { description: 'One entry of the activity log; actor null when the system acted (preventive generation, portal).' }))

export const WorkOrderPartLine = named('WorkOrderPartLine', Out({
  id: Uuid({ description: 'The CONSUMPTION movement in the stock ledger.' }),
  partId: Uuid(),
  partReference: Text(20, { pattern: '^P-[0-9]{6,}$' }),
  designation: Text(200, { pattern: '\\S' }),
  quantity: Int(1, 1_000_000, { description: 'Units consumed.' }),
  unitPriceCents: Count({ description: 'The part’s unit price when consumed, frozen.' }),
  totalCents: Count({ description: 'quantity × unitPriceCents.' }),
  consumedBy: Nullable(WorkOrderPerson),
  consumedAt: DateTime(),
}))

export const WorkOrderLaborLine = named('WorkOrderLaborLine', Out({
  id: Uuid(),
  person: WorkOrderPerson,
  workedOn: DateOnly({ description: 'The day worked (YYYY-MM-DD).' }),
  minutes: Int(1, MAX_LABOR_MINUTES),
  hourlyRateCents: Nullable(Count({ description: 'The person’s hourly rate at entry, frozen. Null unless the caller may see pay (PEOPLE_TEAMS edit) or the line is its own.' })),
  totalCents: Nullable(Count({ description: 'minutes × hourlyRateCents / 60, rounded to the cent (half up). Null when hourlyRateCents is.' })),
  createdBy: Nullable(WorkOrderPerson, { description: 'Who logged the time.' }),
  createdAt: DateTime(),
}))

export const WorkOrderCosts = named('WorkOrderCosts', Out({
  parts: List(WorkOrderPartLine, MAX_COST_LINES, { description: `Oldest first; the last ${MAX_COST_LINES} at most.` }),
  labor: List(WorkOrderLaborLine, MAX_COST_LINES, { description: `Oldest first; the last ${MAX_COST_LINES} at most.` }),
  partsCents: Count({ description: 'Sum of every parts line.' }),
  laborCents: Nullable(Count({ description: 'Sum of every labour line. Null unless the caller may see pay (PEOPLE_TEAMS edit).' })),
  totalCents: Nullable(Count({ description: 'partsCents + laborCents. Null when laborCents is.' })),
}, { description: 'Parts consumed and labour, prices frozen at entry (a later price or rate change never alters a line); locked once the order is DONE or CANCELLED. Labour money (a rate, an amount computed from one) is shown in full to callers with PEOPLE_TEAMS edit; others see only their own lines’ and null elsewhere.' }))

const Ability = (description: string) => Type.Boolean({ description })

export const WorkOrderAbilities = named('WorkOrderAbilities', Out({
  comment: Ability('commentWorkOrder: WORK_ORDERS edit on an order within reach (its own without view-other), closed ones too.'),
  editChecklist: Ability('patchChecklistItem: as comment, on an order not closed.'),
  editReport: Ability('upsertWorkOrderReport: as comment, on an order not closed.'),
  assign: Ability('setWorkOrderAssignees: as comment, on an order not closed (choosing people also needs a list of users).'),
  enterCosts: Ability('consumePart and addLaborTime for the caller’s own time: as comment, on an order not closed.'),
  logTimeForOthers: Ability('addLaborTime for someone else: enterCosts and the view-other right on WORK_ORDERS.'),
  manageDocuments: Ability('uploadDocument, updateDocumentCorpus and deleteDocument on this order’s documents: as comment.'),
  recordTimes: Ability('upsertWorkOrderReport with times (first record of a breakdown time, one tap): editReport, on a CORRECTIVE order.'),
  correctTimes: Ability('upsertWorkOrderReport with times and correction: true (change a breakdown time already recorded, closed orders included): as comment, on a CORRECTIVE order, with the delete right on WORK_ORDERS (Dispatcher, Administrateur).'),
}, { description: 'What this caller may do with this order now, from its state, the caller’s rights and whether the order is its own: the operations refuse what is false here (403, 404 or 409). Moves are in allowedTransitions.' }))

export const WorkOrderDetail = named('WorkOrderDetail', Out({
  ...WorkOrder.properties,
  cancelReason: Nullable(Text(1000, { description: 'Why the order was cancelled (CANCELLED only).' })),
  requester: Nullable(Out({
    id: Nullable(Uuid({ description: 'The requesting user; null for someone without an account (portal, phone call).' })),
    displayName: Text(120),
  }, { description: 'Who asked for the intervention; null when nobody did (preventive grids, orders raised in-house).' })),
  createdBy: Nullable(WorkOrderPerson),
  request: Nullable(Out({ id: Uuid(), reference: Text(20, { pattern: '^DEM-[0-9]{6,}$' }) }, { description: 'The request this order was approved from.' })),
  firstControl: Type.Boolean({ description: 'Preventive grids: the asset’s first grid (every active task).' }),
  callReceivedAt: Nullable(DateTime({ description: 'Breakdowns (CORRECTIVE): when the call was received, the linked request’s creation, else the order’s. Null for other orders.' })),
  arrivedAt: Nullable(DateTime({ description: 'Breakdowns: when the technician arrived on site (« Arrivé sur place »); null while not recorded.' })),
  leftAt: Nullable(DateTime({ description: 'Breakdowns: when the technician left the site (« Départ »); null while not recorded.' })),
  arrivalDelayMinutes: Nullable(Int(0, 2_147_483_647, { description: 'callReceivedAt → arrivedAt in whole minutes (rounded down); null while either is.' })),
  releaseDelayMinutes: Nullable(Int(0, 2_147_483_647, { description: 'callReceivedAt → releasedAt in whole minutes (rounded down); null while either is.' })),
  origin: Origin(),
  inspectionId: InspectionId(),
  updatedAt: DateTime(),
  checklist: List(ChecklistItem, MAX_CHECKLIST, { description: 'In list order.' }),
  comments: List(WorkOrderComment, MAX_COMMENTS, { description: `Oldest first; the last ${MAX_COMMENTS} at most.` }),
  report: WorkOrderReport,
  activity: List(WorkOrderEvent, MAX_ACTIVITY, { description: `Chronological; the last ${MAX_ACTIVITY} events at most.` }),
  allowedTransitions: List(Status(), WORK_ORDER_STATUSES.length, {
    description: 'The states this caller may move the order to now (empty when its role may not edit work orders, the order is not within its reach, or the order is closed). DONE is listed whenever the state table allows it; closureBlockers says why it would be refused.',
  }),
  closureBlockers: List(Text(200), 10, { description: 'French messages: what prevents closing (report fields missing, checklist items still to do). Empty when the order may close, and for a closed order.' }),
  abilities: WorkOrderAbilities,
  costs: WorkOrderCosts,
}))

const Reason = () => Text(1000, { minLength: 1, pattern: '\\S' })
const DateTimeIn = (description: string) => Type.String({ format: 'date-time', maxLength: 35, description })

export const WorkOrderCreate = named('WorkOrderCreate', Body({
  assetId: Uuid({ description: 'An existing asset within the caller’s sites (400 UNKNOWN_ASSET otherwise).' }),
  description: Text(2000, { minLength: 1, pattern: '\\S', description: 'What is wrong or what to do; trimmed.' }),
  type: Type.Optional(WorkOrderType({ description: 'Default CORRECTIVE.' })),
  priority: Type.Optional(Priority({ description: 'Default NORMAL; URGENT whatever is sent when personBlocked.' })),
  personBlocked: Type.Optional(Type.Boolean({ description: 'A person is trapped; default false.' })),
  dueAt: Type.Optional(DateTimeIn('Deadline, with its offset.')),
  requesterName: Type.Optional(Text(120, { description: 'Who called it in, when not a user (a guardian on the phone); trimmed, blank means none.' })),
  assigneeIds: Type.Optional(List(Uuid(), MAX_ASSIGNEES, {
    uniqueItems: true,
    description: 'Active users whose role may edit work orders and whose sites cover the asset (400 INVALID_ASSIGNEE otherwise).',
  })),
  inspectionId: Type.Optional(Uuid({ description: 'The order remedies a finding of this technical inspection, which must be one of the asset’s (400 UNKNOWN_INSPECTION otherwise); its origin is then INSPECTION_FINDING.' })),
}))

export const TransitionRequest = named('TransitionRequest', Body({
  to: Status({ description: 'The target state; must be in the order’s allowedTransitions (409 TRANSITION_NOT_ALLOWED otherwise).' }),
  reason: Type.Optional(Reason()),
  releasedAt: Type.Optional(DateTimeIn('personBlocked orders only (400 otherwise): when the trapped person was freed; not in the future, not before the order. Without it, DONE records the completion time when none was recorded.')),
}, { description: 'CANCELLED requires a reason (400 REASON_REQUIRED); other moves may carry one (recorded in the activity log).' }))

export const CommentCreate = named('CommentCreate', Body({
  body: Text(2000, { minLength: 1, pattern: '\\S', description: 'Trimmed.' }),
}))

export const AssigneesUpdate = named('AssigneesUpdate', Body({
  assigneeIds: List(Uuid(), MAX_ASSIGNEES, {
    uniqueItems: true,
    description: 'The new list (replaces the current one; empty unassigns everybody). Each an active user whose role may edit work orders and whose sites cover the asset (400 INVALID_ASSIGNEE otherwise).',
  }),
}))

const TimeIn = (description: string) => Type.Optional(Nullable(DateTimeIn(`${description} Not in the future (${CLOCK_SKEW_MS / 60_000} min allowed for the phone’s clock), not before the call. null clears a recorded time, in a correction only (400 INVALID_BREAKDOWN_TIME otherwise); the arrival cannot be cleared while a departure is recorded.`)))

/** The breakdown times of a CORRECTIVE order (docs/work-orders.md, "Breakdown times"). */
export const BreakdownTimesInput = named('BreakdownTimesInput', Body({
  arrivedAt: TimeIn('« Arrivé sur place »: when the technician arrived on site.'),
  releasedAt: TimeIn('« Personne libérée »: when the trapped person was freed; personBlocked orders only.'),
  leftAt: TimeIn('« Départ »: when the technician left; not before the arrival, which must be recorded (in this body or before).'),
  correction: Type.Optional(Type.Boolean({ description: 'false or absent: a first record, refused with 409 BREAKDOWN_TIME_SET when a different time is already recorded (the same one is a no-op), on an order not closed (409 WORK_ORDER_CLOSED). true: a correction, closed orders included, for callers with the delete right on WORK_ORDERS (403 TIME_CORRECTION_FORBIDDEN otherwise).' })),
}, { minProperties: 1, description: 'CORRECTIVE orders only. Each time set is logged (TIMES_RECORDED, with the value it replaced). Out-of-order times answer 400 INVALID_BREAKDOWN_TIME naming each field (times.arrivedAt…).' }))

const ReportField = (name: string) => Type.Optional(Nullable(Uuid({ description: `An active reference value of the ${name} field; null clears it; absent leaves it unchanged.` })))

export const ReportUpsert = named('ReportUpsert', Body({
  symptomId: ReportField('SYMPTOM (Constat)'),
  componentId: ReportField('COMPONENT (Organe)'),
  causeId: ReportField('CAUSE (Cause)'),
  actionId: ReportField('ACTION (Action)'),
  resultId: ReportField('RESULT (Résultat)'),
  circumstanceId: ReportField('CIRCUMSTANCE (Circonstance)'),
  notes: Type.Optional(Nullable(Text(MAX_REPORT_NOTES, { description: `Free notes, up to ${MAX_REPORT_NOTES} characters (line breaks kept); null or blank clears them; absent leaves them unchanged.` }))),
  times: Type.Optional(BreakdownTimesInput),
}, { minProperties: 1, description: 'Each value must be an active reference value of its own field (400 INVALID_REPORT_VALUE naming the field otherwise). The report fields are refused once the order is closed (409 WORK_ORDER_CLOSED); times follow their own rules (BreakdownTimesInput).' }))

export const ChecklistPatch = named('ChecklistPatch', Body({
  status: ChecklistStatus(),
}))

export const ConsumePart = named('ConsumePart', Body({
  partId: Uuid({ description: 'An existing part (400 UNKNOWN_PART otherwise) with a known unit price (409 PRICE_UNKNOWN otherwise).' }),
  quantity: Int(1, 1_000_000, { description: 'Units taken from stock (409 INSUFFICIENT_STOCK when fewer are in stock).' }),
}))

export const LaborTimeCreate = named('LaborTimeCreate', Body({
  userId: Uuid({ description: 'Who worked: the caller, or with the view-other right on WORK_ORDERS an active user who could be assigned to the order (400 INVALID_LABOR_PERSON otherwise, 403 LABOR_FOR_OTHERS without the right).' }),
  minutes: Int(1, MAX_LABOR_MINUTES, { description: 'Time worked, in minutes (at most a day).' }),
  workedOn: DateOnly({ description: 'The day worked (YYYY-MM-DD), not after today (400 INVALID_WORK_DATE).' }),
}))

export const ChecklistParams = Body({ id: Uuid(), itemId: Uuid() })

export const WorkOrdersQuery = Type.Object({
  status: Type.Optional(Type.Union([Status(), Type.Array(Status(), { minItems: 1, maxItems: 5, uniqueItems: true })], {
    description: 'One state, or several (status=OPEN&status=IN_PROGRESS&status=ON_HOLD: the orders not finished).',
  })),
  late: Type.Optional(Type.Boolean({ description: 'true: only orders not finished (OPEN, IN_PROGRESS, ON_HOLD) whose due date has passed.' })),
  priority: Type.Optional(Priority()),
  type: Type.Optional(WorkOrderType()),
  assetId: Type.Optional(Uuid()),
  siteId: Type.Optional(Uuid({ description: 'Orders on the assets of this site and of its zones.' })),
  assigneeId: Type.Optional(Uuid({ description: 'Orders assigned to this user.' })),
  mine: Type.Optional(Type.Boolean({ description: 'true: only orders created by the caller or assigned to it.' })),
  unassigned: Type.Optional(Type.Boolean({ description: 'true: only orders nobody is assigned to.' })),
  sort: Type.Optional(StringEnum(['priority', 'due'], {
    description: 'priority (the default): persons blocked first, then priority (URGENT first), then the oldest first. due: persons blocked first, then by due date, the earliest first (late orders therefore lead), undated orders last.',
  })),
  q: Type.Optional(Text(100, { minLength: 1, description: 'Case-insensitive text found in the reference, the description or the asset reference.' })),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })
