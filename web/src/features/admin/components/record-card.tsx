import { Box, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A record on a phone: its name and state, then a line of details beside its actions. */
export function RecordCard({ title, details, badge, actions }: { title: ReactNode; details?: ReactNode; badge?: ReactNode; actions?: ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{title}</Text>
          {badge && <Box style={{ flexShrink: 0 }}>{badge}</Box>}
        </Group>
        <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs">
          <Text size="xs" c="dimmed" component="div" style={{ overflowWrap: 'anywhere' }}>{details}</Text>
          {actions && <Box style={{ flexShrink: 0 }}>{actions}</Box>}
        </Group>
      </Stack>
    </Card>
  )
}
