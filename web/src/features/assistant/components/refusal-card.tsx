import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconMessageQuestion } from '@tabler/icons-react'
import type { Asked } from '../lib/history'
import { refusalOf } from '../lib/refusal'
import { AskedLine } from './answer-card'

/** An honest refusal: said plainly and calmly (not an error), with the terms no source holds. */
export function RefusalCard({ asked }: { asked: Asked }) {
  const refusal = refusalOf(asked.answer)
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="answer-title" bg="gray.0">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="gray" size={36} radius="xl"><IconMessageQuestion size={20} aria-hidden /></ThemeIcon>
          <Title order={2} fz="lg" id="answer-title">{refusal.title}</Title>
        </Group>
        <AskedLine asked={asked} />
        <Text style={{ overflowWrap: 'anywhere' }}>{refusal.text}</Text>
        {refusal.missingTerms.length > 0 && (
          <Group gap={6} align="center">
            <Text size="sm" c="dimmed" id="missing-terms">Non trouvé dans les sources :</Text>
            <Group gap={6} role="list" aria-labelledby="missing-terms">
              {refusal.missingTerms.map((t) => <Badge key={t} role="listitem" variant="outline" color="gray.7" tt="none" size="lg">{t}</Badge>)}
            </Group>
          </Group>
        )}
        {refusal.hint && <Text size="sm" c="dimmed">{refusal.hint}</Text>}
      </Stack>
    </Card>
  )
}
