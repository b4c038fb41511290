import { Alert, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useInterval } from '@mantine/hooks'
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react'
import { useState } from 'react'
import type { Schemas } from '@/lib/api/client'
import { errorMessage } from '@/lib/api/errors'
import { useLatestReindex, useReindex } from '../api/assistant'
import { formatElapsed, reindexFigures } from '../utils/reindex'
import { formatDateTime } from '@/lib/dates'

/**
 * « Réindexer l’assistant » (reindexAssistant, SETTINGS edit): one synchronous call that may
 * last minutes — an indeterminate bar with the seconds elapsed meanwhile, then the counts.
 */
export function ReindexCard() {
  const reindex = useReindex()
  const run = useLatestReindex()
  const running = run?.status === 'pending'
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reindex-title" maw={820}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id="reindex-title">Réindexer l’assistant</Title>
        <Text size="sm" c="dimmed">
          L’assistant répond à partir des documents PDF qu’il a le droit de lire et des rapports des ordres terminés. La réindexation
          relit tout, anonymise les textes (courriels, téléphones, noms des personnes) et bascule à la fin : en attendant, les questions
          reçoivent les réponses de l’index précédent. Elle peut durer plusieurs minutes. Les rapports des ordres terminés depuis
          sont ajoutés d’eux-mêmes dans la minute ; réindexez après avoir ajouté des documents (un document retiré du corpus n’est plus cité dès son retrait).
        </Text>
        <Group>
          <Button leftSection={<IconRefresh size={18} />} mih={44} loading={running} onClick={() => reindex.mutate({})}>
            Réindexer l’assistant
          </Button>
        </Group>
        {running && <Running since={run.submittedAt} />}
        {run?.status === 'error' && (
          <Alert color="red" icon={<IconAlertTriangle />} title="La réindexation a échoué">{errorMessage(run.error)}</Alert>
        )}
        {run?.status === 'success' && run.data && <ReindexSummary result={run.data} />}
      </Stack>
    </Card>
  )
}

function Running({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now())
  useInterval(() => setNow(Date.now()), 1000, { autoInvoke: true })
  const elapsed = formatElapsed((now - since) / 1000)
  return (
    <Stack gap={6}>
      {/* No value: how long it will last is not known (aria-valuenow absent = indeterminate). */}
      <Progress.Root size="lg" role="progressbar" aria-label="Réindexation en cours" aria-valuetext={`${elapsed} écoulées`}>
        <Progress.Section value={100} animated withAria={false} />
      </Progress.Root>
      <Text size="sm" role="status">Réindexation en cours… {elapsed}</Text>
    </Stack>
  )
}

function ReindexSummary({ result }: { result: Schemas['ReindexResult'] }) {
  return (
    <Stack gap="sm" role="status">
      {result.joined && (
        <Alert color="blue" icon={<IconInfoCircle />}>Une réindexation était déjà en cours : voici son résultat.</Alert>
      )}
      <Text size="sm" fw={600}>Index n°{result.generation} en service depuis le {formatDateTime(result.finishedAt)}.</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" component="dl" m={0} aria-label="Résultat de la réindexation">
        {reindexFigures(result).map((f) => (
          <div key={f.label} style={f.wide ? { gridColumn: '1 / -1' } : undefined}>
            <Text component="dt" size="xs" c="dimmed">{f.label}</Text>
            <Text component="dd" size="sm" fw={600} m={0}>{f.value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
