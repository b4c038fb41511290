import { ActionIcon, Popover, Stack, Text } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

export interface Definition { term: string; text: ReactNode }

/** How a figure is counted, one click (or tap: a phone has no hover) away from it. */
export function DefinitionButton({ subject, definitions }: { subject: string; definitions: Definition[] }) {
  return (
    // trapFocus: the definition takes the focus, so Escape closes it and the focus comes back.
    // The button is 44 px: a finger (a glove) hits it on a phone.
    <Popover width={300} position="bottom-end" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Définition : ${subject}`}>
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Définition : ${subject}`}>
        <Stack gap={8}>
          {definitions.map((d) => (
            <div key={d.term}>
              <Text size="sm" fw={600}>{d.term}</Text>
              <Text size="sm">{d.text}</Text>
            </div>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
