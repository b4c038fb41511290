import { paths } from '@/config/paths'
import type { operations } from '@/lib/api/schema'

type WorkOrderFilters = Omit<NonNullable<operations['listWorkOrders']['parameters']['query']>, 'cursor' | 'limit'>

/** The work-order list filtered with listWorkOrders' own query parameters (the list page
 * reads them from the address). It has no month filter: preventive grids are shown by type. */
export function workOrdersLink(filters: WorkOrderFilters): string {
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(filters)) for (const one of v === undefined ? [] : [v].flat()) search.append(k, String(one))
  const s = search.toString()
  return s ? `${paths.workOrders}?${s}` : paths.workOrders
}
