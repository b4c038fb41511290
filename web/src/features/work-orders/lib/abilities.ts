// What the detail page offers this caller on this order: the rights of its matrix (can()) AND,
// for moves, only the API's allowedTransitions. A closed order (DONE, CANCELLED) is read-only
// but for comments, which the API accepts on closed orders too (a note after the visit).
import type { Schemas } from '@/lib/api/client'
import type { Action, Category } from '@/lib/auth/permissions'
import { transitionLabel, type WorkOrderStatus } from '../labels'

type Detail = Pick<Schemas['WorkOrderDetail'], 'status' | 'allowedTransitions' | 'closureBlockers' | 'personBlocked' | 'releasedAt'>
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
  closed: boolean
  moves: MoveAction[]
  closureBlockers: string[]
  editChecklist: boolean
  editReport: boolean
  comment: boolean
  assign: boolean
  /** Parts consumed and time logged: WORK_ORDERS edit while the order is not closed. */
  enterCosts: boolean
  /** Documents (add, assistant switch, delete): WORK_ORDERS edit, closed orders too (a report often comes after closure). */
  attachDocuments: boolean
}

const ORDER: WorkOrderStatus[] = ['IN_PROGRESS', 'DONE', 'ON_HOLD', 'OPEN', 'CANCELLED']

export function abilitiesOf(detail: Detail, can: Can): Abilities {
  const closed = detail.status === 'DONE' || detail.status === 'CANCELLED'
  const edit = can('WORK_ORDERS', 'edit')
  const working = edit && !closed
  const moves = edit
    ? [...detail.allowedTransitions].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).map((to): MoveAction => ({
      to,
      label: transitionLabel(detail.status, to),
      tone: to === 'CANCELLED' ? 'danger' : to === 'ON_HOLD' || to === 'OPEN' ? 'secondary' : 'primary',
      asks: to === 'CANCELLED' ? 'reason' : to === 'ON_HOLD' ? 'optionalReason' : to === 'DONE' && detail.personBlocked && !detail.releasedAt ? 'release' : 'none',
      disabled: to === 'DONE' && detail.closureBlockers.length > 0,
    }))
    : []
  return {
    closed,
    moves,
    // Shown only when closing is on offer: a read-only viewer has nothing to unblock.
    closureBlockers: moves.some((m) => m.to === 'DONE') ? detail.closureBlockers : [],
    editChecklist: working,
    editReport: working,
    comment: edit,
    // Choosing people needs the list of users (PEOPLE_TEAMS view-other).
    assign: working && can('PEOPLE_TEAMS', 'viewOther'),
    enterCosts: working,
    attachDocuments: edit,
  }
}
