// The checklist is worked with one tap per item: à faire → Fait → Sans objet → à faire.
import type { Schemas } from '@/lib/api/client'
import type { ChecklistStatus } from '../labels'

const CYCLE: Record<ChecklistStatus, ChecklistStatus> = { TODO: 'DONE', DONE: 'NA', NA: 'TODO' }

export function nextChecklistStatus(status: ChecklistStatus): ChecklistStatus {
  return CYCLE[status]
}

/** Items settled (done or not applicable) out of all, for the section's counter. */
export function checklistProgress(items: Pick<Schemas['ChecklistItem'], 'status'>[]): { settled: number; total: number; todo: number } {
  const todo = items.filter((i) => i.status === 'TODO').length
  return { settled: items.length - todo, total: items.length, todo }
}

/** The detail with one item's status replaced (the optimistic view while the tap is sent). */
export function withItemStatus<T extends { checklist: Schemas['ChecklistItem'][] }>(detail: T, itemId: string, status: ChecklistStatus): T {
  return { ...detail, checklist: detail.checklist.map((i) => (i.id === itemId ? { ...i, status } : i)) }
}
