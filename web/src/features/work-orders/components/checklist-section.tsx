import { Badge, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconCheck, IconCircleDashed, IconMinus } from '@tabler/icons-react'
import type { Schemas } from '@/lib/api/client'
import { useTickChecklist } from '../api/work-orders'
import { checklistProgress, nextChecklistStatus } from '../lib/checklist'
import { formatDateTime } from '../lib/format'
import { checklistStatusLabel, type ChecklistStatus } from '../labels'
import { SectionCard } from './section-card'

type Item = Schemas['ChecklistItem']

const LOOK: Record<ChecklistStatus, { color: string; icon: typeof IconCheck }> = {
  TODO: { color: 'gray', icon: IconCircleDashed },
  DONE: { color: 'green', icon: IconCheck },
  NA: { color: 'gray', icon: IconMinus },
}

/** The checklist: one tap moves an item à faire → Fait → N-A → à faire. */
export function ChecklistSection({ orderId, items, editable }: { orderId: string; items: Item[]; editable: boolean }) {
  if (items.length === 0) return null
  const { settled, total } = checklistProgress(items)
  return (
    <SectionCard id="checklist" title="Liste de contrôle" aside={<Badge variant="light" color={settled === total ? 'green' : 'gray'} size="lg">{settled}/{total}</Badge>}>
      {editable && <Text size="sm" c="dimmed" mb="xs">Touchez une tâche pour la passer à Fait, puis N-A, puis à faire.</Text>}
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Tâches de la liste de contrôle">
        {items.map((item) => (
          <li key={item.id}>{editable ? <TickableItem orderId={orderId} item={item} /> : <ItemLine item={item} />}</li>
        ))}
      </Stack>
    </SectionCard>
  )
}

function TickableItem({ orderId, item }: { orderId: string; item: Item }) {
  const tick = useTickChecklist(orderId, item.id)
  const next = nextChecklistStatus(item.status)
  return (
    <UnstyledButton w="100%" mih={52} px="sm" py={8} aria-label={`${item.label} — ${checklistStatusLabel[item.status]}`}
      title={`Passer à « ${checklistStatusLabel[next]} »`}
      onClick={() => tick.mutate({ params: { path: { id: orderId, itemId: item.id } }, body: { status: next } })}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: item.status === 'DONE' ? 'var(--mantine-color-green-0)' : undefined }}>
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
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} td={item.status === 'NA' ? 'line-through' : undefined}>{item.label}</Text>
        {item.updatedBy && item.updatedAt && item.status !== 'TODO' && (
          <Text size="xs" c="dimmed">{item.updatedBy.displayName}, {formatDateTime(item.updatedAt)}</Text>
        )}
      </div>
      <Badge variant={item.status === 'DONE' ? 'filled' : 'outline'} color={item.status === 'DONE' ? 'green.8' : 'gray.7'} style={{ flexShrink: 0 }}>
        {checklistStatusLabel[item.status]}
      </Badge>
    </Group>
  )
}
