// The elevators whose five-yearly technical inspection is overdue or due within 90 days
// (PreventiveStatus, docs/compliance.md), each opening its elevator, beside the visits.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import dayjs from 'dayjs'
import { Link } from 'react-router'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { visitDaysText } from '@/lib/visits'
import { usePreventiveStatus } from '../api/dashboard'

type InspectionDue = Schemas['InspectionDue']

const SHOWN = 8
const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-2)', paddingBlock: 8 }

function InspectionItem({ item, late }: { item: InspectionDue; late: boolean }) {
  return (
    <li style={rowStyle}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.asset(item.id)} fw={600} size="sm">{item.reference}</Anchor>
          <Text size="sm" lineClamp={1}>{item.siteName}</Text>
          <Text size="xs" c="dimmed">
            {item.lastInspectionAt ? `Dernier contrôle le ${dayjs(item.lastInspectionAt).format('D MMM YYYY')}` : 'Jamais contrôlé'}
            {` · à faire avant le ${dayjs(item.nextInspectionDueAt).format('D MMM YYYY')}`}
          </Text>
        </Stack>
        <Text size="xs" fw={600} c={late ? 'red.8' : 'gray.9'} style={{ flexShrink: 0 }}>{visitDaysText(item.inspectionDaysLeft)}</Text>
      </Group>
    </li>
  )
}

function InspectionsCard({ title, items, count, empty, late }: { title: string; items: InspectionDue[]; count: number; empty: string; late: boolean }) {
  const hidden = count - Math.min(items.length, SHOWN)
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
          : <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>{items.slice(0, SHOWN).map((i) => <InspectionItem key={i.id} item={i} late={late} />)}</Stack>}
        {hidden > 0 && <Text size="sm" c="dimmed">Et {hidden} autre{hidden > 1 ? 's' : ''}.</Text>}
      </Stack>
    </Card>
  )
}

/** The dispatcher's technical inspections: overdue first, then due within 90 days. */
export function InspectionsPanel() {
  const status = usePreventiveStatus()
  return (
    <QueryState query={status}>
      {(s) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <InspectionsCard title="Contrôles techniques en retard" late items={s.inspectionsOverdue} count={s.inspectionsOverdueCount}
            empty="Chaque ascenseur sous contrat a été contrôlé dans les cinq ans." />
          <InspectionsCard title="Contrôles techniques sous 90 jours" late={false} items={s.inspectionsDueSoon} count={s.inspectionsDueSoonCount}
            empty="Aucun contrôle technique n’arrive à échéance dans les 90 jours." />
        </SimpleGrid>
      )}
    </QueryState>
  )
}
