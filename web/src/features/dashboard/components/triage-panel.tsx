import { SimpleGrid } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { useArrivals } from '@/lib/alerts'
import { useMe } from '@/lib/auth/use-me'
import { combine, useActiveOrders, useLateOrders, useRequestPage } from '../api/dashboard'
import { answered, triageArrivals } from '../lib/arrivals'
import { countLeading, countWhere, isUnassigned, stillBlocked, sumCounts, type Page } from '../lib/counts'
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
  const orders = combine<[Page<Order>, Page<Order>, Page<Order>]>([open, inProgress, onHold])
  const all = combine<[Page<Request>, Page<Order>, Page<Order>, Page<Order>]>([pending, open, inProgress, onHold])
  const orderPages = () => orders.data ?? []
  const { me } = useMe()
  // A trapped person reported since the page was opened: the tab's title and a beep say it.
  useArrivals(`triage ${me?.id}`, answered(pending, open, inProgress, onHold)
    ? triageArrivals(pending.data!.items, [open, inProgress, onHold].flatMap((q) => q.data!.items)) : undefined)
  const ordersWhere = (match: (o: Order) => boolean) => ({
    items: orderPages().flatMap((p) => p.items.filter(match)),
    count: sumCounts(...orderPages().map((p) => countWhere(p, match))),
  })

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
      <ListCard<Order> title="Ordres non affectés" query={orders} to={links.orders({ status: 'OPEN' })} linkLabel="Voir les ordres ouverts"
        empty="Chaque ordre en cours a quelqu’un." select={() => ordersWhere(isUnassigned)}
        render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
      <ListCard<Order> title="Ordres en retard" urgent query={late} to={links.orders({ late: 'true' })} linkLabel="Voir les ordres en retard"
        empty="Aucun ordre en retard." select={() => ({ items: late.data!.items, count: countWhere(late.data!) })}
        render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
    </SimpleGrid>
  )
}
