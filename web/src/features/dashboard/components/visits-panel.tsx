// The elevators whose six-week visit is late or due within seven days (PreventiveStatus,
// docs/compliance.md), each opening its elevator. The API lists the 100 most urgent of each
// with the full counts; the cards show the first few.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import dayjs from 'dayjs'
import { Link } from 'react-router'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { visitDaysText } from '@/lib/visits'
import { usePreventiveStatus } from '../api/dashboard'

type VisitDue = Schemas['VisitDue']

const SHOWN = 8
const rowStyle = { borderTop: '1px solid var(--mantine-color-gray-2)', paddingBlock: 8 }

function VisitItem({ visit, late }: { visit: VisitDue; late: boolean }) {
  return (
    <li style={rowStyle}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={paths.asset(visit.id)} fw={600} size="sm">{visit.reference}</Anchor>
          <Text size="sm" lineClamp={1}>{visit.siteName}</Text>
          <Text size="xs" c="dimmed">
            {visit.lastVisitAt ? `Dernière visite le ${dayjs(visit.lastVisitAt).format('D MMM YYYY')}` : 'Jamais visité'}
            {` · à faire avant le ${dayjs(visit.nextVisitDueAt).format('D MMM YYYY')}`}
          </Text>
        </Stack>
        <Text size="xs" fw={600} c={late ? 'red.8' : 'gray.9'} style={{ flexShrink: 0 }}>{visitDaysText(visit.visitDaysLeft)}</Text>
      </Group>
    </li>
  )
}

export function VisitsCard({ title, visits, count, empty, late }: { title: string; visits: VisitDue[]; count: number; empty: string; late: boolean }) {
  const hidden = count - Math.min(visits.length, SHOWN)
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">{title}</Title>
          <Badge size="lg" variant={count > 0 ? 'filled' : 'light'} color={count > 0 ? (late ? 'red' : 'orange') : 'gray'} c={count > 0 ? (late ? 'white' : 'gray.9') : 'gray.9'}>
            {count}
          </Badge>
        </Group>
        {visits.length === 0
          ? <Text size="sm" c="dimmed">{empty}</Text>
          : <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>{visits.slice(0, SHOWN).map((v) => <VisitItem key={v.id} visit={v} late={late} />)}</Stack>}
        {hidden > 0 && <Text size="sm" c="dimmed">Et {hidden} autre{hidden > 1 ? 's' : ''}.</Text>}
      </Stack>
    </Card>
  )
}

/** The dispatcher's six-week visits: late first, then due within seven days. */
export function VisitsPanel() {
  const status = usePreventiveStatus()
  return (
    <QueryState query={status}>
      {(s) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <VisitsCard title="Visites en retard (plus de six semaines)" late visits={s.overdueVisits} count={s.overdueVisitCount}
            empty="Chaque ascenseur sous contrat a été visité dans les six semaines." />
          <VisitsCard title="Visites à faire sous sept jours" late={false} visits={s.dueSoonVisits} count={s.dueSoonVisitCount}
            empty="Aucune visite n’arrive à échéance dans les sept jours." />
        </SimpleGrid>
      )}
    </QueryState>
  )
}
