import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useCreateTaskTemplate, useUpdateTaskTemplate } from '../api/preventive'
import { periodicityLabel } from '../utils/periodicity'

type Template = Schemas['TaskTemplate']

/** Creates a task (template undefined) or edits one: label and periodicity. */
export function TemplateFormModal({ opened, onClose, template }: { opened: boolean; onClose: () => void; template?: Template }) {
  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Modifier la tâche' : 'Nouvelle tâche préventive'}
      closeButtonProps={{ 'aria-label': 'Fermer' }} centered>
      {opened && <TemplateForm template={template} onDone={onClose} />}
    </Modal>
  )
}

function TemplateForm({ template, onDone }: { template?: Template; onDone: () => void }) {
  const create = useCreateTaskTemplate()
  const update = useUpdateTaskTemplate()
  const form = useForm({
    initialValues: { label: template?.label ?? '', periodicityMonths: template?.periodicityMonths ?? 1 },
    validate: {
      label: (v) => (v.trim() === '' ? 'Saisissez l’intitulé de la tâche.' : v.trim().length > 120 ? '120 caractères au plus.' : null),
      periodicityMonths: (v) => (Number.isInteger(v) && v >= 1 && v <= 120 ? null : 'Entre 1 et 120 mois.'),
    },
  })
  const onError = (e: unknown) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) }
  const submit = form.onSubmit(({ label, periodicityMonths }) => {
    const body = { label: label.trim(), periodicityMonths }
    const done = (t: Template) => {
      notifications.show({ color: 'green', message: template ? `Tâche « ${t.label} » modifiée.` : `Tâche « ${t.label} » ajoutée.` })
      onDone()
    }
    if (template) update.mutate({ params: { path: { id: template.id } }, body }, { onSuccess: done, onError })
    else create.mutate({ body }, { onSuccess: done, onError })
  })
  const months = form.values.periodicityMonths
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Intitulé" required maxLength={120} data-autofocus {...form.getInputProps('label')} />
        <NumberInput label="Périodicité (en mois)" required min={1} max={120} allowDecimal={false} clampBehavior="strict"
          description={typeof months === 'number' && months >= 1 ? periodicityLabel(months) : 'De 1 (chaque visite) à 120 mois'}
          {...form.getInputProps('periodicityMonths')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending || update.isPending}>{template ? 'Enregistrer' : 'Ajouter'}</Button>
        </Group>
      </Stack>
    </form>
  )
}
