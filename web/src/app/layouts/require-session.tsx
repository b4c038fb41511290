import { Center, Loader } from '@mantine/core'
import { Navigate, Outlet, useLocation } from 'react-router'
import { QueryState } from '@/components/query-state'
import { useMe } from '@/lib/auth/use-me'
import { useSession } from '@/lib/auth/use-session'
import { loginPath } from '@/config/paths'

/** Pages behind it need a session; without one (or once it expires) the login page opens,
 * remembering the page asked for. */
export function RequireSession() {
  const { token, signedOut } = useSession()
  const location = useLocation()
  if (!token) return <Navigate to={signedOut ? loginPath() : loginPath(location.pathname + location.search)} replace />
  return <WithMe />
}

function WithMe() {
  const query = useMe()
  if (query.error) return <Center h="100dvh" p="md"><QueryState query={query}>{() => null}</QueryState></Center>
  if (query.isPending || !query.me) return <Center h="100dvh"><Loader aria-label="Chargement" /></Center>
  return <Outlet />
}
