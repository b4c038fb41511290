import { Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A page's title, an optional line under it, and its main actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <Stack gap={2}>
        <Title order={1} fz={{ base: 22, sm: 28 }}>{title}</Title>
        {description && <Text c="dimmed" size="sm">{description}</Text>}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  )
}
