import { Alert, Button } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { errorMessage, isNotFound } from '@/lib/api/errors'
import { EmptyState } from './empty-state'
import { PageLoader } from './page-loader'

/** Loading and error states of a query, the same everywhere; renders children once loaded. */
export function QueryState<T>({ query, children, notFound = 'Élément introuvable' }: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown; fetchStatus?: string }
  children: (data: T) => ReactNode
  /** Title shown when the address names nothing the caller can read (no retry offered). */
  notFound?: string
}) {
  if (isNotFound(query.error)) {
    return <EmptyState title={notFound}>Cette adresse ne mène à rien, ou vous n’y avez pas accès.</EmptyState>
  }
  if (query.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Chargement impossible">
        {errorMessage(query.error)}
        <div><Button mt="sm" size="xs" variant="light" color="red" onClick={() => query.refetch()}>Réessayer</Button></div>
      </Alert>
    )
  }
  // Without network the read waits (TanStack Query pauses it) and nothing was kept on the phone
  // for it (app/kept-reads.ts): say so rather than turn forever.
  if (query.data === undefined && query.fetchStatus === 'paused') {
    return <EmptyState title="Pas de réseau">Ces informations s’afficheront au retour du réseau.</EmptyState>
  }
  if (query.isPending || query.data === undefined) return <PageLoader />
  return <>{children(query.data)}</>
}
