import { Card, Group, Stack, Text } from '@mantine/core'
import { BlockedPersonBadge } from '@/components/status-badges'
import { useMe } from '@/lib/auth/use-me'
import { requestAbilities } from '../lib/abilities'
import { formatDate, Outcome, RequestActions, Requester, SourceBadge } from './request-cells'
import type { RequestViewProps } from './request-table'

/** Phone: a card per request, nothing wider than the screen. */
export function RequestCards({ requests, onApprove, onReject }: RequestViewProps) {
  const { can } = useMe()
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Demandes">
      {requests.map((r) => {
        const abilities = requestAbilities(r, can)
        return (
          <Card key={r.id} component="li" withBorder padding="sm" radius="md"
            bg={r.personBlocked && r.status === 'PENDING' ? 'red.0' : undefined}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0}>
                  <Text fw={700}>{r.reference}</Text>
                  <Text size="sm">{r.asset.reference} · {r.asset.siteName}</Text>
                </Stack>
                <SourceBadge source={r.source} />
              </Group>
              {r.personBlocked && <div><BlockedPersonBadge /></div>}
              <Text size="sm" lineClamp={4}>{r.description}</Text>
              <Group justify="space-between" align="flex-start" gap="xs">
                <Requester request={r} />
                <Text size="xs" c="dimmed">{formatDate(r.createdAt)}</Text>
              </Group>
              <Outcome request={r} abilities={abilities} />
              <RequestActions request={r} abilities={abilities} onApprove={onApprove} onReject={onReject} />
            </Stack>
          </Card>
        )
      })}
    </Stack>
  )
}
