import { Button, Group, Modal, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useInviteUser } from '../../api/users'
import { fieldErrorsTo } from '../../utils/form-errors'
import { ActivationLink } from './activation-link'
import { emptyUser, invitationBody, RATE_FIELD, userValidation, type UserFormValues } from './user-form'
import { UserFields } from './user-fields'

/** Invites a person, then shows the activation link to copy. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser()
  const close = () => { invite.reset(); onClose() }
  return (
    <Modal opened={opened} onClose={close} size="lg" centered closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={invite.data ? 'Invitation créée' : 'Inviter une personne'}>
      {opened && (invite.data ? <ActivationLink invitation={invite.data} onClose={close} /> : <InviteForm invite={invite} onCancel={close} />)}
    </Modal>
  )
}

function InviteForm({ invite, onCancel }: { invite: ReturnType<typeof useInviteUser>; onCancel: () => void }) {
  const form = useForm<UserFormValues>({ initialValues: emptyUser, validate: userValidation })
  const submit = form.onSubmit((v) => invite.mutate({ body: invitationBody(v) }, { onError: fieldErrorsTo(form, RATE_FIELD) }))
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <UserFields form={form} mode="invite" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>Annuler</Button>
          <Button type="submit" loading={invite.isPending}>Inviter</Button>
        </Group>
      </Stack>
    </form>
  )
}
