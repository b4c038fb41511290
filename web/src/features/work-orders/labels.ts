// French labels of the work-order screens (the shared enum labels live in config/labels.ts).
import type { Schemas } from '@/lib/api/client'

export type ChecklistStatus = Schemas['ChecklistItem']['status']
export type ReportField = Schemas['ReferenceField']['field']
export type EventKind = Schemas['WorkOrderEvent']['kind']
export type WorkOrderStatus = Schemas['WorkOrder']['status']

export const checklistStatusLabel: Record<ChecklistStatus, string> = { TODO: 'À faire', DONE: 'Fait', NA: 'Sans objet' }

/** The coded report in its reading order, with the keys it has in the detail and in ReportUpsert. */
export const REPORT_FIELDS: { field: ReportField; label: string; key: keyof Omit<Schemas['WorkOrderReport'], 'updatedAt' | 'updatedBy' | 'notes'>; input: keyof Omit<Schemas['ReportUpsert'], 'notes' | 'times'> }[] = [
  { field: 'SYMPTOM', label: 'Constat', key: 'symptom', input: 'symptomId' },
  { field: 'COMPONENT', label: 'Organe', key: 'component', input: 'componentId' },
  { field: 'CAUSE', label: 'Cause', key: 'cause', input: 'causeId' },
  { field: 'ACTION', label: 'Action', key: 'action', input: 'actionId' },
  { field: 'RESULT', label: 'Résultat', key: 'result', input: 'resultId' },
  { field: 'CIRCUMSTANCE', label: 'Circonstance', key: 'circumstance', input: 'circumstanceId' },
]
/** The report's parts as the activity log names them: the six fields and the notes. */
export const reportFieldLabel = { ...Object.fromEntries(REPORT_FIELDS.map((f) => [f.field, f.label])), NOTES: 'Notes' } as Record<ReportField | 'NOTES', string>

/** The button that asks for a move, by target state (IN_PROGRESS depends on where it starts). */
export function transitionLabel(from: WorkOrderStatus, to: WorkOrderStatus): string {
  switch (to) {
    case 'IN_PROGRESS': return from === 'OPEN' ? 'Démarrer' : 'Reprendre'
    case 'ON_HOLD': return 'Mettre en attente'
    case 'DONE': return 'Terminer'
    case 'CANCELLED': return 'Annuler l’ordre'
    case 'OPEN': return 'Rouvrir'
  }
}

export type BreakdownTimeField = NonNullable<Schemas['WorkOrderEventPayload']['times']>[number]['field']

/** The breakdown times as the technician's buttons and the log name them. */
export const breakdownTimeLabel: Record<BreakdownTimeField, string> = {
  arrivedAt: 'Arrivé sur place',
  releasedAt: 'Personne libérée',
  leftAt: 'Départ',
}
