import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { QueryState } from '@/components/query-state'
import { countLabel, type Count } from '../lib/counts'

const SHOWN = 5

/** A card of things to act on: a count, the first few, and the link to the whole filtered list. */
export function ListCard<T>({ title, query, select, render, empty, to, linkLabel, urgent = false }: {
  title: string
  query: { data: unknown; error: unknown; isPending: boolean; refetch: () => unknown; fetchStatus?: string }
  /** From the loaded data: the items (in the API's order) and their count. */
  select: () => { items: T[]; count: Count }
  render: (item: T) => ReactNode
  empty: string
  to: string
  linkLabel: string
  /** Anything in it is urgent (trapped people, late orders): its count in red. */
  urgent?: boolean
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      {/* Without network and nothing kept for it on the phone: the card still says what it is. */}
      {query.data === undefined && query.fetchStatus === 'paused' ? (
        <Stack gap={4}>
          <Title order={2} fz="lg">{title}</Title>
          <Text size="sm" c="dimmed">Pas de réseau : s’affichera à son retour.</Text>
        </Stack>
      ) : (
        <QueryState query={query}>
          {() => {
            const { items, count } = select()
            return (
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={2} fz="lg">{title}</Title>
                  <Badge size="lg" variant={count.n > 0 ? 'filled' : 'light'} color={count.n > 0 ? (urgent ? 'red' : 'blue') : 'gray'} c={count.n > 0 ? 'white' : 'gray.9'}>
                    {countLabel(count)}
                  </Badge>
                </Group>
                {items.length === 0
                  ? <Text size="sm" c="dimmed">{empty}</Text>
                  : <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>{items.slice(0, SHOWN).map((i) => render(i))}</Stack>}
                <Anchor component={Link} to={to} size="sm" fw={500}>
                  {items.length > SHOWN ? `${linkLabel} (${countLabel(count)})` : linkLabel}
                </Anchor>
              </Stack>
            )
          }}
        </QueryState>
      )}
    </Card>
  )
}
