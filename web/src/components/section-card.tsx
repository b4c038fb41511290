import { Card, Group, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One block of a detail page (an order's, a part's), titled for screen readers' heading navigation. */
export function SectionCard({ title, aside, children, id }: { title: string; aside?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={id ? `${id}-title` : undefined}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="nowrap">
        <Title order={2} fz="lg" id={id ? `${id}-title` : undefined}>{title}</Title>
        {aside}
      </Group>
      {children}
    </Card>
  )
}
