// Recording a technical inspection (updateAsset's `inspection`): its date, the approved body,
// the report among the elevator's documents (uploaded first in « Documents »), notes.
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core'
import { DatePickerInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { useId } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import dayjs from 'dayjs'
import { useDocuments } from '@/components/documents/api'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useUpdateAsset } from '../api/assets'
import { calendarAriaLabels } from './calendar-labels'
import { DATE_INPUT_FORMAT } from '@/lib/dates'

interface Values { inspectedAt: string | null; body: string; reportDocumentId: string | null; notes: string }

export function InspectionFormModal({ assetId, onClose }: { assetId: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Enregistrer un contrôle technique" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <InspectionForm assetId={assetId} onDone={onClose} />
    </Modal>
  )
}

function InspectionForm({ assetId, onDone }: { assetId: string; onDone: () => void }) {
  const update = useUpdateAsset()
  const documents = useDocuments({ assetId })
  const dateId = useId()
  const form = useForm<Values>({
    initialValues: { inspectedAt: null, body: '', reportDocumentId: null, notes: '' },
    validate: {
      inspectedAt: (v) => (v ? null : 'Indiquez la date du contrôle.'),
      body: (v) => (!v.trim() ? 'Indiquez l’organisme agréé.' : v.trim().length > 120 ? '120 caractères au plus.' : null),
      notes: (v) => (v.length > 2000 ? '2 000 caractères au plus.' : null),
    },
  })
  const submit = form.onSubmit((v) => {
    // The day chosen at noon (the same calendar day read anywhere in France), today at most now.
    const noon = dayjs(v.inspectedAt).hour(12)
    const inspection: NonNullable<Schemas['AssetUpdate']['inspection']> = { inspectedAt: (noon.isAfter(dayjs()) ? dayjs() : noon).toISOString(), body: v.body.trim() }
    if (v.reportDocumentId) inspection.reportDocumentId = v.reportDocumentId
    if (v.notes.trim()) inspection.notes = v.notes.trim()
    update.mutate({ params: { path: { id: assetId } }, body: { inspection } }, {
      onSuccess: () => { notifications.show({ color: 'green', message: 'Contrôle technique enregistré.' }); onDone() },
      onError: (e) => {
        if (!(e instanceof ApiError)) return
        // The API names the fields inside `inspection` (inspection.inspectedAt…).
        form.setErrors(Object.fromEntries(Object.entries(e.fieldErrors()).map(([k, m]) => [k.replace(/^inspection\./, ''), m])))
      },
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <DatePickerInput id={dateId} label="Date du contrôle" required valueFormat={DATE_INPUT_FORMAT} maxDate={dayjs().format('YYYY-MM-DD')}
          ariaLabels={calendarAriaLabels} data-autofocus {...form.getInputProps('inspectedAt')} />
        <TextInput label="Organisme agréé" placeholder="Bureau Veritas, Apave, Dekra, Socotec…" required maxLength={120} {...form.getInputProps('body')} />
        <Select label="Rapport" description="Un document de l’équipement, à déposer d’abord dans « Documents »" placeholder="Aucun" clearable
          data={(documents.data ?? []).map((d) => ({ value: d.id, label: d.fileName }))} clearButtonProps={{ 'aria-label': 'Retirer le rapport' }}
          {...form.getInputProps('reportDocumentId')} />
        <Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={update.isPending}>Enregistrer le contrôle</Button>
        </Group>
      </Stack>
    </form>
  )
}
