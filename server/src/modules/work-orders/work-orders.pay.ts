// Labour money as the caller may see it (`seesAllPay`, http/caller.ts): the cost block the
// writers keep as text (work_order_detail_costs, migration 0017) is the same for everybody,
// so the part that depends on the caller is applied here, per request, like the abilities.
import { seesAllPay, type Caller } from '../../http/caller.ts'
import type { CostsJson } from './work-orders.costs.queries.ts'

/**
 * The stored cost block as it is for a caller who may see all pay; for any other, a copy with
 * null in place of the rate and amount of the labour lines that are not its own, of the labour
 * sum and of the total (the sum would follow from it). Parts prices are not pay.
 */
export function costsFor(caller: Caller, stored: string): string {
  if (seesAllPay(caller)) return stored
  const costs = JSON.parse(stored) as CostsJson
  for (const line of costs.labor) {
    if (line.person.id === caller.principal.id) continue
    line.hourlyRateCents = null
    line.totalCents = null
  }
  costs.laborCents = null
  costs.totalCents = null
  return JSON.stringify(costs)
}
