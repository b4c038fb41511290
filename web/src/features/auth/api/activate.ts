import { $api } from '@/lib/api/client'
import { useAfterSignIn } from './sign-in'

/** activateAccount answers a session (AuthResponse): the person is signed in at once. */
export function useActivate() {
  const done = useAfterSignIn()
  return $api.useMutation('post', '/auth/activate', { meta: { fieldErrors: true }, onSuccess: (d) => done(d.accessToken) })
}
