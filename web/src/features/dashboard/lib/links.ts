// Where each card leads: the lists' filters in their addresses (the API's query names).
import { paths } from '@/config/paths'

const withQuery = (base: string, query: Record<string, string>) => `${base}?${new URLSearchParams(query).toString()}`

/** Each count links to the list that shows exactly it: the work-order list opens on the
 * states not finished (`status=all` for every state), and `late=true` is the API's late filter. */
export const links = {
  orders: (query: Record<string, string> = {}) => (Object.keys(query).length ? withQuery(paths.workOrders, query) : paths.workOrders),
  requests: (query: Record<string, string> = {}) => (Object.keys(query).length ? withQuery(paths.requests, query) : paths.requests),
}
