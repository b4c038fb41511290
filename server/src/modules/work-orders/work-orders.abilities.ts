// What a caller may do with one order, sent with its detail (`abilities`, beside
// `allowedTransitions`) so that a client offers exactly what the operations accept, from the
// order's state, the caller's rights and whether the order is its own. Each line states the
// rule its operation applies; work-orders.abilities.test.ts checks them against the operations.
import type { Caller } from '../../http/caller.ts'
import { mayCorrectTimes } from './work-orders.times-rules.ts'
import { allowedTransitions, isClosed, type WorkOrderStatus } from './work-orders.states.ts'

/** What the rules read from an order: its state and who owns it (created it or is assigned). */
export interface OrderFacts {
  status: WorkOrderStatus
  type: string
  createdBy: { id: string } | null
  assignees: { id: string }[]
}

export interface WorkOrderAbilities {
  comment: boolean
  editChecklist: boolean
  editReport: boolean
  assign: boolean
  enterCosts: boolean
  logTimeForOthers: boolean
  manageDocuments: boolean
  recordTimes: boolean
  correctTimes: boolean
}

/**
 * Without the view-other right a caller writes only to its own orders (the others answer 404,
 * like a missing one): an order it has just unassigned itself from is shown but not its own.
 */
function ownsOrMayViewOthers(order: OrderFacts, caller: Caller): boolean {
  const me = caller.principal.id
  return caller.may('WORK_ORDERS', 'viewOther') || order.createdBy?.id === me || order.assignees.some((a) => a.id === me)
}

/** The operations' rules on this order for this caller. */
export function abilitiesOn(order: OrderFacts, caller: Caller): { abilities: WorkOrderAbilities; allowedTransitions: WorkOrderStatus[] } {
  // Every write needs WORK_ORDERS edit and an order within reach.
  const edit = caller.may('WORK_ORDERS', 'edit') && ownsOrMayViewOthers(order, caller)
  // Closed orders keep their report, checklist, assignees and costs as they were.
  const working = edit && !isClosed(order.status)
  const breakdown = order.type === 'CORRECTIVE'
  return {
    abilities: {
      // Comments stay possible on a closed order (a follow-up note).
      comment: edit,
      editChecklist: working,
      editReport: working,
      assign: working,
      enterCosts: working,
      // Someone else's time needs the view-other right (403 LABOR_FOR_OTHERS otherwise).
      logTimeForOthers: working && caller.may('WORK_ORDERS', 'viewOther'),
      // Documents of an order: WORK_ORDERS view and edit, closed orders too (a report often comes after).
      manageDocuments: edit && caller.may('WORK_ORDERS', 'view'),
      // Breakdown times: first records as the report; corrections, closed orders included,
      // need the delete right (work-orders.times.ts).
      recordTimes: working && breakdown,
      correctTimes: edit && breakdown && mayCorrectTimes(caller),
    },
    allowedTransitions: allowedTransitions(order.status, edit),
  }
}
