import { Button, Center, Text } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { SaveViewButton } from '@/components/saved-views/save-view-button'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useRequestList } from '../api/requests'
import { ApproveRequestModal } from '../components/approve-request-modal'
import { CreateRequestModal } from '../components/create-request-modal'
import { RejectRequestModal } from '../components/reject-request-modal'
import { RequestCards } from '../components/request-cards'
import { RequestFiltersBar } from '../components/request-filters'
import { RequestTable } from '../components/request-table'
import { filtersToParams, hasFilters, parseFilters, type RequestFilters } from '../lib/filters'

type Request = Schemas['RequestSummary']

export function Component() {
  const { can } = useMe()
  const [params, setParams] = useSearchParams()
  // Those who decide open on the requests waiting for a decision.
  const opensOn = can('REQUESTS', 'edit') ? 'PENDING' as const : undefined
  const filters = parseFilters(params, opensOn)
  const list = useRequestList(filters)
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false })
  const [creating, create] = useDisclosure()
  const [approving, setApproving] = useState<Request | null>(null)
  const [rejecting, setRejecting] = useState<Request | null>(null)
  const setFilters = (f: RequestFilters) => setParams(filtersToParams(f, opensOn), { replace: true })
  const order = filters.sort === 'oldest' ? 'les plus anciennes' : 'les plus récentes'

  return (
    <>
      <PageHeader
        title="Demandes"
        description={can('REQUESTS', 'viewOther') ? `Personnes bloquées en tête, puis ${order}.` : `Vos demandes, ${order} en premier.`}
        actions={<>
          <SaveViewButton kind="requests" suggestion="Demandes" />
          {can('REQUESTS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={create.open}>Nouvelle demande</Button>}
        </>}
      />
      <RequestFiltersBar key={params.get('q') === null ? 'no-q' : 'q'} filters={filters} onChange={setFilters} />
      <QueryState query={list}>
        {(requests) => {
          if (requests.length === 0) {
            return (
              <EmptyState title="Aucune demande">
                {filters.status === 'PENDING' && opensOn ? 'Aucune demande n’attend de décision.' : hasFilters(filters, opensOn) ? 'Aucune demande ne correspond à ces filtres.' : 'Les demandes et les signalements du portail apparaîtront ici.'}
              </EmptyState>
            )
          }
          const View = phone ? RequestCards : RequestTable
          return (
            <>
              <View requests={requests} onApprove={setApproving} onReject={setRejecting} />
              <Center mt="md">
                {list.hasNextPage
                  ? <Button variant="default" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>Charger plus</Button>
                  : <Text size="sm" c="dimmed">{requests.length} demande{requests.length > 1 ? 's' : ''}</Text>}
              </Center>
            </>
          )
        }}
      </QueryState>
      <CreateRequestModal opened={creating} onClose={create.close} />
      <ApproveRequestModal request={approving} onClose={() => setApproving(null)} />
      <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} />
    </>
  )
}
