import { Alert, Group, Stack, Text, Textarea } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { MAX_NOTES } from '../lib/dictation'

const count = new Intl.NumberFormat('fr-FR')

/** The report's free notes: a large field with its count of characters, and the hint that dictated text is to be read again. */
export function NotesField({ value, onChange, error, actions, dictated, dictationError }: {
  value: string
  onChange: (v: string) => void
  error?: ReactNode
  actions?: ReactNode
  dictated: boolean
  dictationError: string | null
}) {
  const over = value.length > MAX_NOTES
  return (
    <Stack gap={6}>
      <Textarea
        label="Notes" autosize minRows={3} maxRows={12} maxLength={MAX_NOTES} error={error}
        description="Ce qui a été constaté et fait, en clair. Lues par l’assistant une fois l’ordre terminé (les noms et coordonnées en sont retirés)."
        value={value} onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Text size="xs" c={over ? 'red.8' : 'dimmed'} ta="right" mt={-2}>{count.format(value.length)} / {count.format(MAX_NOTES)} caractères</Text>
      {actions && <Group gap="xs">{actions}</Group>}
      {dictated && (
        <Alert color="yellow" variant="light" p="xs" title="Transcription à relire" styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}>
          Le texte dicté a été ajouté aux notes : relisez-le et corrigez-le avant d’enregistrer.
        </Alert>
      )}
      {dictationError && <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} />}>{dictationError}</Alert>}
    </Stack>
  )
}
