import { useWrite } from '@/lib/api/use-write'
import { useAfterSignIn } from './sign-in'

/** activateAccount answers a session (AuthResponse): the person is signed in at once. */
export function useActivate() {
  const done = useAfterSignIn()
  return useWrite('post', '/auth/activate', { meta: { fieldErrors: true }, onSuccess: (d) => done(d.accessToken) })
}
