import { SimpleGrid } from '@mantine/core'
import { IconAlertOctagon, IconCalendarRepeat, IconClipboardList, IconClockExclamation, IconInbox } from '@tabler/icons-react'
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { combine, useActiveOrders, useLateOrders, usePreventiveStatus, useRequestPage } from '../api/dashboard'
import { countLabel, countLeading, countWords, countWhere, stillBlocked, sumCounts, type Page } from '../lib/counts'
import { links } from '../lib/links'
import { StatTile } from './stat-tile'
import { de } from '@/lib/french'

type Order = Schemas['WorkOrder']

/** The counts that matter, each a link to the list it counts. */
export function IndicatorsPanel() {
  const { can } = useMe()
  const pending = useRequestPage({ status: 'PENDING' })
  const { open, inProgress, onHold } = useActiveOrders()
  const orders = combine<[Page<Order>, Page<Order>, Page<Order>]>([open, inProgress, onHold]).data
  const late = useLateOrders()
  const preventive = usePreventiveStatus(can('WORK_ORDERS', 'view'))

  const blockedRequests = pending.data && countLeading(pending.data, (r) => r.personBlocked)
  const blockedOrders = orders && sumCounts(...orders.map((p) => countLeading(p, (o) => o.personBlocked, stillBlocked)))
  const blocked = blockedRequests && blockedOrders && sumCounts(blockedRequests, blockedOrders)
  const [openCount, inProgressCount, onHoldCount] = orders?.map((p) => countWhere(p)) ?? []
  const p = preventive.data

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: p ? 5 : 4 }} spacing="md" component="section" aria-label="Indicateurs">
      <StatTile label="Personnes bloquées" count={blocked} icon={IconAlertOctagon} color="red"
        to={blockedRequests && blockedRequests.n > 0 ? links.requests({ status: 'PENDING' }) : links.orders({ priority: 'URGENT' })}
        hint={blockedRequests && blockedOrders && `${countWords(blockedRequests, 'signalée', 'signalées')}, ${countLabel(blockedOrders)} en intervention`} />
      <StatTile label="Demandes en attente" count={pending.data && countWhere(pending.data)} icon={IconInbox} color="yellow"
        to={links.requests({ status: 'PENDING' })} />
      <StatTile label="Ordres non terminés" count={orders && sumCounts(openCount, inProgressCount, onHoldCount)} icon={IconClipboardList} color="blue"
        to={links.orders()}
        hint={orders && `${countWords(openCount, 'ouvert', 'ouverts')}, ${countLabel(inProgressCount)} en cours, ${countLabel(onHoldCount)} en attente`} />
      <StatTile label="Ordres en retard" count={late.data && countWhere(late.data)} icon={IconClockExclamation} color="orange"
        to={links.orders({ late: 'true' })} hint="Date prévue dépassée" />
      {p && (
        <StatTile label={`Préventif ${de(dayjs(`${p.month}-01`).format('MMMM'))}`} count={{ n: p.finished, exact: true }} icon={IconCalendarRepeat} color="teal"
          to={links.orders({ type: 'PREVENTIVE' })} hint={`terminées sur ${p.generated} grilles, ${p.late} en retard`} />
      )}
    </SimpleGrid>
  )
}
