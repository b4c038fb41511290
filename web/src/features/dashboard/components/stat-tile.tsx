import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core'
import type { ComponentType, ReactNode } from 'react'
import { Link } from 'react-router'
import { countLabel, type Count } from '../lib/counts'

/** A count that matters, linking to the list it was counted from. */
export function StatTile({ label, count, to, icon: Icon, color, hint }: {
  label: string
  count: Count | undefined
  to: string
  icon: ComponentType<{ size?: number }>
  color: string
  hint?: ReactNode
}) {
  const value = count ? countLabel(count) : undefined
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md" style={{ textDecoration: 'none', color: 'inherit' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>{label}</Text>
          {value === undefined ? <Skeleton h={34} w={60} mt={4} /> : <Text fz={32} fw={700} lh={1.2}>{value}</Text>}
          {hint && <Text size="xs" c="dimmed" mt={2}>{hint}</Text>}
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color}><Icon size={22} /></ThemeIcon>
      </Group>
    </Card>
  )
}
