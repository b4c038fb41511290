// The figures of a period (the owner's annual report, the carnet's synthesis), each computed by
// the API (docs/compliance.md): this only lays them out.
import { minutesText, plural, type LogbookSummary } from '../lib/logbook-text'
import { Fact, printClasses as c } from './print-document'

export function SummaryFacts({ summary }: { summary: LogbookSummary }) {
  const s = summary
  return (
    <>
      <dl className={c.facts}>
        <Fact label="Visites d’entretien">{s.visitsDue === null ? `${s.visitsDone} (hors contrat)` : `${s.visitsDone} faites sur ${s.visitsDue} dues`}</Fact>
        <Fact label="Plus long intervalle entre visites">{s.longestVisitGapDays === null ? '—' : plural(s.longestVisitGapDays, 'jour', 'jours')}</Fact>
        <Fact label="Pannes">{s.breakdowns}</Fact>
        <Fact label="Rappels sous 30 jours">{s.callbacks}</Fact>
        <Fact label="Personnes bloquées">{s.trappedIncidents === 0 ? 'Aucune' : `${s.trappedIncidents} (dont ${s.releasesOverOneHour} libérée${s.releasesOverOneHour > 1 ? 's' : ''} en une heure ou plus)`}</Fact>
        <Fact label="Pièces remplacées">{s.partsReplaced}</Fact>
        <Fact label="Contrôles">{s.controls}</Fact>
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
