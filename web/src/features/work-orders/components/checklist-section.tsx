import { Badge, Box, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconCheck, IconCircleDashed, IconMinus } from '@tabler/icons-react'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { useTickChecklist } from '../api/work-orders'
import { checklistProgress, nextChecklistStatus } from '../lib/checklist'
import { formatDateTime } from '../lib/format'
import { checklistStatusLabel, type ChecklistStatus } from '../labels'

type Item = Schemas['ChecklistItem']

const LOOK: Record<ChecklistStatus, { color: string; icon: typeof IconCheck }> = {
  TODO: { color: 'gray', icon: IconCircleDashed },
  DONE: { color: 'green', icon: IconCheck },
  NA: { color: 'gray', icon: IconMinus },
}

/** The checklist: one tap moves an item à faire → Fait → Sans objet → à faire. */
export function ChecklistSection({ orderId, items, editable }: { orderId: string; items: Item[]; editable: boolean }) {
  if (items.length === 0) return null
  const { settled, total } = checklistProgress(items)
  return (
    <SectionCard id="checklist" title="Liste de contrôle" aside={<Badge variant="light" color={settled === total ? 'green' : 'gray'} c="gray.9" size="lg">{settled}/{total}</Badge>}>
      {editable && <Text id="checklist-hint" size="sm" c="dimmed" mb="xs">Touchez une tâche pour la passer à Fait, puis Sans objet, puis à faire.</Text>}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tâches de la liste de contrôle">
        {items.map((item) => (
          <li key={item.id} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: item.status === 'DONE' ? 'var(--mantine-color-green-0)' : undefined }}>
            {editable ? <TickableItem orderId={orderId} item={item} /> : <Box px="sm" py={8}><ItemLine item={item} /></Box>}
            <UpdatedBy item={item} />
          </li>
        ))}
      </Stack>
    </SectionCard>
  )
}

/** The whole line is the button, named by its label and status ("Essai téléalarme Fait"). */
function TickableItem({ orderId, item }: { orderId: string; item: Item }) {
  const tick = useTickChecklist(orderId, item.id)
  const next = nextChecklistStatus(item.status)
  return (
    <UnstyledButton w="100%" mih={52} px="sm" py={8} aria-describedby="checklist-hint"
      onClick={() => tick.mutate({ params: { path: { id: orderId, itemId: item.id } }, body: { status: next } })}>
      <ItemLine item={item} />
    </UnstyledButton>
  )
}

function ItemLine({ item }: { item: Item }) {
  const look = LOOK[item.status]
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <ThemeIcon color={look.color} variant={item.status === 'DONE' ? 'filled' : 'light'} radius="xl" size={30} aria-hidden>
        <look.icon size={18} />
      </ThemeIcon>
      <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} td={item.status === 'NA' ? 'line-through' : undefined}>{item.label}</Text>
      <Badge variant={item.status === 'DONE' ? 'light' : 'outline'} color={item.status === 'DONE' ? 'green' : 'gray.7'} c="gray.9" style={{ flexShrink: 0 }}>
        {checklistStatusLabel[item.status]}
      </Badge>
    </Group>
  )
}

function UpdatedBy({ item }: { item: Item }) {
  if (!item.updatedBy || !item.updatedAt || item.status === 'TODO') return null
  return <Text size="xs" c="dimmed" pl={54} pr="sm" pb={6} mt={-6}>{item.updatedBy.displayName}, {formatDateTime(item.updatedAt)}</Text>
}
