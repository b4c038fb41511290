import { Card, Group, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { DefinitionButton, type Definition } from './definition'

export interface Detail { label: string; value: string }

/** One indicator: its name, the figure, a few figures under it, and how each is counted. */
export function FigureCard({ title, value, details = [], definitions, footnote }: {
  title: string
  value: string
  details?: Detail[]
  definitions: Definition[]
  footnote?: ReactNode
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text size="sm" c="dimmed" fw={500}>{title}</Text>
        <DefinitionButton subject={title} definitions={definitions} />
      </Group>
      <Text fz={30} fw={700} lh={1.2} data-testid="figure">{value}</Text>
      {details.length > 0 && (
        <dl style={{ margin: '8px 0 0' }}>
          {details.map((d) => (
            <Group key={d.label} component="div" justify="space-between" wrap="nowrap" gap="xs" py={2}>
              <Text component="dt" size="sm" c="dimmed">{d.label}</Text>
              <Text component="dd" size="sm" fw={600} m={0} style={{ whiteSpace: 'nowrap' }}>{d.value}</Text>
            </Group>
          ))}
        </dl>
      )}
      {footnote && <Text size="xs" c="dimmed" mt={6}>{footnote}</Text>}
    </Card>
  )
}
