// The work-order state machine, in one table (docs/work-orders.md). Every writer of
// work_orders.status goes through `canMove`; the detail's allowedTransitions is read from here.
export const WORK_ORDER_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'] as const
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number]

export const STATUS_LABELS: Record<WorkOrderStatus, string> = {
  OPEN: 'Ouvert',
  IN_PROGRESS: 'En cours',
  ON_HOLD: 'En attente',
  DONE: 'Terminé',
  CANCELLED: 'Annulé',
}

/** From each state, the states a transition may reach. DONE and CANCELLED are final. */
export const TRANSITIONS: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  OPEN: ['IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'DONE', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'DONE', 'CANCELLED'],
  DONE: [],
  CANCELLED: [],
}

export function canMove(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return TRANSITIONS[from].includes(to)
}

/** The states of work not finished yet: what the list opens on, and where an order can be late. */
export const LIVE_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD'] as const satisfies readonly WorkOrderStatus[]

/** Closed orders: their report, checklist and (later) costs no longer change. */
export function isClosed(status: WorkOrderStatus): boolean {
  return TRANSITIONS[status].length === 0
}

export const PRIORITIES = ['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const
export type Priority = (typeof PRIORITIES)[number]
/** work_orders.priority_rank, written with the priority (a check keeps them in step). */
export const PRIORITY_RANK: Record<Priority, number> = { LOW: 1, NORMAL: 2, HIGH: 3, URGENT: 4 }

export const WORK_ORDER_TYPES = ['CORRECTIVE', 'PREVENTIVE'] as const
export type WorkOrderType = (typeof WORK_ORDER_TYPES)[number]

export const CHECKLIST_STATUSES = ['TODO', 'DONE', 'NA'] as const
export type ChecklistStatus = (typeof CHECKLIST_STATUSES)[number]

export const EVENT_KINDS = [
  'CREATED', 'REQUEST_LINKED', 'GENERATED', 'STATUS_CHANGED', 'COMMENTED', 'ASSIGNEES_CHANGED', 'REPORT_UPDATED', 'CHECKLIST_UPDATED', 'TIMES_RECORDED',
] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** What the closure guards read: the three required report fields and the checklist. */
export interface ClosureFacts {
  status: WorkOrderStatus
  symptomSet: boolean
  causeSet: boolean
  actionSet: boolean
  /** Checklist items still to do (TODO). */
  todoCount: number
}

/**
 * Why the order may not move to DONE now, as [field, French message] pairs: the report's
 * three required fields (Constat, Cause, Action) and no checklist item still to do. Empty for
 * an order that may close, and for a closed one (there is nothing left to close).
 */
export function closureBlockers(f: ClosureFacts): { field: string; message: string }[] {
  if (isClosed(f.status)) return []
  const out: { field: string; message: string }[] = []
  if (!f.symptomSet) out.push({ field: 'report.symptomId', message: 'Le constat du rapport d’intervention n’est pas renseigné.' })
  if (!f.causeSet) out.push({ field: 'report.causeId', message: 'La cause du rapport d’intervention n’est pas renseignée.' })
  if (!f.actionSet) out.push({ field: 'report.actionId', message: 'L’action du rapport d’intervention n’est pas renseignée.' })
  if (f.todoCount === 1) out.push({ field: 'checklist', message: 'Une tâche de la liste de contrôle reste à faire.' })
  else if (f.todoCount > 1) out.push({ field: 'checklist', message: `${f.todoCount} tâches de la liste de contrôle restent à faire.` })
  return out
}

/**
 * The moves this caller may make: those of the table from the current state when it may
 * edit this order (work-orders.abilities.ts decides), none otherwise. DONE is listed whenever the table allows it; the
 * closure guards are shown beside it in closureBlockers (a client disables the button and
 * says why, rather than hiding the move).
 */
export function allowedTransitions(status: WorkOrderStatus, mayEdit: boolean): WorkOrderStatus[] {
  return mayEdit ? [...TRANSITIONS[status]] : []
}
