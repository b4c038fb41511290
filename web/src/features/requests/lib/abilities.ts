// What the list offers this caller on a request, from its matrix only (can()): handling needs
// REQUESTS edit, and approving also creates a work order, which needs WORK_ORDERS create (the
// API answers 403 otherwise). Only a pending request can be handled.
import type { Schemas } from '@/lib/api/client'
import type { Action, Category } from '@/lib/auth/permissions'

type Can = (category: Category, action?: Action) => boolean
type Request = Pick<Schemas['RequestSummary'], 'status' | 'workOrder'>

export interface RequestAbilities {
  approve: boolean
  reject: boolean
  /** The linked work order may be opened (its page needs WORK_ORDERS view). */
  openWorkOrder: boolean
}

export function requestAbilities(request: Request, can: Can): RequestAbilities {
  const pending = request.status === 'PENDING'
  return {
    approve: pending && can('REQUESTS', 'edit') && can('WORK_ORDERS', 'create'),
    reject: pending && can('REQUESTS', 'edit'),
    openWorkOrder: request.workOrder !== null && can('WORK_ORDERS', 'view'),
  }
}
