import { Box, Container, Group, Text } from '@mantine/core'
import { IconElevator } from '@tabler/icons-react'
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageLoader } from '@/components/page-loader'

/** The portal's frame: the Palier name and nothing to sign in to. Phone first (a QR code is
 * scanned on a landing, in front of the elevator). */
export function Component() {
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size={560} py="sm">
          <Group gap="xs">
            <IconElevator size={26} color="var(--mantine-color-blue-8)" aria-hidden />
            <Text fw={700} fz="lg" c="blue.8">Palier</Text>
            <Text size="sm" c="dimmed">· Maintenance des ascenseurs</Text>
          </Group>
        </Container>
      </Box>
      <Container component="main" size={560} py="md" px="md" w="100%" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}><Outlet /></Suspense>
      </Container>
      <Container component="footer" size={560} pb="md" w="100%">
        <Text size="xs" c="dimmed" ta="center">
          En cas de danger immédiat, appelez le 112. Ce service ne remplace pas le bouton d’alarme de la cabine.
        </Text>
      </Container>
    </Box>
  )
}
