import { Alert, Button, Chip, Group, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useEffect } from 'react'
import type { Schemas } from '@/lib/api/client'
import { BlockedToggle } from './blocked-toggle'

// One tap for what guardians report most; the text stays editable.
const COMMON = ['L’ascenseur ne répond plus', 'Porte bloquée', 'Arrêt entre deux étages', 'Bruit anormal', 'Éclairage en panne', 'Bouton d’appel cassé']

export function ReportForm({ reference, pending, error, onSend }: {
  reference: string
  pending: boolean
  error: { message: string; fieldErrors: () => Record<string, string> } | null
  onSend: (body: Schemas['PortalRequestCreate']) => void
}) {
  const form = useForm({
    initialValues: { personBlocked: false, description: '', contactName: '', contactPhone: '' },
    // Someone trapped needs no typed text: the switch says it all, and every second counts.
    validate: { description: (v, values) => (v.trim() || values.personBlocked ? null : 'Décrivez ce que vous constatez.') },
  })
  const { setErrors, clearFieldError } = form
  const blocked = form.values.personBlocked
  useEffect(() => { if (blocked) clearFieldError('description') }, [blocked, clearFieldError])
  const fieldErrors = error?.fieldErrors() ?? {}
  const hasFieldErrors = Object.keys(fieldErrors).length > 0
  useEffect(() => { if (error) setErrors(error.fieldErrors()) }, [error, setErrors])

  // Optional fields (the description too, for a trapped person): absent rather than empty.
  const submit = form.onSubmit((v) => onSend({
    reference,
    personBlocked: v.personBlocked,
    ...(v.description.trim() ? { description: v.description.trim() } : {}),
    ...(v.contactName.trim() ? { contactName: v.contactName.trim() } : {}),
    ...(v.contactPhone.trim() ? { contactPhone: v.contactPhone.trim() } : {}),
  }))

  return (
    <form onSubmit={submit} noValidate aria-label="Signaler une panne">
      <Stack gap="md">
        <BlockedToggle checked={form.values.personBlocked} onChange={(v) => form.setFieldValue('personBlocked', v)} />
        <Stack gap={6}>
          <Textarea label="Que se passe-t-il ?" placeholder="Décrivez la panne en quelques mots" size="lg" autosize minRows={3}
            maxLength={2000} required={!blocked} description={blocked ? 'Facultatif : vous pouvez envoyer tout de suite.' : undefined}
            {...form.getInputProps('description')} />
          <Group gap={6} role="group" aria-label="Pannes fréquentes">
            {COMMON.map((c) => (
              <Chip key={c} size="md" checked={form.values.description === c} variant="outline" styles={{ label: { height: 44, paddingInline: 14 }, iconWrapper: { display: 'none' } }}
                onChange={() => form.setFieldValue('description', c)}>{c}</Chip>
            ))}
          </Group>
        </Stack>
        <Text fw={600} mt="xs">Pour vous rappeler (facultatif)</Text>
        <TextInput label="Votre nom" size="lg" maxLength={120} autoComplete="name" {...form.getInputProps('contactName')} />
        <TextInput label="Votre téléphone" size="lg" type="tel" maxLength={40} autoComplete="tel" inputMode="tel" {...form.getInputProps('contactPhone')} />
        {error && !hasFieldErrors && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert" title="Signalement non envoyé">{error.message}</Alert>
        )}
        <Button type="submit" size="xl" fullWidth loading={pending} color={blocked ? 'red' : undefined}>
          Envoyer le signalement
        </Button>
      </Stack>
    </form>
  )
}
