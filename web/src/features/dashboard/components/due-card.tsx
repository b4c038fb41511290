// A card of elevators with a legal deadline (six-week visit, five-yearly inspection), late or
// due soon (PreventiveStatus, docs/compliance.md), each opening its elevator. The API lists the
// 100 most urgent with the full count; the card shows the first eight and unfolds the rest.
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { visitDaysText } from '@/lib/visits'
import { formatDate } from '@/lib/dates'

export interface DueItem {
  id: string
  reference: string
  siteName: string
  lastAt: string | null
  nextDueAt: string
  daysLeft: number
}

/** How an item's last time is said: « Dernière visite le … » or « Jamais visité ». */
export interface DueWording { last: string; never: string }

const SHOWN = 8
const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-2)', paddingBlock: 8 }
const day = formatDate

function DueRow({ item, late, wording }: { item: DueItem; late: boolean; wording: DueWording }) {
  return (
    <li style={rowStyle}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.asset(item.id)} fw={600} size="sm">{item.reference}</Anchor>
          <Text size="sm" lineClamp={1}>{item.siteName}</Text>
          <Text size="xs" c="dimmed">
            {item.lastAt ? `${wording.last} ${day(item.lastAt)}` : wording.never}
            {` · à faire avant le ${day(item.nextDueAt)}`}
          </Text>
        </Stack>
        <Text size="xs" fw={600} c={late ? 'red.8' : 'gray.9'} style={{ flexShrink: 0 }}>{visitDaysText(item.daysLeft)}</Text>
      </Group>
    </li>
  )
}

export function DueCard({ title, items, count, empty, late, wording }: {
  title: string; items: DueItem[]; count: number; empty: string; late: boolean; wording: DueWording
}) {
  const [unfolded, setUnfolded] = useState(false)
  const shown = unfolded ? items : items.slice(0, SHOWN)
  const more = items.length - shown.length
  // Past the API's 100, the rest is counted but not listed.
  const unlisted = count - items.length
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">{title}</Title>
          <Badge size="lg" variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? (late ? 'red' : 'orange') : 'gray'} c={count > 0 && late ? 'white' : 'gray.9'}>
            {count}
          </Badge>
        </Group>
        {items.length === 0
          ? <Text size="sm" c="dimmed">{empty}</Text>
          : <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>{shown.map((i) => <DueRow key={i.id} item={i} late={late} wording={wording} />)}</Stack>}
        {more > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={() => setUnfolded(true)} style={{ alignSelf: 'flex-start' }}>
            Voir les {more} autre{more > 1 ? 's' : ''}
          </Button>
        )}
        {(more === 0 || unfolded) && unlisted > 0 && (
          <Text size="sm" c="dimmed">Les {items.length} plus urgents sont listés, sur {count}.</Text>
        )}
      </Stack>
    </Card>
  )
}
