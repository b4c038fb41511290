// The one way the screens write: `useWrite(method, path, options)` is `$api.useMutation` that,
// once the write has succeeded, invalidates what write-refreshes.ts says it refreshes. Its
// errors reach the query client's mutation cache (app/query-client.ts), which shows the API's
// French message in a notification, or leaves it to the form's fields (`meta: { fieldErrors:
// true }`) or to the screen (`meta: { inlineError: true }`).
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { $api } from './client'
import type { PathWith } from './query-keys'
import { outbox, sendWrite, isNetworkFailure, type QueuedWrite } from './outbox'
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
  const queue = options?.meta?.queue
  return $api.useMutation(method, path, {
    ...options,
    // A write that may wait for the network (meta.queue): sent with an Idempotency-Key; without
    // network, or behind writes still waiting, queued (outbox.ts) and answered by `optimistic`.
    ...(queue ? {
      networkMode: 'always' as const,
      mutationFn: async (init: unknown) => {
        const w = { id: crypto.randomUUID(), method: method as 'post' | 'put' | 'patch', path: path as string, init: (init ?? {}) as never }
        if (navigator.onLine && !outbox.hasPending()) {
          try {
            return await sendWrite(w) as never
          } catch (e) {
            if (!isNetworkFailure(e)) throw e
          }
        }
        outbox.add({ ...w, label: queue.label(init), group: queue.group(init), refresh: queue.refresh?.(init), text: queue.text?.(init), state: 'pending', at: Date.now() })
        return queue.optimistic(init) as never
      },
    } : {}),
    onSuccess: async (...args) => {
      await options?.onSuccess?.(...args)
      await refresh(queryClient, write)
    },
  }, client)
}

/** The key of a write's mutations (`$api.useMutation`'s), to follow them with useMutationState or isMutating. */
export const writeKey = <M extends WriteMethod, P extends PathWith<M>>(method: M, path: P) => [method, path] as const

/**
 * Sends the queued writes (outbox.ts) in order, then refreshes what each refreshes and the
 * record it names: at start and whenever the network returns (app/kept-reads.ts).
 */
export async function flushOutbox(queryClient: QueryClient): Promise<void> {
  const sent: QueuedWrite[] = []
  await outbox.flush((w) => { sent.push(w) })
  const writes = new Set(sent.map((w) => `${w.method} ${w.path}` as Write))
  await Promise.all([
    ...[...writes].filter((w) => w in writeRefreshes).map((w) => refresh(queryClient, w)),
    ...outbox.list().concat(sent).flatMap((w) => (w.refresh ? [queryClient.invalidateQueries({ queryKey: w.refresh })] : [])),
  ])
}
