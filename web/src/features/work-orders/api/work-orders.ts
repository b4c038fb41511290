// Query and mutation hooks of the work-order screens, on the typed client. The detail's
// mutations answer the whole detail: it replaces the cached one (no refetch), and the lists
// are refreshed as write-refreshes.ts says.
import { useNetwork } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { wroteHere } from '@/lib/alerts'
import { $api, type Schemas } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { queryKeys } from '@/lib/api/query-keys'
import { useWrite, writeKey } from '@/lib/api/use-write'
import type { QueueSpec } from '@/lib/api/outbox'
import { withItemStatus } from '../lib/checklist'
import { pendingLabels, withBlockers, withComment, withReport, withTransition } from '../lib/offline'
import type { WorkOrderFilters } from '../lib/filters'

type Detail = Schemas['WorkOrderDetail']

/** A page fills a phone screen a few times over; more on demand ("Charger plus"). */
const PAGE_SIZE = 30

/** Reads itself again every 30 s while on screen (a technician's list, a dispatcher's triage). */
export function useWorkOrderList(filters: WorkOrderFilters) {
  return useCursorList('/work-orders', { query: { ...filters, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.workOrders), { live: true })
}

export function useWorkOrder(id: string) {
  return $api.useQuery('get', '/work-orders/{id}', { params: { path: { id } } })
}

type OnOrder = { params: { path: { id: string } } }

/**
 * How a write on an order waits for the network (lib/api/outbox.ts): its words, the order it
 * belongs to, and the cached detail with the change applied, shown until it is sent.
 */
function useQueue() {
  const queryClient = useQueryClient()
  const cached = (id: string) => queryClient.getQueryData<Detail>(queryKeys.workOrders.detail(id))
  return {
    values: () => queryClient.getQueriesData<Schemas['ReferenceValuesResponse']>({ queryKey: queryKeys.referenceValues.all })
      .flatMap(([, d]) => d?.fields.flatMap((f) => f.values) ?? []),
    cached,
    /** The signed-in person, as a comment's author (lib/auth/use-me.ts keeps it). */
    me: (): Schemas['WorkOrderPerson'] | null => {
      const me = queryClient.getQueryData<{ me: Schemas['MeResponse'] }>(queryKeys.users.me)?.me
      return me ? { id: me.id, displayName: me.displayName } : null
    },
    /** A part's reference and name from the lists the picker read (« Pièce consommée : … »). */
    part: (id: string): string | undefined => {
      for (const [, d] of queryClient.getQueriesData<{ parts?: { id: string; reference: string; designation: string }[] }>({ queryKey: queryKeys.parts.lists })) {
        const p = d?.parts?.find((x) => x.id === id)
        if (p) return `${p.reference} ${p.designation}`
      }
      return undefined
    },
    spec<V extends OnOrder, D = Detail>(label: (v: V) => string, apply: (d: Detail, v: V) => D, text?: (v: V) => string | undefined): QueueSpec<V, D> {
      return {
        label, text,
        group: (v) => v.params.path.id,
        refresh: (v) => queryKeys.workOrders.detail(v.params.path.id),
        optimistic: (v) => {
          const d = cached(v.params.path.id)
          if (!d) throw new Error('Cet ordre n’est pas gardé sur l’appareil : reconnectez-vous pour le modifier.')
          return apply(d, v)
        },
      }
    },
  }
}

/** After a write answering the detail: show it at once. */
function useStoreDetail() {
  const queryClient = useQueryClient()
  return (detail: Detail) => { queryClient.setQueryData<Detail>(queryKeys.workOrders.detail(detail.id), detail) }
}

export function useTransition() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['TransitionRequest'] }>((v) => pendingLabels.transition(v.body.to), (d, v) => withTransition(d, v.body.to), (v) => v.body.reason ?? undefined)
  return useWrite('post', '/work-orders/{id}/transition', { meta: { fieldErrors: true, queue }, onSuccess: store })
}

export function useSaveReport() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['ReportUpsert'] }>(() => pendingLabels.report, (d, v) => withReport(d, v.body, q.values()), (v) => v.body.notes ?? undefined)
  return useWrite('put', '/work-orders/{id}/report', { meta: { fieldErrors: true, queue }, onSuccess: store })
}

export function useComment() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['CommentCreate'] }>(() => pendingLabels.comment, (d, v) => withComment(d, v.body.body, q.me()), (v) => v.body.body)
  return useWrite('post', '/work-orders/{id}/comments', { meta: { fieldErrors: true, queue }, onSuccess: store })
}

export function useSetAssignees() {
  const store = useStoreDetail()
  return useWrite('put', '/work-orders/{id}/assignees', { onSuccess: (detail) => { wroteHere(detail.id); store(detail) } })
}

export function useCreateWorkOrder() {
  const store = useStoreDetail()
  return useWrite('post', '/work-orders', { meta: { fieldErrors: true }, onSuccess: (detail) => { wroteHere(detail.id); store(detail) } })
}

const CHECKLIST = writeKey('patch', '/work-orders/{id}/checklist/{itemId}')

/**
 * One tap on a checklist item: shown at once, sent in the background. Taps on one item run
 * one after the other (scope), so the server ends on the last status tapped; the detail is
 * refetched (blockers, log) once no tap is still on its way, and on failure.
 */
export function useTickChecklist(orderId: string, itemId: string) {
  const queryClient = useQueryClient()
  const key = queryKeys.workOrders.detail(orderId)
  const q = useQueue()
  type V = { params: { path: { id: string; itemId: string } }; body: Schemas['ChecklistPatch'] }
  const queue = q.spec<V, Schemas['ChecklistItem']>(
    (v) => pendingLabels.checklist(q.cached(orderId)?.checklist.find((i) => i.id === v.params.path.itemId)?.label ?? '', v.body.status),
    (d, v) => ({ ...d.checklist.find((i) => i.id === v.params.path.itemId)!, status: v.body.status }),
  )
  return useWrite(...CHECKLIST, {
    scope: { id: `checklist:${itemId}` },
    meta: { queue },
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<Detail>(key, (d) => (d ? withBlockers(withItemStatus(d, itemId, vars.body.status)) : d))
    },
    onSettled: (_data, error) => {
      if (error || queryClient.isMutating({ mutationKey: [...CHECKLIST] }) <= 1) void queryClient.invalidateQueries({ queryKey: key })
    },
  })
}

/** A part taken from stock for the order: the answer is the detail with its new cost line. */
export function useConsumePart() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['ConsumePart'] }>((v) => pendingLabels.part(q.part(v.body.partId), v.body.quantity), (d) => d)
  return useWrite('post', '/work-orders/{id}/consume-part', { meta: { fieldErrors: true, queue }, onSuccess: store })
}

export function useAddLaborTime() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['LaborTimeCreate'] }>((v) => pendingLabels.labor(v.body.minutes), (d) => d)
  return useWrite('post', '/work-orders/{id}/labor', { meta: { fieldErrors: true, queue }, onSuccess: store })
}

/** The parts kept on the phone for the picker without network (app/kept-reads.ts reads them). */
export const KEPT_PARTS_QUERY = { limit: 200 } as const

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * Parts matching what the technician types, for the part picker (PARTS view). Without network
 * the search is made on the phone, in the parts kept with his day, as the API would make it
 * (reference or designation, case- and accent-insensitive).
 */
export function usePartOptions(q: string, enabled: boolean) {
  const { online } = useNetwork()
  const search = $api.useQuery('get', '/parts', { params: { query: { q: q.trim() || undefined, limit: 20 } } }, {
    enabled: enabled && online, staleTime: 15_000, placeholderData: (prev) => prev,
  })
  const kept = $api.useQuery('get', '/parts', { params: { query: KEPT_PARTS_QUERY } }, { enabled: false })
  if (online || !kept.data) return search
  const words = fold(q.trim())
  const parts = kept.data.parts.filter((p) => fold(`${p.reference} ${p.designation}`).includes(words)).slice(0, 20)
  return { ...search, data: { ...kept.data, parts } }
}

/** A breakdown time tapped or corrected (ReportUpsert's `times`); a refusal shows the API's message. */
export function useRecordTimes() {
  const store = useStoreDetail()
  const q = useQueue()
  const queue = q.spec<OnOrder & { body: Schemas['ReportUpsert'] }>((v) => pendingLabels.times(v.body.times), (d, v) => withReport(d, v.body, []))
  return useWrite('put', '/work-orders/{id}/report', { meta: { queue }, onSuccess: store })
}
