// The five-yearly technical inspection of an elevator, shown high on its page like the visit
// (docs/compliance.md): the state in a badge, the last inspection and its body, the due date,
// then the history with each inspection's findings. Whoever may edit elevators records an
// inspection; whoever may create work orders turns a finding into one.
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { VisitStateBadge } from '@/components/status-badges'
import type { Schemas } from '@/lib/api/client'
import { visitDaysText } from '@/lib/visits'
import { formatDate } from '../lib/format'
import { InspectionFormModal } from './inspection-form-modal'

// The order form (and its date picker) loads only when someone opens it.
const CreateWorkOrderModal = lazy(() => import('@/features/work-orders').then((m) => ({ default: m.CreateWorkOrderModal })))

type Asset = Pick<Schemas['AssetDetail'], 'id' | 'lastInspectionAt' | 'inspectionBody' | 'nextInspectionDueAt' | 'inspectionDaysLeft' | 'inspectionState' | 'inspections'>
type Inspection = Schemas['Inspection']

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      {children}
    </div>
  )
}

const findingsText = (i: Inspection) => (i.findingsCount === 0 ? 'Aucune observation enregistrée'
  : `${i.findingsCount} observation${i.findingsCount > 1 ? 's' : ''}, ${i.openFindingsCount === 0 ? 'toutes levées' : `${i.openFindingsCount} à lever`}`)

export function InspectionCard({ asset, canEdit, canCreateOrder }: { asset: Asset; canEdit: boolean; canCreateOrder: boolean }) {
  const [recording, setRecording] = useState(false)
  const [finding, setFinding] = useState<Inspection | null>(null)
  const { inspectionState: state, inspectionDaysLeft: daysLeft, nextInspectionDueAt: dueAt, lastInspectionAt: lastAt } = asset
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="asset-inspection"
      style={state === 'OVERDUE' ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={2} fz="lg" id="asset-inspection">Contrôle technique (tous les cinq ans)</Title>
        <Group gap="xs">
          {state && <VisitStateBadge state={state} size="lg" />}
          {canEdit && <Button size="xs" variant="light" leftSection={<IconClipboardCheck size={16} />} onClick={() => setRecording(true)}>Enregistrer un contrôle</Button>}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Fact label="Dernier contrôle">
          <Text size="sm">{lastAt ? `${formatDate(lastAt)} · ${asset.inspectionBody}` : 'Aucun contrôle enregistré'}</Text>
        </Fact>
        {state && dueAt && daysLeft !== null
          ? (
            <>
              <Fact label="Prochain contrôle avant le"><Text size="sm">{formatDate(dueAt)}</Text></Fact>
              <Fact label="Délai">
                <Text size="sm" fw={state === 'UP_TO_DATE' ? undefined : 600} c={state === 'OVERDUE' ? 'red.8' : undefined}>{visitDaysText(daysLeft)}</Text>
              </Fact>
            </>
          )
          : <Text size="sm" c="dimmed">Hors contrat : l’échéance n’est pas suivie.</Text>}
      </SimpleGrid>
      {asset.inspections.length > 0 && (
        <Stack gap={0} mt="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Historique des contrôles techniques">
          {asset.inspections.map((i) => (
            <li key={i.id} style={{ borderTop: '1px solid var(--mantine-color-gray-2)', paddingBlock: 8 }}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>{formatDate(i.inspectedAt)} · {i.body}</Text>
                  <Text size="xs" c={i.openFindingsCount > 0 ? 'red.8' : 'dimmed'}>{findingsText(i)}</Text>
                  {i.notes && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{i.notes}</Text>}
                </Stack>
                {canCreateOrder && (
                  <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => setFinding(i)}
                    aria-label={`Nouvelle observation du contrôle du ${formatDate(i.inspectedAt)}`}>
                    Observation
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {recording && <InspectionFormModal assetId={asset.id} onClose={() => setRecording(false)} />}
      {finding && (
        <Suspense>
          <CreateWorkOrderModal opened onClose={() => setFinding(null)} finding={{ assetId: asset.id, inspectionId: finding.id, inspectedAt: finding.inspectedAt }} />
        </Suspense>
      )}
    </Card>
  )
}
