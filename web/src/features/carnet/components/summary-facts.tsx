// The figures of a period (the owner's annual report, the carnet's synthesis), each computed by
// the API (docs/compliance.md): this only lays them out.
import { visitStateLabel } from '@/config/labels'
import { findingsCountText, formatDay, minutesText, plural, type LogbookSummary } from '../lib/logbook-text'
import { Fact, printClasses as c } from './print-document'

function trappedText(s: LogbookSummary): string {
  if (s.trappedIncidents === 0) return 'Aucune'
  if (s.releasesOverOneHour === 0) return `${s.trappedIncidents}, libérée${s.trappedIncidents > 1 ? 's' : ''} en moins d’une heure`
  return `${s.trappedIncidents}, dont ${s.releasesOverOneHour} libérée${s.releasesOverOneHour > 1 ? 's' : ''} en une heure ou plus (ou sans heure)`
}

function operationsText(s: LogbookSummary): string {
  const done = s.periodicOperations.filter((o) => o.doneCount > 0)
  return done.length ? done.map((o) => `${o.label} (${o.doneCount})`).join(', ') : 'Aucune'
}

function overdueText(s: LogbookSummary): string {
  const late = s.periodicOperations.filter((o) => o.state === 'OVERDUE')
  return late.length ? late.map((o) => `${o.label} (${o.lastDoneAt ? `dernière le ${formatDay(o.lastDoneAt)}` : 'jamais faite'})`).join(', ') : 'Aucune'
}

function inspectionText(s: LogbookSummary): string {
  const i = s.inspection
  const last = i.lastInspectionAt ? `Dernier le ${formatDay(i.lastInspectionAt)} (${i.body})` : 'Aucun enregistré'
  const next = i.nextDueAt ? `, prochain avant le ${formatDay(i.nextDueAt)}` : ''
  return `${last}${next}${i.state ? ` — ${visitStateLabel[i.state].toLowerCase()}` : ''}`
}

export function SummaryFacts({ summary }: { summary: LogbookSummary }) {
  const s = summary
  return (
    <>
      <dl className={c.facts}>
        <Fact label="Visites d’entretien">{s.visitsDue === null ? `${s.visitsDone} (hors contrat)` : `${s.visitsDone} faite${s.visitsDone > 1 ? 's' : ''} pour ${s.visitsDue} exigée${s.visitsDue > 1 ? 's' : ''} (une toutes les six semaines)`}</Fact>
        <Fact label="Plus long intervalle entre visites">{s.longestVisitGapDays === null || s.visitsDue === null ? '—' : plural(s.longestVisitGapDays, 'jour', 'jours')}</Fact>
        <Fact label="Pannes">{s.breakdowns}</Fact>
        <Fact label="Rappels sous 30 jours">{s.callbacks}</Fact>
        <Fact label="Personnes bloquées">{trappedText(s)}</Fact>
        <Fact label="Pièces remplacées">{s.partsReplaced}</Fact>
        <Fact label="Contrôles">{s.controls}</Fact>
        <Fact label="Opérations périodiques faites">{operationsText(s)}</Fact>
        <Fact label="Opérations en retard en fin de période">{overdueText(s)}</Fact>
        <Fact label="Contrôle technique en fin de période">{inspectionText(s)}</Fact>
        <Fact label="Observations du contrôle">{findingsCountText(s.findingsRemedied, s.findingsOpen)}</Fact>
        <Fact label="Principales causes de panne">{s.mainCauses.length ? s.mainCauses.map((m) => `${m.label} (${m.count})`).join(', ') : '—'}</Fact>
      </dl>
      {s.releases.length > 0 && (
        <p className={c.note}>
          Délais appel → libération : {s.releases.map((r) => `${r.reference} ${r.releaseDelayMinutes === null ? 'non enregistré' : minutesText(r.releaseDelayMinutes)}`).join(' ; ')}
        </p>
      )}
    </>
  )
}
