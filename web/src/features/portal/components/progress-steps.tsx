import { Group, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCircleDot, IconCircle } from '@tabler/icons-react'
import type { Step } from '../lib/progress'
import { formatDateTime } from '@/lib/dates'

const ICON = { done: IconCheck, current: IconCircleDot, upcoming: IconCircle }
const COLOR = { done: 'green', current: 'blue', upcoming: 'gray' }
const STATE_TEXT = { done: 'étape franchie', current: 'étape en cours', upcoming: 'étape à venir' }

/** Reçu → Pris en charge → Technicien sur place → Résolu, as an ordered list (read in order by a
 * screen reader), each reached step with its time. */
export function ProgressSteps({ steps }: { steps: Step[] }) {
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Avancement">
      {steps.map((s, i) => {
        const Icon = ICON[s.state]
        return (
          <Group key={s.key} component="li" align="flex-start" wrap="nowrap" gap="md" aria-current={s.state === 'current' ? 'step' : undefined}>
            <Stack align="center" gap={0}>
              <ThemeIcon size={40} radius="xl" color={COLOR[s.state]} variant={s.state === 'upcoming' ? 'light' : 'filled'}>
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              {i < steps.length - 1 && <div style={{ width: 2, height: 28, background: `var(--mantine-color-${s.state === 'done' ? 'green-6' : 'gray-4'})` }} />}
            </Stack>
            <Stack gap={0} pt={6} pb="sm">
              <Text fw={700} fz="lg" c={s.state === 'upcoming' ? 'dimmed' : undefined}>
                {s.label}<VisuallyHidden> ({STATE_TEXT[s.state]})</VisuallyHidden>
              </Text>
              {s.state !== 'upcoming' && s.at && <Text size="sm" fw={500}>{formatDateTime(s.at)}</Text>}
              {s.state !== 'upcoming' && <Text size="sm" c="dimmed">{s.text}</Text>}
            </Stack>
          </Group>
        )
      })}
    </Stack>
  )
}
