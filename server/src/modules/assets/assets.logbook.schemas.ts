// The carnet d'entretien and the owner's annual report (docs/compliance.md): what getAsset
// adds to AssetDetail when it is asked for a period (`from`, `to`). Without a period the detail
// is the stored-text hot read, unchanged.
import { WORK_ORDER_STATUSES } from '../work-orders/work-orders.states.ts'
import { Count, DateOnly, DateTime, Int, List, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

/** A period is at most this many calendar days, both ends included (a leap year). */
export const MAX_PERIOD_DAYS = 366
/** Finished orders of one elevator in one period; beyond, a shorter period is asked for. */
export const MAX_LOGBOOK_ENTRIES = 2000
/** A breakdown whose call comes within this many days of a finished repair is a callback. */
export const CALLBACK_DAYS = 30
/** How many causes the summary names. */
export const MAIN_CAUSES = 3
/** The trade's target to free a trapped person. */
export const RELEASE_TARGET_MINUTES = 60

/** Periodic operations done in one period (a handful of tasks on twelve grids; generous). */
export const MAX_OPERATIONS_DONE = 2000
/** Inspections in one period (one every five years) and findings of one inspection. */
export const MAX_PERIOD_INSPECTIONS = 50
export const MAX_FINDINGS = 200

/** The states of what falls due (visits, periodic operations, inspections); assets.schemas uses them too. */
export const DUE_STATE_VALUES = ['UP_TO_DATE', 'DUE_SOON', 'OVERDUE'] as const

export const LOGBOOK_KINDS = ['VISIT', 'BREAKDOWN', 'CONTROL', 'WORKS'] as const
export type LogbookKind = (typeof LOGBOOK_KINDS)[number]

export const AssetQuery = Type.Object({
  from: Type.Optional(DateOnly({ description: 'First day of the period (YYYY-MM-DD, UTC calendar day). With `to`: the detail then carries `logbook`. Both or neither; at most 366 days, both ends included (400 INVALID_PERIOD naming the field).' })),
  to: Type.Optional(DateOnly({ description: 'Last day of the period, included (YYYY-MM-DD), not before `from`.' })),
}, { additionalProperties: false })

const Minutes = (description: string) => Nullable(Int(0, 100_000_000, { description }))

export const LogbookPart = Out({
  reference: Text(80),
  designation: Text(200),
  quantity: Int(1, 1_000_000, { description: 'Units consumed on the order (its CONSUMPTION stock movements, summed).' }),
})

export const LogbookReport = Out({
  symptom: Nullable(Text(120)),
  component: Nullable(Text(120)),
  cause: Nullable(Text(120)),
  action: Nullable(Text(120)),
  result: Nullable(Text(120)),
  circumstance: Nullable(Text(120)),
  notes: Nullable(Text(4000)),
})

export const LogbookEntry = Out({
  workOrderId: Uuid(),
  reference: Text(20),
  kind: StringEnum(LOGBOOK_KINDS, { description: 'VISIT (« visite d’entretien »): a PREVENTIVE order or one whose circumstance is a maintenance visit; CONTROL (« contrôle »): circumstance « Contrôle technique quinquennal »; WORKS (« travaux »): circumstance « Travaux de modernisation »; BREAKDOWN (« dépannage »): any other corrective order.' }),
  description: Nullable(Text(2000)),
  personBlocked: Type.Boolean(),
  callReceivedAt: Nullable(DateTime({ description: 'Breakdowns: the linked request’s creation, else the order’s. Null for visits.' })),
  startedAt: Nullable(DateTime()),
  arrivedAt: Nullable(DateTime()),
  releasedAt: Nullable(DateTime({ description: 'When the trapped person was freed.' })),
  leftAt: Nullable(DateTime()),
  completedAt: DateTime({ description: 'When the order was finished: the entry’s date (period and order).' }),
  releaseDelayMinutes: Minutes('Call → release, whole minutes rounded down.'),
  callbackOf: Nullable(Text(20, { description: 'Breakdowns: the reference of the repair finished at most 30 days before this call (the latest), which makes this one a callback.' })),
  technicians: List(Text(120), 50, { description: 'The assignees’ names, alphabetical.' }),
  report: LogbookReport,
  parts: List(LogbookPart, 200, { description: 'Parts replaced, by part reference.' }),
})

export const LogbookRelease = Out({
  workOrderId: Uuid(),
  reference: Text(20),
  callReceivedAt: Nullable(DateTime()),
  releasedAt: Nullable(DateTime({ description: 'Null when no release time was recorded.' })),
  releaseDelayMinutes: Minutes('Call → release, whole minutes rounded down; null without a release time.'),
})

export const LogbookOperationDone = Out({
  taskTemplateId: Uuid(),
  label: Text(200, { description: 'The task template’s label (the operation).' }),
  periodicityMonths: Int(2, 120),
  doneAt: DateTime({ description: 'Completion time of the finished grid on which the task was ticked (DONE).' }),
  workOrderId: Uuid(),
  reference: Text(20, { description: 'The grid’s reference.' }),
})

export const LogbookFinding = Out({
  workOrderId: Uuid(),
  reference: Text(20),
  description: Nullable(Text(2000)),
  status: StringEnum(WORK_ORDER_STATUSES, { description: 'The order’s state today (not at the period’s end): DONE remedied, CANCELLED dropped, else still open.' }),
  completedAt: Nullable(DateTime({ description: 'When it was remedied (the order finished), possibly after the period; null while open or cancelled.' })),
  action: Nullable(Text(120, { description: 'The coded report’s action: how it was remedied.' })),
})

export const LogbookInspection = Out({
  id: Uuid(),
  inspectedAt: DateTime(),
  body: Text(120, { description: 'The approved inspection body.' }),
  reportDocumentName: Nullable(Text(255, { description: 'The report document’s file name, if one was given.' })),
  notes: Nullable(Text(2000)),
  findings: List(LogbookFinding, MAX_FINDINGS, { description: 'The work orders created from this inspection’s findings (inspectionId), by number.' }),
})

const DueState = () => Nullable(StringEnum(DUE_STATE_VALUES, { description: 'At the period’s end (or today, for a period still running). Null when not under contract.' }))

export const LogbookOperationSummary = Out({
  taskTemplateId: Uuid(),
  label: Text(200),
  periodicityMonths: Int(2, 120),
  doneCount: Count({ description: 'Times done in the period (ticked on a finished grid).' }),
  lastDoneAt: Nullable(DateTime({ description: 'Latest time done up to the period’s end; null: never.' })),
  nextDueAt: Nullable(DateTime({ description: 'lastDoneAt + the periodicity (never done: after entry), as AssetDetail.periodicOperations. Null when not under contract or no longer in the programme.' })),
  state: DueState(),
})

export const LogbookInspectionState = Out({
  lastInspectionAt: Nullable(DateTime({ description: 'The latest inspection up to the period’s end.' })),
  body: Nullable(Text(120)),
  nextDueAt: Nullable(DateTime({ description: 'Five years after it (never inspected: after entry). Null when not under contract.' })),
  state: DueState(),
})

export const LogbookSummary = Out({
  visitsDone: Count({ description: 'VISIT entries of the period.' }),
  visitsDue: Nullable(Count({ description: 'Visits owed: the number of 42-day windows in the period up to today (ceil(days / 42)). Null when the elevator is not under contract.' })),
  longestVisitGapDays: Nullable(Count({ description: 'The longest stretch, in UTC calendar days, between consecutive visits, counted from the last visit before the period (else the period’s first day) to the end of the period or today, whichever is earlier. Null when the period starts after today.' })),
  breakdowns: Count({ description: 'BREAKDOWN entries.' }),
  callbacks: Count({ description: 'Breakdowns whose call came at most 30 days (720 hours, included) after another finished breakdown of this elevator was completed.' }),
  controls: Count({ description: 'CONTROL entries.' }),
  trappedIncidents: Count({ description: 'Entries with a trapped person.' }),
  releasesOverOneHour: Count({ description: 'Of those, releases 60 minutes or more after the call, or without a release time.' }),
  releases: List(LogbookRelease, 2000, { description: 'Each trapped-person incident, in date order.' }),
  partsReplaced: Count({ description: 'Units of parts consumed on the period’s entries.' }),
  mainCauses: List(Out({ label: Text(120), count: Count() }), 3, { description: 'The breakdowns’ most frequent report causes (most first, then label); breakdowns without a cause are not counted.' }),
  periodicOperations: List(LogbookOperationSummary, 200, { description: 'Each active task template above one month (by periodicity then label), then any other done in the period (no longer in the programme): times done in the period and state at its end.' }),
  periodicOperationsOverdue: Count({ description: 'Of those, the operations overdue at the period’s end.' }),
  inspection: LogbookInspectionState,
  findingsOpen: Count({ description: 'Inspection findings of this elevator raised by the period’s end and neither remedied nor cancelled by then.' }),
  findingsRemedied: Count({ description: 'Inspection findings remedied (their order finished) in the period.' }),
})

export const Logbook = Out({
  from: DateOnly(),
  to: DateOnly(),
  entries: List(LogbookEntry, MAX_LOGBOOK_ENTRIES, { description: 'Finished (DONE) orders completed in the period, in order of completion. Cancelled and unfinished orders are not interventions done and are left out.' }),
  periodicOperations: List(LogbookOperationDone, MAX_OPERATIONS_DONE, { description: 'Periodic operations (task templates above one month) done in the period: each ticked item of a finished grid completed in it, by date.' }),
  inspections: List(LogbookInspection, MAX_PERIOD_INSPECTIONS, { description: 'Technical inspections of the period, and the earlier ones with a finding open at its end or remedied in it, by date, each with its findings.' }),
  summary: LogbookSummary,
}, { description: 'Only when getAsset is asked for a period (`from`, `to`): the carnet d’entretien of that period and the summary of the owner’s annual report (docs/compliance.md). Absent otherwise.' })
