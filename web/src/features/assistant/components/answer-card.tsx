import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { answerSentences } from '../lib/highlight'
import type { Asked } from '../lib/history'
import { CitationItem } from './citation-item'

/** An answer and its sources, best first; the first source's excerpt shown open. */
export function AnswerCard({ asked }: { asked: Asked }) {
  const { answer } = asked
  const sentences = answerSentences(answer.answer)
  const n = answer.citations.length
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="answer-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id="answer-title">Réponse</Title>
          <Badge variant="light" color="green" c="gray.9">{answer.mode === 'GENERATED' ? 'Rédigée d’après les sources' : 'Tirée des sources'}</Badge>
        </Group>
        <AskedLine asked={asked} />
        <Stack gap={6}>
          {answer.answer.split(/\n+/).filter((l) => l.trim()).map((line, i) => (
            <Text key={i} style={{ overflowWrap: 'anywhere' }}>{line}</Text>
          ))}
        </Stack>
        <div>
          <Title order={3} fz="md" id="sources-title">{n > 1 ? `Sources (${n})` : 'Source'}</Title>
          <Stack gap={0} component="ol" aria-labelledby="sources-title" p={0} m={0} mt="xs" style={{ listStyle: 'none' }}>
            {answer.citations.map((c, i) => (
              <CitationItem key={`${c.documentId ?? c.workOrderId}-${c.page ?? ''}-${i}`} citation={c} sentences={sentences} initiallyOpen={i === 0} />
            ))}
          </Stack>
        </div>
      </Stack>
    </Card>
  )
}

/** The question the card answers, and the elevator it was about. */
export function AskedLine({ asked }: { asked: Asked }) {
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      « {asked.question} »{asked.asset ? ` — ${asked.asset.reference}` : ''}
    </Text>
  )
}
