import { Alert } from '@mantine/core'
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react'
import { ApiError, errorMessage } from '@/lib/api/errors'

/** The question could not be asked: the service's generation down (503), or another error, in the API's words. */
export function AskError({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.status === 503) {
    return (
      <Alert color="orange" icon={<IconPlugConnectedX />} title="Le service d’IA ne répond pas" styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}>
        {errorMessage(error)} Réessayez dans un instant.
      </Alert>
    )
  }
  return <Alert color="red" icon={<IconAlertTriangle />} title="La question n’a pas abouti">{errorMessage(error)}</Alert>
}
