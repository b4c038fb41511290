// The technician's day kept on the phone (issue 19 §1): the answers of the reads his work
// needs (his orders, each order's detail with its elevator, checklist, report and costs, the
// names of its documents, the report's coded values, who he is) are written to IndexedDB as
// they arrive, and put back in the query cache at start, before the first render. Without
// network, TanStack Query pauses the reads and the pages show these answers; with network
// they are stale and read again. Kept per person: another person's answers are never shown,
// and signing out forgets them.
import { hashKey, type Query, type QueryKey } from '@tanstack/react-query'
import { clear, createStore, entries, set, type UseStore } from 'idb-keyval'
import { queryClient } from './query-client'
import { client } from '@/lib/api/client'
import { forgetKeptDocuments } from '@/lib/api/kept-documents'
import { outbox } from '@/lib/api/outbox'
import { queryKeys } from '@/lib/api/query-keys'
import { flushOutbox } from '@/lib/api/use-write'
import { session } from '@/lib/auth/session'

/** The addresses whose answers are kept (every shape of their reads: plain, pages, first page). */
const KEPT_PATHS = new Set(['/users/me', '/work-orders', '/work-orders/{id}', '/documents', '/reference-values', '/parts'])

interface Kept { owner: string; key: QueryKey; data: unknown; at: number }

let store: UseStore | null = null
function db(): UseStore | null {
  if (!store && typeof indexedDB !== 'undefined') store = createStore('palier-offline', 'reads')
  return store
}

/** The person the session's token names (its `sub`), or null. */
export function sessionOwner(): string | null {
  const token = session.token()
  if (!token) return null
  try {
    return (JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string }).sub ?? null
  } catch {
    return null
  }
}

export const isKept = (key: QueryKey) => key[0] === 'get' && typeof key[1] === 'string' && KEPT_PATHS.has(key[1])

/** Puts the kept answers of the signed-in person back in the cache, then keeps the new ones. */
export async function restoreKeptReads(): Promise<void> {
  const s = db()
  if (!s) return
  const owner = sessionOwner()
  try {
    if (owner) {
      for (const [, kept] of await entries<string, Kept>(s)) {
        // Stale from the start: shown at once (offline, that is all there is), read again as
        // soon as a screen uses it online, since the office may have changed it meanwhile.
        if (kept.owner === owner) queryClient.setQueryData(kept.key, kept.data, { updatedAt: 0 })
      }
    }
  } catch { /* no IndexedDB (private mode): nothing kept */ }
  keepReads(s)
}

function keepReads(s: UseStore) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return
    const q: Query = event.query
    const owner = sessionOwner()
    if (!owner || !isKept(q.queryKey) || q.state.data === undefined) return
    void set(hashKey(q.queryKey), { owner, key: q.queryKey, data: q.state.data, at: q.state.dataUpdatedAt } satisfies Kept, s).catch(() => {})
  })
  session.subscribe(() => {
    if (!session.snapshot().signedOut) return
    void clear(s).catch(() => {})
    void forgetKeptDocuments()
  })
}

const FINISHED = new Set(['DONE', 'CANCELLED'])

/**
 * Reads the signed-in person's open orders (`mine`) and each one's detail, so that they are
 * kept before he walks into a basement: at start and whenever the network returns.
 */
export async function refreshDay(): Promise<void> {
  if (!sessionOwner() || !navigator.onLine) return
  const { data } = await client.GET('/work-orders', { params: { query: { mine: true, limit: 50 } } }).catch(() => ({ data: undefined }))
  for (const order of data?.workOrders ?? []) {
    if (FINISHED.has(order.status)) continue
    await queryClient.prefetchQuery({
      queryKey: queryKeys.workOrders.detail(order.id),
      queryFn: async () => (await client.GET('/work-orders/{id}', { params: { path: { id: order.id } } })).data,
    }).catch(() => {})
  }
  // The parts, for the picker of « Consommer une pièce » without network (the key of
  // features/work-orders' KEPT_PARTS_QUERY); refused without the PARTS view, then nothing kept.
  await queryClient.prefetchQuery({
    queryKey: queryKeys.parts.kept,
    queryFn: async () => (await client.GET('/parts', { params: { query: { limit: 200 } } })).data ?? null,
  }).catch(() => {})
}

/** Keeps the day fresh: a few seconds after start (the page first), and on each reconnection. */
export function keepDayFresh() {
  // The queued writes first, so that the day read again shows them.
  const sync = async () => {
    if (!navigator.onLine || !sessionOwner()) return
    await flushOutbox(queryClient)
    await refreshDay()
  }
  void outbox.load().then(() => setTimeout(() => void sync(), 1500))
  window.addEventListener('online', () => void sync())
}
