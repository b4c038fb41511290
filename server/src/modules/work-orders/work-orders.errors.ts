// The work-order errors, French messages for people, stable codes for clients.
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { STATUS_LABELS, type WorkOrderStatus } from './work-orders.states.ts'

export const notFoundOrder = () => notFound('Ordre de travail introuvable.')
export const unknownItem = () => notFound('Tâche introuvable sur cet ordre de travail.')
export const unknownAsset = () =>
  badRequest('UNKNOWN_ASSET', undefined, [{ field: 'assetId', message: 'équipement inconnu ou hors de vos sites' }])
export const unknownInspection = () =>
  badRequest('UNKNOWN_INSPECTION', undefined, [{ field: 'inspectionId', message: 'contrôle technique inconnu pour cet équipement' }])
export const invalidAssignee = () => badRequest(
  'INVALID_ASSIGNEE',
  undefined,
  [{ field: 'assigneeIds', message: 'intervenant non valide' }],
)

export { CLOCK_SKEW_MS } from './work-orders.times-rules.ts'

export const orderClosed = () => conflict('WORK_ORDER_CLOSED')
export const reasonRequired = () =>
  badRequest('REASON_REQUIRED', 'Indiquez le motif de l’annulation.', [{ field: 'reason', message: 'motif obligatoire pour annuler' }])
export const transitionNotAllowed = (from: WorkOrderStatus, to: WorkOrderStatus) =>
  conflict('TRANSITION_NOT_ALLOWED', `Un ordre de travail « ${STATUS_LABELS[from]} » ne peut pas passer à « ${STATUS_LABELS[to]} ».`)
