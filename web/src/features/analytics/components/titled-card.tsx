import { Card, Group, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { DefinitionButton, type Definition } from './definition'

/** A titled section of the page with how its figures are made (ⓘ): the lists' and the charts' frame. */
export function TitledCard({ title, definitions, children }: { title: string; definitions: Definition[]; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs" mb="xs">
        <Title order={2} fz="lg">{title}</Title>
        <DefinitionButton subject={title} definitions={definitions} />
      </Group>
      {children}
    </Card>
  )
}
