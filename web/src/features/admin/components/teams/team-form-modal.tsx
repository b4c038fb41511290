import { Button, Group, Modal, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { useCreateTeam, useUpdateTeam } from '../../api/teams'
import { useUsers } from '../../api/users'
import { changes, optional, orNull } from '../../utils/changes'
import { fieldErrorsTo } from '../../utils/form-errors'

type Team = Schemas['Team']

export function TeamFormModal({ opened, team, onClose }: { opened: boolean; team?: Team; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={team ? `Modifier ${team.name}` : 'Nouvelle équipe'}>
      {opened && <TeamForm team={team} onDone={onClose} />}
    </Modal>
  )
}

function TeamForm({ team, onDone }: { team?: Team; onDone: () => void }) {
  const users = useUsers()
  const create = useCreateTeam()
  const update = useUpdateTeam()
  const initial = { name: team?.name ?? '', description: team?.description ?? '', memberIds: team?.members.map((m) => m.id) ?? [] }
  const form = useForm({
    initialValues: initial,
    validate: { name: (v) => (v.trim() === '' ? 'Saisissez le nom de l’équipe.' : null) },
  })
  const done = (t: Team) => {
    notifications.show({ color: 'green', message: team ? `Équipe « ${t.name} » modifiée.` : `Équipe « ${t.name} » créée.` })
    onDone()
  }
  const submit = form.onSubmit((v) => {
    const onError = fieldErrorsTo(form, { memberIds: 'memberIds' })
    if (!team) {
      return create.mutate({ body: { name: v.name.trim(), description: optional(v.description), memberIds: v.memberIds } }, { onSuccess: done, onError })
    }
    const shape = (f: typeof v) => ({ name: f.name.trim(), description: orNull(f.description), memberIds: f.memberIds })
    const body = changes(shape(initial), shape(v))
    if (Object.keys(body).length === 0) return onDone()
    update.mutate({ params: { path: { id: team.id } }, body }, { onSuccess: done, onError })
  })
  // Members are chosen among everybody, a disabled account included (it stays listed in the team).
  const people = (users.data?.users ?? []).map((u) => ({ value: u.id, label: `${u.displayName} — ${u.role.name}` }))
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nom" required maxLength={80} data-autofocus {...form.getInputProps('name')} />
        <Textarea label="Description" maxLength={500} autosize minRows={2} {...form.getInputProps('description')} />
        <MultiSelect label="Membres" data={people} searchable clearable placeholder={users.isPending ? 'Chargement…' : form.values.memberIds.length ? undefined : 'Choisir des personnes'}
          nothingFoundMessage="Personne ne correspond" comboboxProps={{ withinPortal: true }} {...form.getInputProps('memberIds')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending || update.isPending}>{team ? 'Enregistrer' : 'Créer l’équipe'}</Button>
        </Group>
      </Stack>
    </form>
  )
}
