// What a work order looks like on the phone while its changes wait for the network
// (lib/api/outbox.ts): the cached detail with each queued change applied, and the closure
// guards computed again the way the API computes them (work-orders.states.ts on the server),
// so that a technician who ticked the last item and filled the report offline may close.
import type { Schemas } from '@/lib/api/client'
import { workOrderStatusLabel } from '@/config/labels'
import { breakdownTimeLabel, type BreakdownTimeField } from '../labels'
import { formatMinutes } from './format'

type Detail = Schemas['WorkOrderDetail']
type ReportBody = Schemas['ReportUpsert']
type RefValue = { id: string; label: string }

const FINISHED = new Set(['DONE', 'CANCELLED'])

export function closureBlockersOf(d: Pick<Detail, 'status' | 'report' | 'checklist'>): string[] {
  if (FINISHED.has(d.status)) return []
  const out: string[] = []
  if (!d.report.symptom) out.push('Le constat du rapport d’intervention n’est pas renseigné.')
  if (!d.report.cause) out.push('La cause du rapport d’intervention n’est pas renseignée.')
  if (!d.report.action) out.push('L’action du rapport d’intervention n’est pas renseignée.')
  const todo = d.checklist.filter((i) => i.status === 'TODO').length
  if (todo === 1) out.push('Une tâche de la liste de contrôle reste à faire.')
  else if (todo > 1) out.push(`${todo} tâches de la liste de contrôle restent à faire.`)
  return out
}

const withBlockers = (d: Detail): Detail => ({ ...d, closureBlockers: closureBlockersOf(d) })

export function withComment(d: Detail, body: string, author: Schemas['WorkOrderPerson'] | null): Detail {
  return { ...d, comments: [...d.comments, { id: crypto.randomUUID(), author, body, createdAt: new Date().toISOString() }] }
}

export function withTransition(d: Detail, to: Detail['status']): Detail {
  const now = new Date().toISOString()
  return withBlockers({
    ...d, status: to, allowedTransitions: FINISHED.has(to) ? [] : d.allowedTransitions.filter((s) => s !== to),
    ...(to === 'DONE' ? { completedAt: now } : {}), ...(to === 'CANCELLED' ? { cancelledAt: now } : {}),
    ...(to === 'IN_PROGRESS' && !d.startedAt ? { startedAt: now } : {}),
  })
}

const REPORT_FIELDS = [['symptomId', 'symptom'], ['componentId', 'component'], ['causeId', 'cause'], ['actionId', 'action'], ['resultId', 'result'], ['circumstanceId', 'circumstance']] as const

/** The report with the given fields (the coded values' labels from the cached reference values). */
export function withReport(d: Detail, body: ReportBody, values: RefValue[]): Detail {
  const report = { ...d.report }
  for (const [input, field] of REPORT_FIELDS) {
    const id = body[input]
    if (id === undefined) continue
    report[field] = id === null ? null : { id, label: values.find((v) => v.id === id)?.label ?? '…' }
  }
  if (body.notes !== undefined) report.notes = body.notes?.trim() ? body.notes : null
  const times = (body.times ?? {}) as { arrivedAt?: string | null; releasedAt?: string | null; leftAt?: string | null }
  return withBlockers({
    ...d, report,
    ...(times.arrivedAt ? { arrivedAt: times.arrivedAt } : {}),
    ...(times.releasedAt ? { releasedAt: times.releasedAt } : {}),
    ...(times.leftAt ? { leftAt: times.leftAt } : {}),
  })
}

export { withBlockers }

/** The French words of a queued change, as the list of waiting changes shows it. */
export const pendingLabels = {
  comment: 'Commentaire',
  report: 'Rapport d’intervention',
  checklist: (label: string, status: string) => `Liste de contrôle : ${label} (${status === 'DONE' ? 'fait' : status === 'NA' ? 'sans objet' : 'à faire'})`,
  transition: (to: Detail['status']) => `Passage à « ${workOrderStatusLabel[to]} »`,
  part: (part: string | undefined, quantity: number) => `Pièce consommée : ${quantity} × ${part ?? 'pièce'}`,
  labor: (minutes: number) => `Temps passé : ${formatMinutes(minutes)}`,
  /** A tap (« Arrivé sur place ») or a correction of the breakdown's times. */
  times: (times: ReportBody['times']) => {
    const fields = Object.keys(times ?? {}).filter((f): f is BreakdownTimeField => f in breakdownTimeLabel)
    return fields.length ? fields.map((f) => breakdownTimeLabel[f]).join(', ') : 'Heures du dépannage'
  },
}
