import { Alert, Button } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { errorMessage } from '@/lib/api/errors'
import { PageLoader } from './page-loader'

/** Loading and error states of a query, the same everywhere; renders children once loaded. */
export function QueryState<T>({ query, children }: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown }
  children: (data: T) => ReactNode
}) {
  if (query.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Chargement impossible">
        {errorMessage(query.error)}
        <div><Button mt="sm" size="xs" variant="light" color="red" onClick={() => query.refetch()}>Réessayer</Button></div>
      </Alert>
    )
  }
  if (query.isPending || query.data === undefined) return <PageLoader />
  return <>{children(query.data)}</>
}
