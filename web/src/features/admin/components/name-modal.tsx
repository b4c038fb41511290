import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { fieldErrorsTo } from '../utils/form-errors'

/** A one-field form (create or rename a category, a report value): `field` names the API's
 * body field so its errors land on the input. */
export function NameModal({ opened, title, label, initial = '', maxLength, field, submitLabel, loading, onSubmit, onClose }: {
  opened: boolean
  title: string
  label: string
  initial?: string
  maxLength: number
  field: 'name' | 'label'
  submitLabel: string
  loading: boolean
  onSubmit: (value: string, onError: (e: unknown) => void) => void
  onClose: () => void
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {opened && <NameForm {...{ label, initial, maxLength, field, submitLabel, loading, onSubmit, onClose }} />}
    </Modal>
  )
}

function NameForm({ label, initial, maxLength, field, submitLabel, loading, onSubmit, onClose }: {
  label: string; initial: string; maxLength: number; field: string; submitLabel: string; loading: boolean
  onSubmit: (value: string, onError: (e: unknown) => void) => void; onClose: () => void
}) {
  const form = useForm({
    initialValues: { [field]: initial } as Record<string, string>,
    validate: { [field]: (v: string) => (v.trim() === '' ? 'Ce champ est obligatoire.' : null) },
  })
  const submit = form.onSubmit((v) => {
    const value = v[field].trim()
    if (value === initial) return onClose()
    onSubmit(value, fieldErrorsTo(form))
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={label} required maxLength={maxLength} data-autofocus {...form.getInputProps(field)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Annuler</Button>
          <Button type="submit" loading={loading}>{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  )
}
