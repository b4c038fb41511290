import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'
import { session } from '@/lib/auth/session'

/** After any sign-in: keep the token, forget the previous person's data, go where the person
 * was headed (a page of this client only). */
export function useAfterSignIn() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const target = useReturnTarget()
  return (accessToken: string) => {
    queryClient.clear()
    session.signIn(accessToken)
    navigate(target, { replace: true })
  }
}

/** Where to go once signed in: the page remembered in `retour`, if it is one of ours. */
export function useReturnTarget(): string {
  const [params] = useSearchParams()
  const back = params.get('retour')
  return back && back.startsWith('/') && !back.startsWith('//') ? back : paths.home
}

export function useLogin() {
  const done = useAfterSignIn()
  return useWrite('post', '/auth/login', { meta: { fieldErrors: true }, onSuccess: (d) => done(d.accessToken) })
}

export function useDemoLogin() {
  const done = useAfterSignIn()
  return useWrite('post', '/auth/demo-login', { onSuccess: (d) => done(d.accessToken) })
}

export function useDemoAccounts() {
  // 404 when demo mode is off: the picker is simply not shown.
  return $api.useQuery('get', '/auth/demo-accounts', {}, { retry: false, staleTime: Infinity })
}

