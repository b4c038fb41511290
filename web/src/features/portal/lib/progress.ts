// The tracking page's timeline, Reçu → Pris en charge → Technicien sur place → Résolu, from the
// steps the API dates (PortalRequestStatus.steps); a request closed without action shows no
// timeline but « Sans suite ».
import type { Schemas } from '@/lib/api/client'

export type Progress = Schemas['PortalRequestStatus']['progress']
export type ApiStep = Schemas['PortalStep']
export type StepState = 'done' | 'current' | 'upcoming'

export interface Step {
  key: ApiStep['key']
  label: ApiStep['label']
  /** When it was reached; null while it is not (or when the order went past it unrecorded). */
  at: string | null
  /** What the step means to the person who reported the fault: never who, at most « un technicien ». */
  text: string
  state: StepState
}

const TEXT: Record<ApiStep['key'], string> = {
  RECEIVED: 'Votre signalement est enregistré ; notre équipe organise l’intervention.',
  ASSIGNED: 'Un technicien est chargé de votre signalement.',
  ON_SITE: 'Un technicien est sur place et s’occupe de l’ascenseur.',
  RESOLVED: 'L’intervention est terminée.',
}

/**
 * null: closed without action (no timeline). The furthest dated step is the current one (done
 * once it is the last); a step before it that carries no time was passed all the same.
 */
export function progressSteps(progress: Progress, steps: ApiStep[]): Step[] | null {
  if (progress === 'CLOSED_WITHOUT_ACTION') return null
  const reached = steps.findLastIndex((s) => s.at !== null)
  const last = steps.length - 1
  return steps.map((s, i) => ({
    ...s,
    text: TEXT[s.key],
    state: i < reached || (i === reached && i === last) ? 'done' : i === reached ? 'current' : 'upcoming',
  }))
}

/** What the page says the report is at: the current step, or « Sans suite ». */
export function currentLabel(label: Schemas['PortalRequestStatus']['label'], steps: Step[] | null): string {
  return steps?.findLast((s) => s.state !== 'upcoming')?.label ?? label
}
