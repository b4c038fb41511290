// French labels of the API's enums, in one place (states, priorities, kinds, roles).
import type { Schemas } from '@/lib/api/client'

type WorkOrder = Schemas['WorkOrder']
type Request = Schemas['RequestSummary']

export const workOrderStatusLabel: Record<WorkOrder['status'], string> = {
  OPEN: 'Ouvert', IN_PROGRESS: 'En cours', ON_HOLD: 'En attente', DONE: 'Terminé', CANCELLED: 'Annulé',
}
export const workOrderStatusColor: Record<WorkOrder['status'], string> = {
  OPEN: 'blue', IN_PROGRESS: 'orange', ON_HOLD: 'yellow', DONE: 'green', CANCELLED: 'gray',
}
export const priorityLabel: Record<WorkOrder['priority'], string> = {
  LOW: 'Basse', NORMAL: 'Normale', HIGH: 'Haute', URGENT: 'Urgente',
}
export const priorityColor: Record<WorkOrder['priority'], string> = {
  LOW: 'gray', NORMAL: 'blue', HIGH: 'orange', URGENT: 'red',
}
export const workOrderTypeLabel: Record<WorkOrder['type'], string> = {
  CORRECTIVE: 'Dépannage', PREVENTIVE: 'Préventif',
}
export const requestStatusLabel: Record<Request['status'], string> = {
  PENDING: 'En attente', APPROVED: 'Acceptée', REJECTED: 'Sans suite',
}
export const requestStatusColor: Record<Request['status'], string> = {
  PENDING: 'yellow', APPROVED: 'green', REJECTED: 'gray',
}
export const purchaseOrderStatusLabel: Record<Schemas['PurchaseOrder']['status'], string> = {
  DRAFT: 'Brouillon', SENT: 'Envoyé', PARTIALLY_RECEIVED: 'Partiellement reçu', RECEIVED: 'Reçu', CANCELLED: 'Annulé',
}
export const purchaseOrderStatusColor: Record<Schemas['PurchaseOrder']['status'], string> = {
  DRAFT: 'gray', SENT: 'blue', PARTIALLY_RECEIVED: 'orange', RECEIVED: 'green', CANCELLED: 'red',
}
export const documentKindLabel: Record<Schemas['Document']['kind'], string> = {
  MANUAL: 'Notice', WIRING_DIAGRAM: 'Schéma électrique', PHOTO: 'Photo', REPORT: 'Rapport', CERTIFICATE: 'Certificat', OTHER: 'Autre',
}
// Elevators' states: shown by the assets pages and by the search box.
export const assetStatusLabel: Record<Schemas['Asset']['status'], string> = {
  IN_SERVICE: 'En service', OUT_OF_SERVICE: 'Hors service', UNDER_MAINTENANCE: 'En maintenance',
}
export const assetStatusColor: Record<Schemas['Asset']['status'], string> = {
  IN_SERVICE: 'green', OUT_OF_SERVICE: 'red', UNDER_MAINTENANCE: 'orange',
}

// Visits at most six weeks apart (docs/compliance.md): AssetDetail.visitState.
export type VisitState = NonNullable<Schemas['AssetDetail']['visitState']>
export const visitStateLabel: Record<VisitState, string> = {
  UP_TO_DATE: 'À jour', DUE_SOON: 'Bientôt dû', OVERDUE: 'En retard',
}
export const visitStateColor: Record<VisitState, string> = {
  UP_TO_DATE: 'green', DUE_SOON: 'orange', OVERDUE: 'red',
}

// Where a work order comes from (WorkOrder.origin, docs/compliance.md).
export const workOrderOriginLabel: Record<Schemas['WorkOrder']['origin'], string> = {
  MANUAL: 'Saisie directe', REQUEST: 'Demande d’intervention', PREVENTIVE: 'Maintenance préventive',
  INSPECTION_FINDING: 'Observation du contrôle technique',
}
