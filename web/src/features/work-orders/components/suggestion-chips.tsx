import { Button, Group, Text } from '@mantine/core'
import { formatScore, type Suggestion } from '../lib/suggestions'

/**
 * A field's suggested values under its picker: a tap chooses one (nothing is chosen without
 * it); the one the picker holds is shown pressed.
 */
export function SuggestionChips({ field, choices, value, onPick }: { field: string; choices: Suggestion[]; value: string | null; onPick: (id: string) => void }) {
  if (choices.length === 0) return null
  return (
    <Group gap={6} mt={6} role="group" aria-label={`Suggestions pour ${field.toLowerCase()}`}>
      {choices.map((s) => {
        const chosen = s.id === value
        return (
          <Button key={s.id} size="xs" radius="xl" mih={36} h="auto" py={4} variant={chosen ? 'filled' : 'light'} color={chosen ? 'blue' : 'gray'}
            aria-pressed={chosen} onClick={() => onPick(s.id)} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}>
            {s.label}{' '}<Text span inherit fw={400} ml={2}>{formatScore(s.score)}</Text>
          </Button>
        )
      })}
    </Group>
  )
}
