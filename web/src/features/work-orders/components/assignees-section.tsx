import { Avatar, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { usePeople } from '../api/options'
import { useSetAssignees } from '../api/work-orders'

type Person = Schemas['WorkOrderPerson']
const initials = (name: string) => name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase()

export function AssigneesSection({ orderId, assignees, canAssign, phone }: { orderId: string; assignees: Person[]; canAssign: boolean; phone: boolean }) {
  const [editing, { open, close }] = useDisclosure(false)
  return (
    <SectionCard id="assignees" title="Intervenants"
      aside={canAssign && <Button size="xs" variant="light" onClick={open} aria-label="Modifier les intervenants">Modifier</Button>}>
      {assignees.length === 0 ? <Text size="sm" c="dimmed">Non attribué</Text> : (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {assignees.map((p) => (
            <Group component="li" key={p.id} gap="xs" wrap="nowrap">
              <Avatar size="sm" radius="xl" color="blue" aria-hidden>{initials(p.displayName)}</Avatar>
              <Text size="sm">{p.displayName}</Text>
            </Group>
          ))}
        </Stack>
      )}
      <Modal opened={editing} onClose={close} title="Intervenants" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Fermer' }}>
        {editing && <AssigneesForm orderId={orderId} current={assignees} onDone={close} />}
      </Modal>
    </SectionCard>
  )
}

function AssigneesForm({ orderId, current, onDone }: { orderId: string; current: Person[]; onDone: () => void }) {
  const people = usePeople()
  const save = useSetAssignees()
  const [ids, setIds] = useState(current.map((p) => p.id))
  // Someone assigned but no longer listed (disabled since) stays selectable to keep or remove.
  const data = (people.data ?? []).map((u) => ({ value: u.id, label: `${u.displayName} (${u.role.name})` }))
  for (const p of current) if (!data.some((d) => d.value === p.id)) data.push({ value: p.id, label: p.displayName })
  return (
    <Stack>
      <MultiSelect label="Personnes attribuées" placeholder={ids.length ? undefined : 'Personne'} searchable data={data} value={ids} onChange={setIds}
        nothingFoundMessage="Personne" clearable clearButtonProps={{ 'aria-label': 'Retirer tout le monde' }} maxValues={20} />
      <Text size="xs" c="dimmed">Seules les personnes dont le rôle permet de travailler sur les ordres et qui ont accès au site peuvent être retenues.</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>Retour</Button>
        <Button loading={save.isPending} onClick={() => save.mutate({ params: { path: { id: orderId } }, body: { assigneeIds: ids } }, { onSuccess: onDone })}>
          Enregistrer les intervenants
        </Button>
      </Group>
    </Stack>
  )
}
