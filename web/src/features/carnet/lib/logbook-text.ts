// The carnet and the annual report in words: kinds, times, delays. The API computes every
// figure (docs/compliance.md); this only writes them as a French reader expects.
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'
import { formatDate, formatDateTime, formatTime } from '@/lib/dates'

export type Logbook = NonNullable<Schemas['AssetDetail']['logbook']>
export type LogbookEntry = Logbook['entries'][number]
export type LogbookSummary = Logbook['summary']

export const kindLabel: Record<LogbookEntry['kind'], string> = {
  VISIT: 'Visite d’entretien',
  BREAKDOWN: 'Dépannage',
  CONTROL: 'Contrôle',
  WORKS: 'Travaux',
}

export { formatDate as formatDay, formatTime } from '@/lib/dates'
/** A time on the entry's day shows alone; on another day, with its date. */
export function timeOn(iso: string, day: string): string {
  return formatDate(iso) === formatDate(day) ? formatTime(iso) : formatDateTime(iso)
}

/** 80 → « 1 h 20 min », 45 → « 45 min ». */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return h ? `${h} h${m ? ` ${String(m).padStart(2, '0')} min` : ''}` : `${m} min`
}

/** The period as a title says it: « du 1er janvier 2025 au 31 décembre 2025 ». */
export function periodText(from: string, to: string): string {
  const day = (iso: string) => {
    const d = dayjs(`${iso}T12:00:00`)
    return `${d.date() === 1 ? '1er' : d.date()} ${d.format('MMMM YYYY')}`
  }
  return `du ${day(from)} au ${day(to)}`
}

/** The coded report's findings in one line, empty fields left out. */
export function reportLine(report: LogbookEntry['report']): string {
  return [report.symptom, report.component, report.cause].filter(Boolean).join(' · ')
}

export const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`

export type LogbookInspection = Logbook['inspections'][number]
export type LogbookFinding = LogbookInspection['findings'][number]

/** A task's periodicity in words: 6 → « semestrielle », 12 → « annuelle », 18 → « tous les 18 mois ». */
export function periodicityText(months: number): string {
  if (months === 6) return 'semestrielle'
  if (months === 12) return 'annuelle'
  if (months === 3) return 'trimestrielle'
  if (months % 12 === 0) return `tous les ${months / 12} ans`
  return `tous les ${months} mois`
}

/** How a finding stands: remedied (when, how), dropped, or still open. */
export function findingText(f: LogbookFinding): string {
  if (f.status === 'DONE') return `levée le ${formatDate(f.completedAt!)}${f.action ? ` (${f.action})` : ''}`
  if (f.status === 'CANCELLED') return 'annulée'
  return 'non levée à ce jour'
}

/** Findings remedied in the period and open at its end, as one line. */
export function findingsCountText(remedied: number, open: number): string {
  if (remedied === 0 && open === 0) return 'Aucune'
  return `${remedied} levée${remedied > 1 ? 's' : ''} sur la période, ${open} non levée${open > 1 ? 's' : ''} en fin de période`
}
