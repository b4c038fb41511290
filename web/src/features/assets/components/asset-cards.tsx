import { Card, Group, Stack, Text } from '@mantine/core'
import { IconChevronRight } from '@tabler/icons-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { AssetStatusBadge } from './asset-status-badge'

/** Phone: one card per asset, the whole card the link (a thumb-sized target). */
export function AssetCards({ assets }: { assets: Schemas['Asset'][] }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Équipements" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {assets.map((a) => (
        <li key={a.id}>
          <Card withBorder padding="sm" radius="md" component={Link} to={paths.asset(a.id)} aria-label={`${a.reference} — ${a.siteName}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={700}>{a.reference}</Text>
                  <AssetStatusBadge status={a.status} />
                </Group>
                <Text size="sm" truncate>{[a.brand, a.model].filter(Boolean).join(' ')} · {a.categoryName}</Text>
                <Text size="sm" c="dimmed" truncate>{a.siteName}{a.locationName !== a.siteName ? ` › ${a.locationName}` : ''}</Text>
              </Stack>
              <IconChevronRight size={20} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  )
}
