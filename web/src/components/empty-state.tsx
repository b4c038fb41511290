import { Stack, Text, ThemeIcon } from '@mantine/core'
import { IconInbox } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap={6} py="xl">
      <ThemeIcon variant="light" size={48} radius="xl" color="gray"><IconInbox size={26} /></ThemeIcon>
      <Text fw={600}>{title}</Text>
      {children && <Text c="dimmed" size="sm" ta="center" maw={420}>{children}</Text>}
    </Stack>
  )
}
