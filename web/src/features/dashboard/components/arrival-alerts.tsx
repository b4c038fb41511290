// What arrives while someone works on any page (lib/alerts.ts): the shell mounts this once, so a
// dispatcher in the work-order list still hears of a trapped person reported meanwhile, and a
// technician inside an order of an order newly assigned to him. The reads are the dashboard's own
// queries: on the dashboard they are shared with its cards, not made twice.
import { useArrivals } from '@/lib/alerts'
import { useMe } from '@/lib/auth/use-me'
import { useActiveOrders, useOrderPage, useRequestPage } from '../api/dashboard'
import { answered, assignedArrivals, triageArrivals } from '../lib/arrivals'
import { panelsFor } from '../lib/panels'

export function ArrivalAlerts() {
  const { me, can } = useMe()
  if (!me) return null
  const panels = panelsFor(can)
  return (
    <>
      {panels.includes('triage') && <TriageAlerts meId={me.id} />}
      {panels.includes('myWork') && <AssignedAlerts meId={me.id} />}
    </>
  )
}

/** The desk: a trapped person reported (a request) or an order opened for one. */
function TriageAlerts({ meId }: { meId: string }) {
  const pending = useRequestPage({ status: 'PENDING' })
  const { open, inProgress, onHold } = useActiveOrders()
  useArrivals(`triage ${meId}`, answered(pending, open, inProgress, onHold)
    ? triageArrivals(pending.data!.items, [open, inProgress, onHold].flatMap((q) => q.data!.items)) : undefined)
  return null
}

/** A technician's day: an order newly assigned to him (« Personne bloquée » first). */
function AssignedAlerts({ meId }: { meId: string }) {
  // His work not finished, trapped persons first: the query MyWorkPanel's trapped card reads.
  const live = useOrderPage({ mine: true, status: ['OPEN', 'IN_PROGRESS', 'ON_HOLD'] })
  useArrivals(`mine ${meId}`, answered(live) ? assignedArrivals(live.data!.items, meId) : undefined)
  return null
}
