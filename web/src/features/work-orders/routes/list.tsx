import { Button, Center, Text } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { SaveViewButton } from '@/components/saved-views/save-view-button'
import { QueryState } from '@/components/query-state'
import { useMe } from '@/lib/auth/use-me'
import { useWorkOrderList } from '../api/work-orders'
import { WorkOrderCards } from '../components/work-order-cards'
import { WorkOrderFiltersBar } from '../components/work-order-filters'
import { WorkOrderTable } from '../components/work-order-table'
import { activeFilterCount, filtersToParams, parseFilters, type WorkOrderFilters } from '../lib/filters'

// The form (and its date picker) loads only when someone opens it: the list stays light.
const CreateWorkOrderModal = lazy(() => import('../components/create-work-order-modal').then((m) => ({ default: m.CreateWorkOrderModal })))

export function Component() {
  const { can } = useMe()
  const phone = useMediaQuery('(max-width: 48em)') ?? false
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)
  const listSearch = filtersToParams(filters).toString()
  const list = useWorkOrderList(filters)
  const [creating, { open, close }] = useDisclosure(false)
  const setFilters = (next: WorkOrderFilters) => setParams(filtersToParams(next), { replace: true })

  return (
    <>
      <PageHeader title="Ordres de travail" description={filters.sort === 'priority'
        ? 'Personnes bloquées d’abord, puis par priorité et ancienneté.'
        : 'Personnes bloquées d’abord, puis les retards, puis par date prévue.'}
        actions={<>
          <SaveViewButton kind="workOrders" suggestion="Ordres de travail" />
          {can('WORK_ORDERS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={open}>Nouvel ordre</Button>}
        </>} />
      <WorkOrderFiltersBar filters={filters} onChange={setFilters} phone={phone} />
      <QueryState query={list}>
        {(orders) => {
          if (orders.length === 0) {
            return (
              <EmptyState title="Aucun ordre de travail">
                {activeFilterCount(filters) > 0 ? 'Aucun ordre ne correspond à ces filtres.' : 'Aucun ordre en cours : les ordres ouverts ou attribués apparaîtront ici.'}
              </EmptyState>
            )
          }
          return (
            <>
              {phone ? <WorkOrderCards orders={orders} listSearch={listSearch} /> : <WorkOrderTable orders={orders} listSearch={listSearch} />}
              <Center mt="md" style={{ flexDirection: 'column', gap: 8 }}>
                <Text size="sm" c="dimmed" aria-live="polite">{orders.length} ordre{orders.length > 1 ? 's' : ''} affiché{orders.length > 1 ? 's' : ''}{list.hasNextPage ? ', d’autres suivent' : ''}</Text>
                {list.hasNextPage && (
                  <Button variant="light" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>Charger plus</Button>
                )}
              </Center>
            </>
          )
        }}
      </QueryState>
      {creating && <Suspense><CreateWorkOrderModal opened onClose={close} /></Suspense>}
    </>
  )
}
