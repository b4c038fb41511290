import { Anchor, Button, Card, Center, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconArrowLeft, IconPencil } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { SectionCard } from '@/components/section-card'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { isNotFound } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { usePart } from '../api/parts'
import { Ledger } from '../components/ledger'
import { MovementForm } from '../components/movement-form'
import { BelowThresholdBadge, Price } from '../components/part-cells'
import { PartFormModal } from '../components/part-form-modal'

export function Component() {
  const { id = '' } = useParams()
  const part = usePart(id)
  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={paths.stock} size="sm" c="blue.9">
        <Group gap={4} component="span"><IconArrowLeft size={16} aria-hidden />Stock</Group>
      </Anchor>
      {isNotFound(part.error) ? (
        <EmptyState title="Pièce introuvable">Cette pièce n’existe pas.</EmptyState>
      ) : (
        <QueryState query={part}>{(detail) => (
          <Detail part={detail} more={part.hasNextPage ? { load: () => part.fetchNextPage(), loading: part.isFetchingNextPage } : null} />
        )}</QueryState>
      )}
    </Stack>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <div>{children}</div>
    </div>
  )
}

function Detail({ part, more }: { part: Schemas['PartDetail']; more: { load: () => unknown; loading: boolean } | null }) {
  const { can } = useMe()
  const [editing, edit] = useDisclosure()
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>{part.designation}</Title>
          <Text c="dimmed">{part.reference}</Text>
        </Stack>
        {can('PARTS', 'edit') && <Button variant="default" leftSection={<IconPencil size={16} />} onClick={edit.open}>Modifier</Button>}
      </Group>
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="En stock">
            <Group gap="xs"><Text fz={24} fw={700} data-testid="part-quantity">{part.quantity}</Text><BelowThresholdBadge below={part.belowThreshold} /></Group>
          </Fact>
          <Fact label="Seuil de réapprovisionnement"><Text>{part.reorderThreshold}</Text></Fact>
          <Fact label="Fournisseur"><Text>{part.supplier?.name ?? '—'}</Text></Fact>
          <Fact label="Dernier prix unitaire"><Price cents={part.lastUnitPriceCents} /></Fact>
        </SimpleGrid>
      </Card>
      {can('PARTS', 'edit') && (
        <SectionCard id="movement" title="Mouvement de stock"><MovementForm partId={part.id} /></SectionCard>
      )}
      <SectionCard id="ledger" title="Mouvements">
        <Ledger movements={part.movements} />
        {more && <Center mt="sm"><Button variant="default" onClick={more.load} loading={more.loading}>Charger plus</Button></Center>}
      </SectionCard>
      {editing && <PartFormModal opened part={part} onClose={edit.close} />}
    </>
  )
}
