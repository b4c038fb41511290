import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { forwardRef, type ComponentPropsWithoutRef } from 'react'
import type { useMe } from '@/lib/auth/use-me'

type Me = ReturnType<typeof useMe>['me']

/** « Mon compte » in the header: the initials (decorative) and, from small tablets up, the name and role. */
export const AccountButton = forwardRef<HTMLButtonElement, { me: Me } & ComponentPropsWithoutRef<'button'>>(function AccountButton({ me, ...rest }, ref) {
  const initials = me?.displayName.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase()
  return (
    // Named by its visible text (axe: label-content-name-mismatch), the initials decorative.
    <UnstyledButton ref={ref} {...rest}>
      <VisuallyHidden>Mon compte</VisuallyHidden>
      <Group gap="xs" wrap="nowrap">
        <Avatar color="blue" variant="filled" radius="xl" size="md" aria-hidden>{initials}</Avatar>
        <div style={{ lineHeight: 1.1 }}>
          <Text size="sm" fw={600} visibleFrom="xs">{me?.displayName}</Text>
          <Text size="xs" c="dimmed" visibleFrom="xs">{me?.role.name}</Text>
        </div>
      </Group>
    </UnstyledButton>
  )
})
