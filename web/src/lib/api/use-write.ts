// The one way the screens write: `useWrite(method, path, options)` is `$api.useMutation` that,
// once the write has succeeded, invalidates what write-refreshes.ts says it refreshes. Its
// errors reach the query client's mutation cache (app/query-client.ts), which shows the API's
// French message in a notification, or leaves it to the form's fields (`meta: { fieldErrors:
// true }`) or to the screen (`meta: { inlineError: true }`).
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { $api } from './client'
import type { PathWith } from './query-keys'
import { refreshesOf, writeRefreshes, type Write, type WriteMethod } from './write-refreshes'

/** Invalidates what `write` refreshes; resolves once the families on screen are read again. */
async function refresh(queryClient: QueryClient, write: Write): Promise<void> {
  await Promise.all(refreshesOf(write).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** The refresh of a write made without `useWrite` (an upload sent with its progress). */
export function useRefreshAfter(write: Write) {
  const queryClient = useQueryClient()
  return () => refresh(queryClient, write)
}

/**
 * `$api.useMutation` with the refresh of write-refreshes.ts. The hook's own `onSuccess` (a
 * screen storing the answer) runs first, then the refresh; the mutation stays pending until
 * the lists on screen are fresh, so that a dialog closes on an up-to-date page.
 */
export const useWrite: typeof $api.useMutation = (method, path, options, client) => {
  const queryClient = useQueryClient(client)
  const write = `${method as WriteMethod} ${path}` as Write
  // `$api.useMutation`'s type admits any method; a read sent as a write has no refresh to say.
  if (!(write in writeRefreshes)) throw new Error(`useWrite: ${write} is not a write of the contract`)
  return $api.useMutation(method, path, {
    ...options,
    onSuccess: async (...args) => {
      await options?.onSuccess?.(...args)
      await refresh(queryClient, write)
    },
  }, client)
}

/** The key of a write's mutations (`$api.useMutation`'s), to follow them with useMutationState or isMutating. */
export const writeKey = <M extends WriteMethod, P extends PathWith<M>>(method: M, path: P) => [method, path] as const
