// What the detail page offers this caller on this order. What may be done is the API's word,
// sent with the order (`abilities`, `allowedTransitions`: computed by the server from the
// order's state, the caller's rights and whether the order is its own); this file only adds
// how each move is presented, and what a form needs beyond the right itself.
import type { Schemas } from '@/lib/api/client'
import type { Action, Category } from '@/lib/auth/permissions'
import { transitionLabel, type WorkOrderStatus } from '../labels'

type Detail = Pick<Schemas['WorkOrderDetail'], 'status' | 'allowedTransitions' | 'closureBlockers' | 'personBlocked' | 'releasedAt' | 'abilities'>
type Can = (category: Category, action?: Action) => boolean

export interface MoveAction {
  to: WorkOrderStatus
  label: string
  /** primary: moves the work forward; danger: cancels. */
  tone: 'primary' | 'secondary' | 'danger'
  /** What the move asks first: a reason (required to cancel, optional to put on hold), or the release time of a trapped person. */
  asks: 'none' | 'reason' | 'optionalReason' | 'release'
  /** DONE while the API says what prevents closing: offered, disabled, with the blockers beside it. */
  disabled: boolean
}

export interface Abilities {
  moves: MoveAction[]
  closureBlockers: string[]
  editChecklist: boolean
  editReport: boolean
  comment: boolean
  assign: boolean
  /** Parts consumed and the caller's own time logged. */
  enterCosts: boolean
  /** Time logged for someone else (the people on the order). */
  logTimeForOthers: boolean
  /** Documents of the order: add, assistant switch, delete. */
  manageDocuments: boolean
}

const ORDER: WorkOrderStatus[] = ['IN_PROGRESS', 'DONE', 'ON_HOLD', 'OPEN', 'CANCELLED']

export function abilitiesOf(detail: Detail, can: Can): Abilities {
  const may = detail.abilities
  const moves = [...detail.allowedTransitions].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).map((to): MoveAction => ({
    to,
    label: transitionLabel(detail.status, to),
    tone: to === 'CANCELLED' ? 'danger' : to === 'ON_HOLD' || to === 'OPEN' ? 'secondary' : 'primary',
    asks: to === 'CANCELLED' ? 'reason' : to === 'ON_HOLD' ? 'optionalReason' : to === 'DONE' && detail.personBlocked && !detail.releasedAt ? 'release' : 'none',
    disabled: to === 'DONE' && detail.closureBlockers.length > 0,
  }))
  return {
    moves,
    // Shown only when closing is on offer: a read-only viewer has nothing to unblock.
    closureBlockers: moves.some((m) => m.to === 'DONE') ? detail.closureBlockers : [],
    editChecklist: may.editChecklist,
    editReport: may.editReport,
    comment: may.comment,
    // Choosing people needs the list of users (PEOPLE_TEAMS view-other), whatever the order.
    assign: may.assign && can('PEOPLE_TEAMS', 'viewOther'),
    enterCosts: may.enterCosts,
    logTimeForOthers: may.logTimeForOthers,
    manageDocuments: may.manageDocuments,
  }
}
