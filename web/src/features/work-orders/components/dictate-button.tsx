import { Button, Group, Text } from '@mantine/core'
import { useInterval } from '@mantine/hooks'
import { IconMicrophone, IconPlayerStopFilled } from '@tabler/icons-react'
import { useState } from 'react'
import type { useDictation } from './use-dictation'

/** « Dicter », then « Arrêter » with the time recorded; « Transcription… » while the text comes. */
export function DictateButton({ dictation, disabled }: { dictation: ReturnType<typeof useDictation>; disabled?: boolean }) {
  if (dictation.state === 'recording') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button color="red" mih={44} leftSection={<IconPlayerStopFilled size={16} aria-hidden />} onClick={dictation.stop}>Arrêter</Button>
        <Elapsed since={dictation.startedAt} />
      </Group>
    )
  }
  return (
    <Button variant="light" mih={44} leftSection={<IconMicrophone size={18} aria-hidden />} onClick={() => void dictation.start()}
      loading={dictation.state === 'sending'} disabled={disabled}>
      Dicter
    </Button>
  )
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now())
  useInterval(() => setNow(Date.now()), 500, { autoInvoke: true })
  const s = Math.max(0, Math.floor((now - since) / 1000))
  return <Text size="sm" c="red.8" role="status">Enregistrement… {Math.floor(s / 60)}:{String(s % 60).padStart(2, '0')}</Text>
}
