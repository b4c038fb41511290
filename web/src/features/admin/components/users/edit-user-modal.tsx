import { Button, Group, Modal, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useUpdateUser } from '../../api/users'
import { fieldErrorsTo } from '../../utils/form-errors'
import { RATE_FIELD, updateBody, userToForm, userValidation, type UserFormValues } from './user-form'
import { UserFields } from './user-fields'

export function EditUserModal({ user, onClose }: { user: Schemas['UserAdmin'] | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} size="lg" centered closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={user ? `Modifier ${user.displayName}` : ''}>
      {user && <EditUserForm user={user} onDone={onClose} />}
    </Modal>
  )
}

function EditUserForm({ user, onDone }: { user: Schemas['UserAdmin']; onDone: () => void }) {
  const { me, can } = useMe()
  const update = useUpdateUser()
  const form = useForm<UserFormValues>({ initialValues: userToForm(user), validate: { ...userValidation, email: () => null } })
  const submit = form.onSubmit((v) => {
    const body = updateBody(user, v, can('LOCATIONS', 'view'))
    if (Object.keys(body).length === 0) return onDone()
    update.mutate({ params: { path: { id: user.id } }, body }, {
      onSuccess: (u) => { notifications.show({ color: 'green', message: `${u.displayName} : modifications enregistrées.` }); onDone() },
      onError: fieldErrorsTo(form, RATE_FIELD),
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <UserFields form={form} mode="edit" self={me?.id === user.id} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={update.isPending}>Enregistrer</Button>
        </Group>
      </Stack>
    </form>
  )
}
