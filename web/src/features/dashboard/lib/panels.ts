// Which parts of the dashboard a person sees, from its permission matrix only (never the role
// name). With the default matrix: Dispatcher and Administrateur triage (REQUESTS edit) and
// plan the six-week visits; technicians see their own work (they work orders but do not
// triage); whoever may view analytics and everyone's orders and requests gets the counts (Administrateur, Gestionnaire,
// Dispatcher, Vue seule); a Demandeur, who sees no work orders, sees its requests.
import type { Action, Category } from '@/lib/auth/permissions'

export type Panel = 'indicators' | 'triage' | 'visits' | 'myWork' | 'myRequests'
type Can = (category: Category, action?: Action) => boolean

export function panelsFor(can: Can): Panel[] {
  const panels: Panel[] = []
  const seesAll = can('WORK_ORDERS', 'viewOther') && can('REQUESTS', 'viewOther')
  const triages = can('REQUESTS', 'edit') && can('WORK_ORDERS', 'viewOther')
  if (seesAll && can('ANALYTICS', 'view')) panels.push('indicators')
  if (triages) panels.push('triage')
  // Whoever dispatches plans the six-week visits (getPreventiveStatus: WORK_ORDERS view).
  if (triages) panels.push('visits')
  if (can('WORK_ORDERS', 'edit') && !triages) panels.push('myWork')
  if (can('REQUESTS', 'view') && !can('REQUESTS', 'viewOther') && !can('WORK_ORDERS', 'view')) panels.push('myRequests')
  return panels
}
