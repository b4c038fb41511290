// The tracking page's steps, Reçu → Intervention → Résolu, from the progress the API derives
// from the linked work order; a request closed without action shows no steps but « Sans suite ».
import type { Schemas } from '@/lib/api/client'

export type Progress = Schemas['PortalRequestStatus']['progress']
export type StepState = 'done' | 'current' | 'upcoming'

export interface Step {
  key: Exclude<Progress, 'CLOSED_WITHOUT_ACTION'>
  label: Schemas['PortalRequestStatus']['label']
  /** What the step means to the person who reported the fault. */
  text: string
  state: StepState
}

const STEPS: Omit<Step, 'state'>[] = [
  { key: 'RECEIVED', label: 'Reçu', text: 'Votre signalement est enregistré ; notre équipe organise l’intervention.' },
  { key: 'IN_PROGRESS', label: 'Intervention', text: 'Un technicien s’occupe de l’ascenseur.' },
  { key: 'RESOLVED', label: 'Résolu', text: 'L’intervention est terminée.' },
]

/** null: closed without action (no steps to show). The last step, once reached, is done. */
export function progressSteps(progress: Progress): Step[] | null {
  if (progress === 'CLOSED_WITHOUT_ACTION') return null
  const reached = STEPS.findIndex((s) => s.key === progress)
  const last = STEPS.length - 1
  return STEPS.map((s, i) => ({
    ...s,
    state: i < reached || (i === reached && i === last) ? 'done' : i === reached ? 'current' : 'upcoming',
  }))
}
