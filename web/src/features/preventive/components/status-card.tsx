import { Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { Link } from 'react-router'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { usePreventiveStatus } from '../api/preventive'
import { workOrdersLink } from '../utils/links'
import { frenchMonth } from '../utils/months'

/** The current month's grids (getPreventiveStatus), and the way to the orders behind them. */
export function StatusCard() {
  const query = usePreventiveStatus()
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="preventive-status-title">
      <QueryState query={query}>{(status) => <StatusBody status={status} />}</QueryState>
    </Card>
  )
}

function StatusBody({ status }: { status: Schemas['PreventiveStatus'] }) {
  const percent = status.generated > 0 ? Math.round((status.finished / status.generated) * 100) : 0
  const open = status.generated - status.finished
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={0}>
          <Title order={2} fz="lg" id="preventive-status-title">Avancement de {frenchMonth(status.month)}</Title>
          <Text size="sm" c="dimmed">Grilles préventives du mois en cours</Text>
        </Stack>
        <Button component={Link} to={workOrdersLink({ type: 'PREVENTIVE' })} variant="light" rightSection={<IconArrowRight size={16} />}>
          Voir les ordres préventifs
        </Button>
      </Group>
      {status.generated === 0 ? (
        <Text size="sm">Aucune grille n’a encore été générée pour {frenchMonth(status.month)}.</Text>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between"><Text size="sm">{status.finished} sur {status.generated} terminées</Text><Text size="sm" fw={600}>{percent} %</Text></Group>
          <Progress value={percent} color="green" size="lg" aria-label={`Grilles terminées : ${percent} %`} />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stat label="Générées" value={status.generated} />
        <Stat label="Terminées" value={status.finished} />
        <Stat label="Premières visites" value={status.firstControls} hint="première grille d’un équipement : toutes les tâches" />
        <Stat label="En retard" value={status.late} hint="tous mois confondus, échéance dépassée" alert={status.late > 0} />
      </SimpleGrid>
      {open > 0 && (
        <Group gap="xs">
          <Button component={Link} to={workOrdersLink({ type: 'PREVENTIVE', status: 'OPEN' })} variant="subtle" size="sm">Ordres préventifs ouverts</Button>
          <Button component={Link} to={workOrdersLink({ type: 'PREVENTIVE', status: 'IN_PROGRESS' })} variant="subtle" size="sm">En cours</Button>
        </Group>
      )}
    </Stack>
  )
}

function Stat({ label, value, hint, alert }: { label: string; value: number; hint?: string; alert?: boolean }) {
  return (
    <Card withBorder padding="sm" radius="md" bg={alert ? 'red.0' : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text fz={26} fw={700} c={alert ? 'red.9' : undefined} lh={1.2}>{value}</Text>
      {hint && <Text size="xs" c="dimmed">{hint}</Text>}
    </Card>
  )
}
