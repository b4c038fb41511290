import { Button, Center, Stack, Text, Title } from '@mantine/core'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { errorMessage } from '@/lib/api/errors'

export function RouteError() {
  const error = useRouteError()
  const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error)
  return (
    <Center h="60dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={2}>Cette page n’a pas pu s’afficher</Title>
        <Text c="dimmed">{text}</Text>
        <Button onClick={() => window.location.reload()}>Recharger la page</Button>
      </Stack>
    </Center>
  )
}
