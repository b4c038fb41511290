import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { paths } from '@/config/paths'

export function Component() {
  return (
    <Center h="50dvh">
      <Stack align="center" gap="sm">
        <Title order={2}>Page introuvable</Title>
        <Text c="dimmed">Cette adresse ne correspond à aucune page de Palier.</Text>
        <Button component={Link} to={paths.home}>Retour au tableau de bord</Button>
      </Stack>
    </Center>
  )
}
