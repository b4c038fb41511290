// What the list offers this caller on a request: approving and rejecting are the API's word,
// sent with each request (`abilities`: pending, REQUESTS edit, and WORK_ORDERS create to
// approve); opening the linked order needs the right to see orders.
import type { Schemas } from '@/lib/api/client'
import type { Action, Category } from '@/lib/auth/permissions'

type Can = (category: Category, action?: Action) => boolean
type Request = Pick<Schemas['RequestSummary'], 'abilities' | 'workOrder'>

export interface RequestAbilities {
  approve: boolean
  reject: boolean
  /** The linked work order may be opened (its page needs WORK_ORDERS view). */
  openWorkOrder: boolean
}

export function requestAbilities(request: Request, can: Can): RequestAbilities {
  return {
    approve: request.abilities.approve,
    reject: request.abilities.reject,
    openWorkOrder: request.workOrder !== null && can('WORK_ORDERS', 'view'),
  }
}
