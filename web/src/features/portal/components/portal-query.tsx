import { Alert, Button } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { PageLoader } from '@/components/page-loader'
import { errorMessage, isNotFound } from '@/lib/api/errors'

/** A portal read: loading, « introuvable » for a 404 (said in the page's own words), any other
 * error (a 429 included) in the API's words. */
export function PortalQuery<T>({ query, notFound, children }: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown; isFetching: boolean }
  /** Shown for a 404, given the API's message. */
  notFound: (message: string) => ReactNode
  children: (data: T) => ReactNode
}) {
  if (isNotFound(query.error)) return <>{notFound((query.error as Error).message)}</>
  if (query.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Page indisponible" role="alert">
        {errorMessage(query.error)}
        <div><Button mt="sm" variant="light" color="red" onClick={() => query.refetch()} loading={query.isFetching}>Réessayer</Button></div>
      </Alert>
    )
  }
  if (query.isPending || query.data === undefined) return <PageLoader />
  return <>{children(query.data)}</>
}
