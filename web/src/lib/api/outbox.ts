// The writes a technician makes without network (issue 19 §1): each is queued on the phone
// (IndexedDB) with its own Idempotency-Key, shown « en attente d’envoi », and sent in order
// when the network returns. The API answers a replay of a key with its first answer, so a
// change whose answer was lost on the way back is never made twice. A refusal (the order was
// cancelled or reassigned meanwhile, the stock no longer fits…) stays in the queue with the
// API's message and the text that was typed, until the person dismisses it.
import { createStore, get, set, type UseStore } from 'idb-keyval'
import { client } from './client'
import { ApiError } from './errors'

export interface QueuedWrite {
  /** Also the Idempotency-Key it is sent with. */
  id: string
  method: 'post' | 'put' | 'patch'
  path: string
  init: { params?: { path?: Record<string, string> }; body?: unknown }
  /** What the person did, in French (« Commentaire », « Case cochée : … »). */
  label: string
  /** The text the person typed, kept to be shown again when the write is refused. */
  text?: string
  /** The record the write belongs to (the work order's id): its page lists it. */
  group: string
  /** The query key of that record, read again once the write is sent or refused. */
  refresh?: readonly unknown[]
  state: 'pending' | 'refused'
  /** The API's message when refused. */
  message?: string
  at: number
}

/** How a queued write is described, and what the screen shows until it is sent. */
export interface QueueSpec<V = any, D = any> {
  label(vars: V): string
  group(vars: V): string
  text?(vars: V): string | undefined
  refresh?(vars: V): readonly unknown[]
  /** The answer shown meanwhile (the cached record with the change applied). */
  optimistic(vars: V): D
}

let queue: QueuedWrite[] = []
const listeners = new Set<() => void>()
let store: UseStore | null = null
const db = () => (store ??= typeof indexedDB === 'undefined' ? null : createStore('palier-outbox', 'writes'))

function changed() {
  queue = [...queue]
  const s = db()
  if (s) void set('queue', queue, s).catch(() => {})
  for (const l of listeners) l()
}

/** A failure to reach the service at all (no network), as opposed to an answer. */
export const isNetworkFailure = (e: unknown) => e instanceof TypeError

type Send = (path: string, init: QueuedWrite['init'] & { headers: Record<string, string> }) => Promise<{ data?: unknown }>

/** Sends one write with its key; throws ApiError on an error answer, TypeError without network. */
export async function sendWrite(w: Pick<QueuedWrite, 'id' | 'method' | 'path' | 'init'>): Promise<unknown> {
  const fn = (client as unknown as Record<string, Send>)[w.method.toUpperCase()]
  const { data } = await fn(w.path, { ...w.init, headers: { 'Idempotency-Key': w.id } })
  return data
}

let flushing: Promise<void> | null = null

export const outbox = {
  list: (): QueuedWrite[] => queue,
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => { listeners.delete(l) }
  },
  /** Reads the queue kept on the phone (at start). */
  async load(): Promise<void> {
    const s = db()
    if (!s) return
    try { queue = (await get<QueuedWrite[]>('queue', s)) ?? [] } catch { queue = [] }
    for (const l of listeners) l()
  },
  hasPending: () => queue.some((w) => w.state === 'pending'),
  add(w: QueuedWrite) {
    queue.push(w)
    changed()
  },
  dismiss(id: string) {
    queue = queue.filter((w) => w.id !== id)
    changed()
  },
  /**
   * Sends the pending writes in order. Stops at the first that cannot reach the service (or a
   * 5xx: tried again later); a refusal is kept with its message and the next ones go on.
   */
  flush(onSent: (w: QueuedWrite, answer: unknown) => Promise<void> | void): Promise<void> {
    // Assigned before it can settle: a queue with nothing to send must not leave a settled
    // promise behind that every later flush would return.
    if (flushing) return flushing
    const run = async () => {
      for (const w of queue.filter((x) => x.state === 'pending')) {
        try {
          const answer = await sendWrite(w)
          queue = queue.filter((x) => x.id !== w.id)
          changed()
          await onSent(w, answer)
        } catch (e) {
          if (!(e instanceof ApiError) || e.status >= 500 || e.status === 401 || e.status === 429) break
          queue = queue.map((x) => (x.id === w.id ? { ...x, state: 'refused' as const, message: e.message } : x))
          changed()
        }
      }
    }
    flushing = run().finally(() => { flushing = null })
    return flushing
  },
}
