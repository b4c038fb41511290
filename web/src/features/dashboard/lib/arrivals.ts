// What the dashboard's refreshes announce (lib/alerts.ts): a new trapped-person report for
// whoever triages, an order newly assigned to a technician (« Personne bloquée » before all).
import type { Schemas } from '@/lib/api/client'
import type { Arrival } from '@/lib/alerts'
import { stillBlocked } from './counts'

type Order = Schemas['WorkOrder']
type Request = Schemas['RequestSummary']

const TRAPPED = 'Personne bloquée'

/** The desk: trapped-person requests waiting, and trapped orders opened directly (an order
 * made from a request was announced as that request already). */
export function triageArrivals(requests: readonly Request[], orders: readonly Order[]): Arrival[] {
  return [
    ...requests.filter((r) => r.personBlocked).map((r) => ({ id: r.id, label: TRAPPED, urgent: true })),
    ...orders.filter((o) => stillBlocked(o) && o.origin !== 'REQUEST').map((o) => ({ id: o.id, label: TRAPPED, urgent: true })),
  ]
}

/** A technician's unfinished orders assigned to him: each new one is an assignment. */
export function assignedArrivals(orders: readonly Order[], meId: string): Arrival[] {
  return orders.filter((o) => o.assignees.some((a) => a.id === meId)).map((o) => (stillBlocked(o)
    ? { id: o.id, label: TRAPPED, urgent: true }
    : { id: o.id, label: 'Nouvel ordre affecté' }))
}

/** Answered by the network in this page's life (not a reading put back from the phone). */
export const answered = (...queries: { data: unknown; dataUpdatedAt: number }[]) =>
  queries.every((q) => q.data !== undefined && q.dataUpdatedAt > 0)
