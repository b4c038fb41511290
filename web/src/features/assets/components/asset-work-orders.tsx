import { Anchor, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { BlockedPersonBadge, PriorityBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import { workOrderTypeLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import { useAssetWorkOrders } from '../api/asset-work-orders'
import { formatDate } from '../lib/format'

export function AssetWorkOrders({ assetId }: { assetId: string }) {
  const query = useAssetWorkOrders(assetId, true)
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="asset-work-orders">
      <Title order={2} fz="lg" mb="sm" id="asset-work-orders">Ordres de travail</Title>
      <QueryState query={query}>
        {(orders) => {
          if (orders.length === 0) return <EmptyState title="Aucun ordre de travail">Aucune intervention n’a encore été ouverte sur cet équipement.</EmptyState>
          return (
            <>
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {orders.map((o) => (
                  <Stack component="li" key={o.id} gap={4} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                    <Group gap="xs" wrap="wrap">
                      <Anchor component={Link} to={paths.workOrder(o.id)} fw={600} mih={24}>{o.reference}</Anchor>
                      {o.personBlocked && <BlockedPersonBadge />}
                      <WorkOrderStatusBadge status={o.status} />
                      <PriorityBadge priority={o.priority} />
                    </Group>
                    <Text size="sm" lineClamp={2}>{o.description ?? workOrderTypeLabel[o.type]}</Text>
                    <Text size="xs" c="dimmed">
                      {workOrderTypeLabel[o.type]}{o.periodKey ? ` ${o.periodKey}` : ''} · ouvert le {formatDate(o.createdAt)}
                      {o.completedAt ? ` · terminé le ${formatDate(o.completedAt)}` : ''}
                      {o.assignees.length > 0 ? ` · ${o.assignees.map((a) => a.displayName).join(', ')}` : ''}
                    </Text>
                  </Stack>
                ))}
              </Stack>
              {query.hasNextPage && (
                <Center mt="sm"><Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>Charger plus</Button></Center>
              )}
            </>
          )
        }}
      </QueryState>
    </Card>
  )
}
