import { Stack, Text } from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { BlockedPersonBadge } from '@/components/status-badges'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { requestAbilities } from '../lib/abilities'
import { formatDate, Outcome, RequestActions, Requester, SourceBadge } from './request-cells'

type Request = Schemas['RequestSummary']
export interface RequestViewProps {
  requests: Request[]
  onApprove: (r: Request) => void
  onReject: (r: Request) => void
}

/** Desktop: one row per request, in the API's order (a trapped person first, then the longest waiting). */
export function RequestTable({ requests, onApprove, onReject }: RequestViewProps) {
  const { can } = useMe()
  return (
    <DataTable
      aria-label="Demandes"
      withTableBorder borderRadius="md" striped={false} highlightOnHover verticalAlign="top"
      records={requests} noRecordsText="Aucune demande"
      rowStyle={(r) => (r.personBlocked && r.status === 'PENDING' ? { background: 'var(--mantine-color-red-0)' } : undefined)}
      columns={[
        {
          accessor: 'reference', title: 'Demande', width: 150,
          render: (r) => (
            <Stack gap={4} align="flex-start">
              <Text fw={600} size="sm">{r.reference}</Text>
              <Text size="xs" c="dimmed">{formatDate(r.createdAt)}</Text>
              <SourceBadge source={r.source} />
            </Stack>
          ),
        },
        {
          accessor: 'asset', title: 'Ascenseur', width: 170,
          render: (r) => <Stack gap={0}><Text size="sm" fw={500}>{r.asset.reference}</Text><Text size="xs" c="dimmed">{r.asset.siteName}</Text></Stack>,
        },
        {
          accessor: 'description', title: 'Description',
          render: (r) => (
            <Stack gap={4} align="flex-start">
              {r.personBlocked && <BlockedPersonBadge />}
              <Text size="sm" lineClamp={3}>{r.description}</Text>
            </Stack>
          ),
        },
        { accessor: 'requester', title: 'Demandeur', width: 180, render: (r) => <Requester request={r} /> },
        {
          accessor: 'status', title: 'État', width: 210,
          render: (r) => {
            const abilities = requestAbilities(r, can)
            return (
              <Stack gap="xs" align="flex-start">
                <Outcome request={r} abilities={abilities} />
                <RequestActions request={r} abilities={abilities} onApprove={onApprove} onReject={onReject} />
              </Stack>
            )
          },
        },
      ]}
    />
  )
}
