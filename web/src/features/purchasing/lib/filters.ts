// The list's status filter lives in the address (?statut=SENT), so a link or a reload keeps it.
import type { Schemas } from '@/lib/api/client'

export type PurchaseOrderStatus = Schemas['PurchaseOrder']['status']
export const STATUSES: PurchaseOrderStatus[] = ['DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED']

export function parseStatus(params: URLSearchParams): PurchaseOrderStatus | undefined {
  const s = params.get('statut')
  return STATUSES.find((x) => x === s)
}

export function statusToParams(status: PurchaseOrderStatus | undefined): URLSearchParams {
  return new URLSearchParams(status ? { statut: status } : {})
}
