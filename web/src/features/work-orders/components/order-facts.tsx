import { SimpleGrid, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { SectionCard } from '@/components/section-card'
import { workOrderOriginLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'
import { formatDateTime, formatPeriod, isOverdue } from '../lib/format'

/** Where, who asked, and when things happened. */
export function OrderFacts({ order }: { order: Schemas['WorkOrderDetail'] }) {
  const a = order.asset
  const facts: [string, ReactNode][] = [
    ['Équipement', `${a.reference} · ${a.brand}`],
    ['Emplacement', a.locationName === a.siteName ? a.siteName : `${a.siteName} › ${a.locationName}`],
  ]
  facts.push(['Origine', workOrderOriginLabel[order.origin]])
  if (order.periodKey) facts.push(['Période', `${formatPeriod(order.periodKey)}${order.firstControl ? ' (première visite)' : ''}`])
  if (order.requester) facts.push(['Demandé par', order.requester.displayName])
  if (order.request) facts.push(['Demande', order.request.reference])
  facts.push(['Créé', `${formatDateTime(order.createdAt)}${order.createdBy ? ` par ${order.createdBy.displayName}` : ''}`])
  if (order.dueAt) facts.push(['Échéance', <Text span size="sm" c={isOverdue(order) ? 'red.8' : undefined} fw={isOverdue(order) ? 600 : undefined}>{formatDateTime(order.dueAt)}{isOverdue(order) ? ' · en retard' : ''}</Text>])
  if (order.startedAt) facts.push(['Démarré', formatDateTime(order.startedAt)])
  if (order.releasedAt) facts.push(['Personne libérée', formatDateTime(order.releasedAt)])
  if (order.completedAt) facts.push(['Terminé', formatDateTime(order.completedAt)])
  if (order.cancelledAt) facts.push(['Annulé', formatDateTime(order.cancelledAt)])
  if (order.cancelReason) facts.push(['Motif d’annulation', order.cancelReason])

  return (
    <SectionCard id="facts" title="Informations">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">{label}</Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  )
}
