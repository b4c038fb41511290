import { Anchor, Button, Center, Group, Paper, Select, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { purchaseOrderStatusLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import { useMe } from '@/lib/auth/use-me'
import { formatCents } from '@/lib/money'
import { usePurchaseOrderList } from '../api/purchase-orders'
import { CreatePurchaseOrderModal } from '../components/create-purchase-order-modal'
import { PurchaseOrderStatusBadge } from '../components/status-badge'
import { parseStatus, STATUSES, statusToParams } from '../lib/filters'
import { formatDate } from '@/lib/dates'


export function Component() {
  const { can } = useMe()
  const [params, setParams] = useSearchParams()
  const status = parseStatus(params)
  const list = usePurchaseOrderList(status)
  const [creating, create] = useDisclosure()

  return (
    <>
      <PageHeader
        title="Achats"
        description="Bons de commande aux fournisseurs, les plus récents en premier."
        actions={can('PURCHASE_ORDERS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={create.open}>Nouveau bon de commande</Button>}
      />
      {/* A select, not a segmented control: five states no longer fit a phone's width side by side. */}
      <Select mb="md" label="Statut" placeholder="Tous" clearable value={status ?? null} w={{ base: '100%', xs: 220 }}
        onChange={(v) => setParams(statusToParams(v === null ? undefined : parseStatus(new URLSearchParams({ statut: v }))), { replace: true })}
        data={STATUSES.map((s) => ({ value: s, label: purchaseOrderStatusLabel[s] }))} comboboxProps={{ withinPortal: true }} />
      <QueryState query={list}>
        {(orders) => {
          if (orders.length === 0) {
            return (
              <EmptyState title="Aucun bon de commande">
                {status ? 'Aucun bon de commande n’a ce statut.' : 'Les bons de commande créés apparaîtront ici.'}
              </EmptyState>
            )
          }
          return (
            <>
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Bons de commande">
                {orders.map((po) => (
                  <Paper component="li" key={po.id} withBorder p="sm">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={paths.purchaseOrder(po.id)} fw={700}>{po.reference}</Anchor>
                        <Text size="sm" truncate>{po.supplier.name}</Text>
                      </Stack>
                      <Group gap="sm" wrap="wrap">
                        <PurchaseOrderStatusBadge status={po.status} />
                        <Stack gap={0} align="flex-end">
                          <Text fw={600}>{formatCents(po.totalCents)}</Text>
                          <Text size="xs" c="dimmed">{formatDate(po.createdAt)}</Text>
                        </Stack>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
              <Center mt="md">
                {list.hasNextPage
                  ? <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>Charger plus</Button>
                  : <Text size="sm" c="dimmed">{orders.length} bon{orders.length > 1 ? 's' : ''} de commande</Text>}
              </Center>
            </>
          )
        }}
      </QueryState>
      <CreatePurchaseOrderModal opened={creating} onClose={create.close} />
    </>
  )
}
