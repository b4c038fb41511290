import { SimpleGrid, Stack } from '@mantine/core'
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'
import { combine, useOrderPage } from '../api/dashboard'
import { countLeading, countWhere, dueToday, monthKey, stillBlocked, sumCounts, type Page } from '../lib/counts'
import { links } from '../lib/links'
import { OrderItem } from './items'
import { ListCard } from './list-card'
import { de } from '@/lib/french'

type Order = Schemas['WorkOrder']

/** A technician's day: what is under way, what is due today, the month's preventive grids. */
export function MyWorkPanel({ now }: { now: Date }) {
  const inProgress = useOrderPage({ mine: true, status: 'IN_PROGRESS' })
  const todo = useOrderPage({ mine: true, status: 'OPEN', type: 'CORRECTIVE' })
  const grids = useOrderPage({ mine: true, status: 'OPEN', type: 'PREVENTIVE' })
  const onHold = useOrderPage({ mine: true, status: 'ON_HOLD' })
  // His work not finished, trapped persons first (the API's order): the first page holds them.
  const live = useOrderPage({ mine: true, status: ['OPEN', 'IN_PROGRESS', 'ON_HOLD'] })
  const trapped = live.data?.items.filter(stillBlocked) ?? []
  // An order assigned to him meanwhile is announced on every page (arrival-alerts.tsx).
  const month = monthKey(now)
  // Grids of the month and overdue ones from earlier months; started ones are under « En cours ».
  const gridPages = combine<[Page<Order>, Page<Order>]>([grids, inProgress])
  const isGrid = (o: Order) => o.type === 'PREVENTIVE' && o.periodKey !== null && o.periodKey <= month

  return (
    <Stack gap="md">
      {trapped.length > 0 && (
        // Above everything: someone is waiting in a cabin.
        <ListCard<Order> title={trapped.length > 1 ? 'Personnes bloquées' : 'Personne bloquée'} urgent query={live} to={links.orders({ mine: 'true', priority: 'URGENT' })} linkLabel="Mes ordres urgents"
          empty="" select={() => ({ items: trapped, count: countLeading(live.data!, (o) => o.personBlocked, stillBlocked) })}
          render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ListCard<Order> title="En cours" query={inProgress} to={links.orders({ mine: 'true', status: 'IN_PROGRESS' })} linkLabel="Mes ordres en cours"
          empty="Aucun ordre commencé." select={() => ({ items: inProgress.data!.items, count: countWhere(inProgress.data!) })}
          render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
        <ListCard<Order> title="À faire aujourd’hui" query={todo} to={links.orders({ mine: 'true', status: 'OPEN', type: 'CORRECTIVE' })} linkLabel="Tous mes dépannages ouverts"
          empty="Aucun dépannage prévu aujourd’hui." select={() => ({ items: todo.data!.items.filter(dueToday(now)), count: countWhere(todo.data!, dueToday(now)) })}
          render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
        <ListCard<Order> title={`Mes grilles préventives ${de(dayjs(`${month}-01`).format('MMMM'))}`} query={gridPages}
          to={links.orders({ mine: 'true', type: 'PREVENTIVE' })} linkLabel="Toutes mes grilles"
          empty="Aucune grille à faire ce mois-ci."
          select={() => {
            const [open] = gridPages.data!
            return { items: open.items.filter(isGrid), count: sumCounts(countWhere(open, isGrid)) }
          }}
          render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
        <ListCard<Order> title="En attente" query={onHold} to={links.orders({ mine: 'true', status: 'ON_HOLD' })} linkLabel="Mes ordres en attente"
          empty="Aucun ordre en attente d’une pièce ou d’un accès." select={() => ({ items: onHold.data!.items, count: countWhere(onHold.data!) })}
          render={(o) => <OrderItem key={o.id} order={o} now={now} />} />
      </SimpleGrid>
    </Stack>
  )
}
