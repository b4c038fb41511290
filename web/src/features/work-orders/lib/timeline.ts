// The activity log in French: one line per event (docs/work-orders.md lists kinds and payloads),
// newest first, people named from what the detail already carries.
import { workOrderStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'
import { breakdownTimeLabel, checklistStatusLabel, reportFieldLabel, type ChecklistStatus, type WorkOrderStatus } from '../labels'
import { formatDateTime, formatPeriod } from './format'

type Detail = Schemas['WorkOrderDetail']
type Event = Schemas['WorkOrderEvent']

export interface TimelineEntry {
  id: string
  kind: Event['kind']
  title: string
  details: string[]
  /** "Karim Benali" or "Système" when nobody acted (preventive generation, portal). */
  actor: string
  at: string
  when: string
}

/** Every person the detail names (assignees, authors, actors…), by id. */
export function peopleOf(detail: Detail): Map<string, string> {
  const people = new Map<string, string>()
  const add = (p: { id: string; displayName: string } | null | undefined) => { if (p) people.set(p.id, p.displayName) }
  detail.assignees.forEach(add)
  add(detail.createdBy)
  detail.comments.forEach((c) => add(c.author))
  detail.checklist.forEach((i) => add(i.updatedBy))
  detail.activity.forEach((e) => add(e.actor))
  add(detail.report.updatedBy)
  return people
}

function names(ids: string[] | undefined, people: Map<string, string>): string {
  const list = ids ?? []
  const known = list.map((id) => people.get(id)).filter((n): n is string => n !== undefined)
  const unknown = list.length - known.length
  if (unknown > 0) known.push(unknown === 1 ? 'une autre personne' : `${unknown} autres personnes`)
  return known.join(', ')
}

const statusName = (s: string | undefined) => (s ? workOrderStatusLabel[s as WorkOrderStatus] ?? s : '?')
const itemStatusName = (s: string | undefined) => (s ? checklistStatusLabel[s as ChecklistStatus] ?? s : '?')

export function describeEvent(event: Event, people: Map<string, string>, comments: Detail['comments'] = []): Pick<TimelineEntry, 'title' | 'details'> {
  const p = event.payload
  switch (event.kind) {
    case 'CREATED':
      return { title: 'Ordre créé', details: [] }
    case 'REQUEST_LINKED':
      return { title: `Créé depuis la demande ${p.requestReference ?? ''}`.trim(), details: [] }
    case 'GENERATED': {
      const details = [p.firstControl ? 'Première visite : toutes les tâches' : null, p.taskCount !== undefined ? `${p.taskCount} tâche${p.taskCount > 1 ? 's' : ''} à contrôler` : null]
      return { title: p.periodKey ? `Grille préventive générée pour ${formatPeriod(p.periodKey)}` : 'Grille préventive générée', details: details.filter((d): d is string => d !== null) }
    }
    case 'STATUS_CHANGED': {
      const details: string[] = []
      if (p.reason) details.push(`Motif : ${p.reason}`)
      if (p.releasedAt) details.push(`Personne libérée le ${formatDateTime(p.releasedAt)}`)
      return { title: `${statusName(p.from)} → ${statusName(p.to)}`, details }
    }
    case 'COMMENTED': {
      const body = comments.find((c) => c.id === p.commentId)?.body
      return { title: 'Commentaire ajouté', details: body ? [body.length > 140 ? `${body.slice(0, 140)}…` : body] : [] }
    }
    case 'ASSIGNEES_CHANGED': {
      const details: string[] = []
      if (p.added?.length) details.push(`Ajouté : ${names(p.added, people)}`)
      if (p.removed?.length) details.push(`Retiré : ${names(p.removed, people)}`)
      return { title: 'Intervenants modifiés', details }
    }
    case 'REPORT_UPDATED':
      return { title: 'Rapport d’intervention modifié', details: p.fields?.length ? [p.fields.map((f) => reportFieldLabel[f]).join(', ')] : [] }
    case 'CHECKLIST_UPDATED':
      return { title: `Tâche « ${p.label ?? '?'} »`, details: [`${itemStatusName(p.from)} → ${itemStatusName(p.to)}`] }
    case 'TIMES_RECORDED': {
      // A correction shows the value it replaced: the first one stays readable in the log.
      const times = p.times ?? []
      return {
        title: times.some((c) => c.from !== null) ? 'Heures du dépannage corrigées' : 'Heures du dépannage enregistrées',
        details: times.map((c) => `${breakdownTimeLabel[c.field]} : ${c.from ? `${formatDateTime(c.from)} → ` : ''}${c.to ? formatDateTime(c.to) : 'effacée'}`),
      }
    }
  }
}

/** The log newest first, each event described. */
export function timelineOf(detail: Detail): TimelineEntry[] {
  const people = peopleOf(detail)
  return [...detail.activity].reverse().map((e) => ({
    id: e.id, kind: e.kind, ...describeEvent(e, people, detail.comments),
    actor: e.actor?.displayName ?? 'Système', at: e.at, when: formatDateTime(e.at),
  }))
}
