// The re-indexing's figures in French: its counts, the index's size, how long it took.
import type { Schemas } from '@/lib/api/client'

type Result = Schemas['ReindexResult']

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
const NBSP = '\u00a0'

/** « 1 count », « 2 counts » (French keeps 0 and 1 singular). */
export const plural = (n: number, one: string, many: string) => `${integer.format(n)}${NBSP}${n > 1 ? many : one}`

/** Seconds as « 42 s », « 3 min 05 s ». */
export function formatElapsed(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  if (s < 60) return `${s}${NBSP}s`
  return `${Math.floor(s / 60)}${NBSP}min ${String(s % 60).padStart(2, '0')}${NBSP}s`
}

/** A duration in milliseconds: « 0,8 s », « 12 s », « 2 min 30 s ». */
export function formatDuration(ms: number): string {
  return ms < 10_000 ? `${decimal.format(Math.max(ms, 100) / 1000)}${NBSP}s` : formatElapsed(ms / 1000)
}

/** Bytes in binary units: « 612 Ko », « 48,3 Mo », « 1,2 Go ». */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 ** 2) return `${integer.format(Math.max(1, Math.round(bytes / 1024)))}${NBSP}Ko`
  if (bytes < 1024 ** 3) return `${decimal.format(bytes / 1024 ** 2)}${NBSP}Mo`
  return `${decimal.format(bytes / 1024 ** 3)}${NBSP}Go`
}

/** The rows of the result, in the order an administrator reads them (the replacements, longer, last). */
export function reindexFigures(r: Result): { label: string; value: string; wide?: boolean }[] {
  return [
    { label: 'Documents lus', value: integer.format(r.documents) },
    { label: 'Pages indexées', value: integer.format(r.pages) },
    { label: 'Pages sans texte', value: integer.format(r.pagesWithoutText) },
    { label: 'Documents illisibles', value: integer.format(r.unreadableDocuments) },
    { label: 'Documents exclus', value: integer.format(r.excludedDocuments) },
    { label: 'Rapports', value: integer.format(r.reports) },
    { label: 'Taille de l’index', value: formatBytes(r.indexBytes) },
    { label: 'Durée', value: formatDuration(r.durationMs) },
    {
      label: 'Remplacements', wide: true,
      value: [plural(r.replacements.email, 'courriel', 'courriels'), plural(r.replacements.phone, 'téléphone', 'téléphones'),
        plural(r.replacements.person, 'personne', 'personnes')].join(' · '),
    },
  ]
}
