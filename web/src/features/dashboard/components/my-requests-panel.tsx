import { SimpleGrid } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { useRequestPage } from '../api/dashboard'
import { countWhere } from '../lib/counts'
import { links } from '../lib/links'
import { RequestItem } from './items'
import { ListCard } from './list-card'

type Request = Schemas['RequestSummary']
const orderActive = (r: Request) => r.workOrder !== null && r.workOrder.status !== 'DONE' && r.workOrder.status !== 'CANCELLED'

/** A requester's requests and what became of them. */
export function MyRequestsPanel() {
  const pending = useRequestPage({ status: 'PENDING' })
  const approved = useRequestPage({ status: 'APPROVED' })
  const rejected = useRequestPage({ status: 'REJECTED' })
  // The API lists the oldest first: on a complete list, the latest are shown first.
  const latestFirst = (items: Request[], complete: boolean) => (complete ? [...items].reverse() : items)

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <ListCard<Request> title="En attente" query={pending} to={links.requests({ status: 'PENDING' })} linkLabel="Mes demandes en attente"
        empty="Aucune demande en attente." select={() => ({ items: pending.data!.items, count: countWhere(pending.data!) })}
        render={(r) => <RequestItem key={r.id} request={r} to={links.requests({ q: r.reference })} requester />} />
      <ListCard<Request> title="Acceptées" query={approved} to={links.requests({ status: 'APPROVED' })} linkLabel="Mes demandes acceptées"
        empty="Aucune demande acceptée pour l’instant."
        select={() => {
          const d = approved.data!
          const items = latestFirst(d.items, !d.hasMore)
          // Those still being worked on first: that is what the requester wants to know.
          return { items: [...items.filter(orderActive), ...items.filter((r) => !orderActive(r))], count: countWhere(d) }
        }}
        render={(r) => <RequestItem key={r.id} request={r} to={links.requests({ q: r.reference })} requester />} />
      <ListCard<Request> title="Sans suite" query={rejected} to={links.requests({ status: 'REJECTED' })} linkLabel="Mes demandes sans suite"
        empty="Aucune demande classée sans suite."
        select={() => ({ items: latestFirst(rejected.data!.items, !rejected.data!.hasMore), count: countWhere(rejected.data!) })}
        render={(r) => <RequestItem key={r.id} request={r} to={links.requests({ q: r.reference })} requester />} />
    </SimpleGrid>
  )
}
