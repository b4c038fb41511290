import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { priorityLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { useApproveRequest, useAssetSite, useUsers } from '../api/requests'
import { assigneeGroups } from '../lib/assignees'
import { RequestSummary } from './request-summary'

type Priority = Schemas['RequestApprove']['priority'] & string
const PRIORITIES = (['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const).map((p) => ({ value: p, label: priorityLabel[p] }))

/** Approving creates the work order (OPEN) with a priority and the people who will do it. */
export function ApproveRequestModal({ request, onClose }: { request: Schemas['RequestSummary'] | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)')
  const { can } = useMe()
  const opened = request !== null
  // Listing people needs the right to see others; without it the order is assigned later.
  const mayList = can('PEOPLE_TEAMS', 'viewOther')
  const users = useUsers(opened && mayList)
  const site = useAssetSite(request?.asset.id ?? '', opened && mayList && can('ASSETS', 'view'))
  const approve = useApproveRequest()
  const form = useForm({ initialValues: { priority: 'NORMAL' as Priority, assigneeIds: [] as string[] } })
  const { setValues } = form
  useEffect(() => {
    if (request) setValues({ priority: request.personBlocked ? 'URGENT' : 'NORMAL', assigneeIds: [] })
  }, [request, setValues])

  if (!request) return null
  const groups = assigneeGroups(users.data?.users ?? [], site.data ?? null)

  const submit = form.onSubmit((v) => approve.mutate(
    { params: { path: { id: request.id } }, body: { priority: v.priority, assigneeIds: v.assigneeIds } },
    {
      onSuccess: (order) => {
        notifications.show({ color: 'green', message: `Demande ${request.reference} acceptée : ordre de travail ${order.reference} créé.` })
        onClose()
      },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
    },
  ))

  return (
    <Modal opened={opened} onClose={onClose} title="Accepter la demande" size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <RequestSummary request={request} />
          <Text size="sm">Un ordre de travail de dépannage est créé sur cet ascenseur.</Text>
          <Select label="Priorité" data={PRIORITIES} allowDeselect={false} disabled={request.personBlocked}
            description={request.personBlocked ? 'Une personne est bloquée : l’ordre est toujours urgent.' : undefined}
            comboboxProps={{ withinPortal: true }} {...form.getInputProps('priority')} />
          {mayList
            ? (
              <MultiSelect label="Intervenants" placeholder={form.values.assigneeIds.length ? undefined : 'Choisir un ou plusieurs techniciens'}
                data={groups} searchable clearable maxValues={20} disabled={users.isPending}
                nothingFoundMessage="Personne ne correspond" comboboxProps={{ withinPortal: true }}
                description="Les personnes qui peuvent travailler sur les ordres et intervenir sur ce site."
                {...form.getInputProps('assigneeIds')} />
            )
            : <Alert color="blue">Les intervenants pourront être affectés depuis l’ordre de travail.</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Annuler</Button>
            <Button type="submit" loading={approve.isPending}>Accepter et créer l’ordre</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
