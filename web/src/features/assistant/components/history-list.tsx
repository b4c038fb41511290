import { Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import type { Asked } from '../lib/history'

/** The session's questions, newest first (kept on this page only): a tap shows that answer again. */
export function HistoryList({ history, shownId, onShow }: { history: Asked[]; shownId: number | null; onShow: (id: number) => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="history-title">
      <Title order={2} fz="lg" id="history-title" mb="xs">Questions de la session</Title>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {history.map((h) => {
          const current = h.id === shownId
          return (
            <li key={h.id}>
              <UnstyledButton onClick={() => onShow(h.id)} aria-current={current ? 'true' : undefined} w="100%" mih={44} px="xs" py={6}
                style={{ borderRadius: 8, background: current ? 'var(--mantine-color-blue-0)' : undefined }}>
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>{h.question}</Text>
                <Group gap={6} mt={2}>
                  {h.answer.answered
                    ? <Badge size="sm" variant="light" color="green" c="gray.9">Répondu</Badge>
                    : <Badge size="sm" variant="light" color="gray" c="gray.9">Sans réponse</Badge>}
                  {h.asset && <Text size="xs" c="dimmed">{h.asset.reference}</Text>}
                </Group>
              </UnstyledButton>
            </li>
          )
        })}
      </Stack>
    </Card>
  )
}
