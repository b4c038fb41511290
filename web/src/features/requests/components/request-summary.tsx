import { Group, Stack, Text } from '@mantine/core'
import { BlockedPersonBadge } from '@/components/status-badges'
import type { Schemas } from '@/lib/api/client'

/** What a dialog recalls of the request it acts on. */
export function RequestSummary({ request }: { request: Schemas['RequestSummary'] }) {
  return (
    <Stack gap={4} p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
      <Group gap="xs">
        <Text fw={700}>{request.reference}</Text>
        <Text>· {request.asset.reference} ({request.asset.siteName})</Text>
        {request.personBlocked && <BlockedPersonBadge />}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{request.description}</Text>
    </Stack>
  )
}
