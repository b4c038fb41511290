import { SimpleGrid } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { combine, useActiveOrders, useLateOrders, useRequestPage, useUnassignedOrders } from '../api/dashboard'
import { countLeading, countWhere, stillBlocked, sumCounts, type Page } from '../lib/counts'
import { links } from '../lib/links'
import { OrderItem, RequestItem } from './items'
import { ListCard } from './list-card'

type Order = Schemas['WorkOrder']
type Request = Schemas['RequestSummary']
type Blocked = { kind: 'request'; request: Request } | { kind: 'order'; order: Order }

/** The dispatcher's desk: trapped people and waiting requests first, then the orders that
 * need someone (unassigned) or are behind (late). */
export function TriagePanel({ now }: { now: Date }) {
  const pending = useRequestPage({ status: 'PENDING' })
  const { open, inProgress, onHold } = useActiveOrders()
  const late = useLateOrders()
  const unassigned = useUnassignedOrders()
  const all = combine<[Page<Request>, Page<Order>, Page<Order>, Page<Order>]>([pending, open, inProgress, onHold])
  // A trapped person reported meanwhile is announced on every page (arrival-alerts.tsx).

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ListCard<Blocked> title="Personnes bloquées" urgent query={all} to={links.requests({ status: 'PENDING' })} linkLabel="Voir les demandes en attente"
        empty="Personne n’est signalé bloqué dans une cabine."
        select={() => {
          const [requests, ...pages] = all.data!
          const blockedRequests = requests.items.filter((r) => r.personBlocked)
          const blockedOrders = pages.flatMap((p) => p.items.filter(stillBlocked))
          return {
            items: [...blockedRequests.map((request) => ({ kind: 'request' as const, request })), ...blockedOrders.map((order) => ({ kind: 'order' as const, order }))],
            count: sumCounts(countLeading(requests, (r) => r.personBlocked), ...pages.map((p) => countLeading(p, (o) => o.personBlocked, stillBlocked))),
          }
        }}
        render={(b) => (b.kind === 'request'
          ? <RequestItem key={b.request.id} request={b.request} to={links.requests({ q: b.request.reference })} />
          : <OrderItem key={b.order.id} order={b.order} now={now} />)} />
      <ListCard<Request> title="Demandes en attente" query={pending} to={links.requests({ status: 'PENDING' })} linkLabel="Toutes les demandes en attente"
        empty="Aucune demande à traiter."
        select={() => ({ items: pending.data!.items, count: countWhere(pending.data!) })}
        render={(r) => <RequestItem key={r.id} request={r} to={links.requests({ q: r.reference })} />} />
      {/* The API's unassigned filter: the card's count and the list it opens are the same orders. */}
      <ListCard<Order> title="Ordres non affectés" query={unassigned} to={links.orders({ unassigned: 'true' })} linkLabel="Voir les ordres non affectés"
        empty="Chaque ordre en cours a quelqu’un." select={() => ({ items: unassigned.data!.items, count: countWhere(unassigned.data!) })}
        render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
      <ListCard<Order> title="Ordres en retard" urgent query={late} to={links.orders({ late: 'true' })} linkLabel="Voir les ordres en retard"
        empty="Aucun ordre en retard." select={() => ({ items: late.data!.items, count: countWhere(late.data!) })}
        render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
    </SimpleGrid>
  )
}
