import { Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconQrcode } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/** An unknown elevator or report: said plainly, with what to check. */
export function NotFoundPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray"><IconQrcode size={30} /></ThemeIcon>
      <Title order={1} fz={24}>{title}</Title>
      <Text c="dimmed" maw={420}>{children}</Text>
    </Stack>
  )
}
