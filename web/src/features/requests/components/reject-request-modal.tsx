import { Button, Group, Modal, Stack, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useRejectRequest } from '../api/requests'
import { RequestSummary } from './request-summary'

/** Closing a request without action needs a reason: the requester reads it (on the portal too). */
export function RejectRequestModal({ request, onClose }: { request: Schemas['RequestSummary'] | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)')
  const reject = useRejectRequest()
  const form = useForm({
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() ? null : 'Indiquez la raison : le demandeur la lira.') },
  })
  if (!request) return null

  function close() {
    form.reset()
    onClose()
  }
  const submit = form.onSubmit((v) => reject.mutate(
    { params: { path: { id: request.id } }, body: { reason: v.reason.trim() } },
    {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Demande ${request.reference} classée sans suite.` })
        close()
      },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
    },
  ))

  return (
    <Modal opened onClose={close} title="Classer sans suite" size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <RequestSummary request={request} />
          <Textarea label="Raison" description="Visible par le demandeur, et sur la page de suivi d’un signalement public."
            autosize minRows={3} maxLength={1000} required data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>Annuler</Button>
            <Button type="submit" color="red" loading={reject.isPending}>Classer sans suite</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
