// The carnet and the annual report in words: kinds, times, delays. The API computes every
// figure (docs/compliance.md); this only writes them as a French reader expects.
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'

export type Logbook = NonNullable<Schemas['AssetDetail']['logbook']>
export type LogbookEntry = Logbook['entries'][number]
export type LogbookSummary = Logbook['summary']

export const kindLabel: Record<LogbookEntry['kind'], string> = {
  VISIT: 'Visite d’entretien',
  BREAKDOWN: 'Dépannage',
  CONTROL: 'Contrôle',
  WORKS: 'Travaux',
}

export const formatDay = (iso: string) => dayjs(iso).format('D MMMM YYYY')
export const formatTime = (iso: string) => dayjs(iso).format('HH:mm')
/** A time on the entry's day shows alone; on another day, with its date. */
export function timeOn(iso: string, day: string): string {
  return dayjs(iso).isSame(dayjs(day), 'day') ? formatTime(iso) : dayjs(iso).format('D MMM YYYY HH:mm')
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
