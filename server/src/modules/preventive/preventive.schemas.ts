import { Body, Count, DateTime, Int, List, named, Nullable, Out, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { InspectionDaysLeft, LastInspectionAt, LastVisitAt } from '../assets/assets.schemas.ts'
import { MONTHS_AHEAD, MONTHS_BACK, PERIOD_KEY_PATTERN } from './preventive.months.ts'

// A maintenance programme is a few dozen tasks in practice: listed whole, not paginated.
export const MAX_TASK_TEMPLATES = 1000

const Label = () => Text(120, { minLength: 1, pattern: '\\S', description: 'Unique, compared case-insensitively; trimmed.' })
const Periodicity = () => Int(1, 120, { description: 'Every how many months the task is due: 1 at every monthly visit, 6 half-yearly, 12 yearly, 60 every five years.' })
const PeriodKey = (opts: object = {}) => Text(7, { pattern: PERIOD_KEY_PATTERN, minLength: 7, ...opts })

export const TaskTemplate = named('TaskTemplate', Out({
  id: Uuid(),
  label: Text(120),
  periodicityMonths: Int(1, 120),
  isActive: Type.Boolean({ description: 'An inactive task is left out of later generations; grids already generated keep it.' }),
}))

export const TaskTemplatesResponse = named('TaskTemplatesResponse', Out({
  taskTemplates: List(TaskTemplate, MAX_TASK_TEMPLATES, { description: 'Sorted by periodicity, then label.' }),
}))

export const TaskTemplatesQuery = Type.Object({
  active: Type.Optional(Type.Boolean({ description: 'true: active tasks only (what the next generation uses); false: inactive only.' })),
}, { additionalProperties: false })

export const TaskTemplateCreate = named('TaskTemplateCreate', Body({
  label: Label(),
  periodicityMonths: Periodicity(),
}, { description: 'A new task is active: the next generation includes it where due.' }))

export const TaskTemplateUpdate = named('TaskTemplateUpdate', Body({
  label: Type.Optional(Label()),
  periodicityMonths: Type.Optional(Periodicity()),
  isActive: Type.Optional(Type.Boolean({ description: 'false: left out of later generations; grids already generated keep their checklist.' })),
}, { minProperties: 1, description: 'Rename, change the periodicity, or deactivate / reactivate. Tasks are never deleted; a change applies to later generations only.' }))

export const PreventiveGenerate = named('PreventiveGenerate', Body({
  month: PeriodKey({
    description: `The month to generate, YYYY-MM (UTC). From ${MONTHS_BACK} months before the current month to ${MONTHS_AHEAD} month after it (400 MONTH_OUT_OF_RANGE otherwise).`,
  }),
}))

export const PreventiveGenerationResult = named('PreventiveGenerationResult', Out({
  month: PeriodKey(),
  created: Count({ description: 'Grids created by this call.' }),
  alreadyPresent: Count({ description: 'Assets under contract that already had their grid for the month (created + alreadyPresent = the assets under contract in the caller’s sites).' }),
  firstControls: Count({ description: 'Among the grids created, first controls (an asset’s first grid: every active task).' }),
}))

// The six-week visit lists are capped (the most urgent first) with their full counts beside.
export const MAX_VISIT_LIST = 100

export const VisitDue = named('VisitDue', Out({
  id: Uuid({ description: 'The elevator (getAsset).' }),
  reference: Text(40),
  siteName: Text(120),
  lastVisitAt: LastVisitAt(),
  nextVisitDueAt: DateTime({ description: 'When the next visit is due: 42 days after the last visit (never visited: after the elevator entered the register or its commissioning, whichever is later).' }),
  visitDaysLeft: Int(-1_000_000, 1_000_000, { description: 'Whole days (UTC calendar days) from today to nextVisitDueAt: negative when overdue (-8: eight days late).' }),
}))

export const InspectionDue = named('InspectionDue', Out({
  id: Uuid({ description: 'The elevator (getAsset).' }),
  reference: Text(40),
  siteName: Text(120),
  lastInspectionAt: LastInspectionAt(),
  inspectionBody: Nullable(Text(120, { description: 'The approved body of the latest inspection.' })),
  nextInspectionDueAt: DateTime({ description: 'Five years after the latest inspection (none recorded: after the elevator entered the register or its commissioning, whichever is later).' }),
  inspectionDaysLeft: InspectionDaysLeft(),
}))

export const PreventiveStatus = named('PreventiveStatus', Out({
  month: PeriodKey({ description: 'The current month (UTC).' }),
  generated: Count({ description: 'Grids of the current month.' }),
  finished: Count({ description: 'Grids of the current month that are done (DONE).' }),
  late: Count({ description: 'Grids of any month whose due date (the end of their month) has passed and that are neither done nor cancelled: the overdue preventive backlog. Grids of the current month become late only once it is over.' }),
  firstControls: Count({ description: 'Grids of the current month that are first controls.' }),
  overdueVisitCount: Count({ description: 'Elevators under contract in the caller’s sites whose last maintenance visit is more than six weeks old (visitState OVERDUE, docs/compliance.md). Counted by site only, whatever orders the caller may see.' }),
  overdueVisits: List(VisitDue, MAX_VISIT_LIST, { description: `Those elevators, the most overdue first, then by reference: the first ${MAX_VISIT_LIST} (overdueVisitCount gives them all).` }),
  dueSoonVisitCount: Count({ description: 'Elevators under contract in the caller’s sites whose next visit is due within 7 days (visitState DUE_SOON).' }),
  dueSoonVisits: List(VisitDue, MAX_VISIT_LIST, { description: `Those elevators, the soonest due first, then by reference: the first ${MAX_VISIT_LIST} (dueSoonVisitCount gives them all).` }),
  inspectionsOverdueCount: Count({ description: 'Elevators under contract in the caller’s sites whose five-yearly technical inspection is overdue (inspectionState OVERDUE, docs/compliance.md). Counted by site only.' }),
  inspectionsOverdue: List(InspectionDue, MAX_VISIT_LIST, { description: `Those elevators, the most overdue first, then by reference: the first ${MAX_VISIT_LIST} (inspectionsOverdueCount gives them all).` }),
  inspectionsDueSoonCount: Count({ description: 'Elevators under contract in the caller’s sites whose technical inspection is due within 90 days (inspectionState DUE_SOON).' }),
  inspectionsDueSoon: List(InspectionDue, MAX_VISIT_LIST, { description: `Those elevators, the soonest due first, then by reference: the first ${MAX_VISIT_LIST} (inspectionsDueSoonCount gives them all).` }),
}))
