import { Button, Group, Text, VisuallyHidden } from '@mantine/core'
import { IconElevator, IconX } from '@tabler/icons-react'

/**
 * The elevator the questions are about (the address's `assetId`): a chip that a tap removes
 * (then the questions are about every elevator). The whole chip is the button, a thumb's size.
 */
export function AssetChip({ reference, onRemove }: { reference: string | null; onRemove: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">Sur l’ascenseur</Text>
      <Button variant="light" radius="xl" mih={40} onClick={onRemove}
        leftSection={<IconElevator size={16} aria-hidden />} rightSection={<IconX size={16} aria-hidden />}>
        {reference ?? 'choisi'}
        <VisuallyHidden> : retirer, pour demander sur tous les ascenseurs</VisuallyHidden>
      </Button>
    </Group>
  )
}
