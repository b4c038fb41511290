import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import type { KeyboardEvent } from 'react'
import { EXAMPLE_QUESTIONS, MAX_QUESTION } from '../labels'

/**
 * The question box, phone first: a large field, « Demander » under it at full width on a
 * phone. Enter asks, Shift+Enter goes to the line. While nothing has been asked, examples
 * ask with one tap.
 */
export function QuestionForm({ value, onChange, onAsk, pending, showExamples }: {
  value: string
  onChange: (v: string) => void
  onAsk: (question: string) => void
  pending: boolean
  showExamples: boolean
}) {
  const question = value.trim()
  const ask = () => { if (question && !pending) onAsk(question) }
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) { e.preventDefault(); ask() }
  }
  return (
    <form onSubmit={(e) => { e.preventDefault(); ask() }} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Votre question" size="md" autosize minRows={3} maxRows={8} maxLength={MAX_QUESTION}
          placeholder="Ex. : quel entrefer pour le frein de cette machine ?"
          description="Entrée pour demander, Maj+Entrée pour aller à la ligne."
          value={value} onChange={(e) => onChange(e.currentTarget.value)} onKeyDown={onKeyDown} enterKeyHint="send"
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={pending} disabled={!question} leftSection={<IconSend size={18} />}
            w={{ base: '100%', xs: 'auto' }}>
            Demander
          </Button>
        </Group>
        {showExamples && (
          <Stack gap={6}>
            <Text size="sm" c="dimmed" id="examples-title">Exemples de questions</Text>
            <Group gap="xs" role="list" aria-labelledby="examples-title">
              {EXAMPLE_QUESTIONS.map((q) => (
                <div role="listitem" key={q}>
                  <Button variant="light" radius="xl" size="sm" mih={40} styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                    h="auto" py={8} disabled={pending} onClick={() => { onChange(q); onAsk(q) }}>
                    {q}
                  </Button>
                </div>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
    </form>
  )
}
